/**
 * The session store: nanobot's core semantics over any storage adapter. Listing reads only file
 * heads; opening gives both lenses; every write goes through the guarded atomic save, so an outside
 * change is never overwritten and untouched records keep their bytes.
 */
import { serializeDocument, type SessionDocument } from '../core/document';
import { analyzeSession, type AnalyzeOptions } from '../core/open';
import { formatSession, encodeSession } from '../core/format';
import { forkBeforeUserIndex } from '../core/fork';
import { keyFromStem, saveTmpName, sessionFileName } from '../core/keys';
import { fileStem, listingRow, PREVIEW_MAX_CHARS, PREVIEW_MAX_RECORDS, sortListing, type ListingRow } from '../core/listing';
import type { NanobotLoad, NanobotSession } from '../core/load';
import { pyDumps, type PyError } from '../core/pyjson';
import type { FileStat, StorageAdapter } from './adapter';
import { analyzeOffThread, type AnalyzeProgress } from './analyze-client';
import { readAll } from './bytes';
import { guardedSave, type SaveResult } from './atomic-save';
import { StoreError, isStoreError } from './errors';
import type { NanobotVersion } from '../core/nanobot-version';
import { checkName } from './names';
import { mapBounded } from './folder-stat';
import { joinPath } from './paths';
import { readSnapshot, readSteady, type Snapshot } from './snapshot';

/** How many bytes of each file a listing reads first: nanobot's own text chunk. */
export const HEAD_BYTES = 8192;
const PARALLEL = 16;

export interface SessionSummary {
  fileName: string;
  path: string;
  /** nanobot's listing row, or null when nanobot leaves the file out. */
  row: ListingRow | null;
  /** Why nanobot leaves it out. */
  skipReason?: string;
  /** The error this file makes nanobot's whole listing raise (v0.3.0+: not a data error). */
  raises?: PyError;
  /** The key nanobot would load this file under (stored key, else from the file name). */
  key: string;
  size: number;
  lastModified: number;
  /** Lines after the metadata record, known when the whole file was read (small files). */
  messageCount: number | null;
  bytesRead: number;
  flags: {
    /** Reading the head raised: nanobot listed it via its repair pass, or not at all. */
    damaged: boolean;
    /** The stored key does not map to this file name. */
    keyMismatch: boolean;
  };
}

export interface Listing {
  summaries: SessionSummary[];
  /** nanobot's listing fails as a whole when `updated_at` types mix (or, v0.3.0+, a head raises). */
  sortError: PyError | null;
  bytesRead: number;
  bytesStored: number;
}

export interface ListOptions {
  now: string;
  /** The nanobot version whose listing this is. */
  version: NanobotVersion;
  /** File names to list (default: every `*.jsonl` in the folder). */
  names?: string[];
}

/** The key a file name stands for at a version (main: a non-canonical name stands for none; its stem is shown). */
export function keyForFile(fileName: string, version: NanobotVersion): string {
  const stem = fileStem(fileName);
  return keyFromStem(stem, version) ?? stem;
}

/** The file name nanobot uses for a key at a version. */
export function fileForKey(key: string, version: NanobotVersion): string {
  return sessionFileName(key, version);
}

/** The file a key names, or null for a key that names no file (a lone surrogate: nanobot raises). */
function ownFileName(key: string, version: NanobotVersion): string | null {
  try {
    return fileForKey(key, version);
  } catch {
    return null;
  }
}

/** The temp file a version's save writes for `fileName` (main: hidden, with 16 random hex digits). */
function tmpFor(fileName: string, version: NanobotVersion): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  return saveTmpName(fileName, version, hex);
}

/** Naive local ISO time of an mtime, as nanobot's listing falls back to. */
export function mtimeIso(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const base = `${p(d.getFullYear(), 4)}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return d.getMilliseconds() ? `${base}.${p(d.getMilliseconds(), 3)}000` : base;
}

/** Lists a session folder like nanobot does, reading each file's head only (the whole file only when nanobot would). */
export async function listSessions(adapter: StorageAdapter, dir: string, opts: ListOptions): Promise<Listing> {
  const names = opts.names ?? (await adapter.list(dir)).filter((e) => e.kind === 'file' && e.name.endsWith('.jsonl')).map((e) => e.name);
  // A file deleted after the folder was listed is left out, as nanobot's listing leaves it out.
  const found = await mapBounded(names, PARALLEL, (name) =>
    summarize(adapter, joinPath(dir, name), name, opts).catch((e: unknown) => (isStoreError(e, 'not-found') ? null : Promise.reject(e))),
  );
  const summaries = found.filter((s): s is SessionSummary => s !== null);
  const rows = summaries.flatMap((s) => (s.row ? [s.row] : []));
  const raised = summaries.find((s) => s.raises)?.raises;
  const sorted = raised ? { error: raised } : sortListing(rows);
  const order = 'rows' in sorted ? sorted.rows : rows;
  const rank = new Map(order.map((r, i) => [r, i]));
  summaries.sort((a, b) => {
    const x = a.row ? rank.get(a.row)! : Infinity;
    const y = b.row ? rank.get(b.row)! : Infinity;
    return x !== y ? x - y : b.lastModified - a.lastModified;
  });
  return {
    summaries,
    sortError: 'error' in sorted ? sorted.error : null,
    bytesRead: summaries.reduce((n, s) => n + s.bytesRead, 0),
    bytesStored: summaries.reduce((n, s) => n + s.size, 0),
  };
}

/** A file's stat and head: from one look-up where the adapter can, else a stat and then a read. */
async function statAndHead(adapter: StorageAdapter, path: string): Promise<{ stat: FileStat; head: Uint8Array }> {
  if (adapter.statHead) return adapter.statHead(path, HEAD_BYTES);
  const stat = await adapter.stat(path);
  return { stat, head: await adapter.readHead(path, HEAD_BYTES) };
}

async function summarize(adapter: StorageAdapter, path: string, fileName: string, opts: ListOptions): Promise<SessionSummary> {
  const first = await statAndHead(adapter, path);
  const stat = first.stat;
  const head = new HeadBuffer(first.head);
  let complete = head.length >= stat.size;
  const input = () => ({ bytes: head.bytes(), complete, fileName, mtimeIso: mtimeIso(stat.lastModified), now: opts.now, version: opts.version });
  let out = listingRow(input());
  // Read on in nanobot's own 8 KiB chunks, from where the last read stopped, so no file is ever read
  // further than nanobot's reader gets; re-run the row only when the new lines could end the scan.
  const scan = out.kind === 'need-more' ? new ScanWatch(head.bytes()) : null;
  while (scan && out.kind === 'need-more' && !complete) {
    const chunk = await adapter.readRange(path, head.length, head.length + HEAD_BYTES);
    head.push(chunk);
    complete = chunk.length === 0 || head.length >= stat.size;
    if (scan.mayDecide(head.bytes(), chunk) || complete) out = listingRow(input());
  }
  if (out.kind === 'need-file') {
    // v0.2's listing repair reads the file its fallback key names, which may be another one or none.
    const other = joinPath(path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', out.fileName);
    const fallbackFile = await adapter.read(other).then((r) => readAll(r)).catch((e: unknown) => (isStoreError(e, 'not-found') ? null : Promise.reject(e)));
    out = listingRow({ ...input(), fallbackFile });
  }
  const bytes = head.bytes();
  const read = head.length;
  const row = out.kind === 'row' ? out.row : null;
  const key = row?.key ?? keyForFile(fileName, opts.version);
  let messageCount: number | null = null;
  if (complete) messageCount = countMessageLines(bytes);
  if (out.kind === 'need-more' || out.kind === 'need-file') throw new Error(`listing '${path}' asked for more bytes of a complete file`);
  return {
    fileName,
    path,
    row,
    ...(out.kind === 'skip' ? { skipReason: out.reason } : {}),
    ...(out.kind === 'raise' ? { skipReason: `nanobot's listing raises ${out.error.type} here: it lists no session at all`, raises: out.error } : {}),
    key,
    size: stat.size,
    lastModified: stat.lastModified,
    messageCount,
    bytesRead: read,
    flags: {
      damaged: out.kind === 'raise' || out.headError !== null,
      keyMismatch: row !== null && !out.repaired && ownFileName(row.key, opts.version) !== fileName,
    },
  };
}

/**
 * Tells, cheaply and conservatively, whether lines completed by a new chunk could change a
 * 'need-more' listing outcome: the first line completing, a line that may hold role "user" (its
 * JSON text has `"user"` or a `\u` escape), or nanobot's 200-record / 1,000,000-char caps coming
 * within reach (counted in line ends and bytes, which never undercount). A line that fails to parse
 * is no reason to stop: nanobot then reads the whole file for its repair pass anyway.
 */
class ScanWatch {
  private checked: number;
  private lineEnds: number;
  constructor(first: Uint8Array) {
    this.checked = lastLineEnd(first);
    this.lineEnds = countLineEnds(first);
  }
  mayDecide(bytes: Uint8Array, chunk: Uint8Array): boolean {
    this.lineEnds += countLineEnds(chunk);
    const end = lastLineEnd(bytes);
    if (end <= this.checked) return false;
    const from = this.checked;
    this.checked = end;
    return from === 0 || this.lineEnds > PREVIEW_MAX_RECORDS + 1 || end > PREVIEW_MAX_CHARS || mayHoldUserRole(bytes, from, end);
  }
}

/** Offset just past the last line terminator (0 when there is none). */
function lastLineEnd(b: Uint8Array): number {
  return Math.max(b.lastIndexOf(10), b.lastIndexOf(13)) + 1;
}

function countLineEnds(b: Uint8Array): number {
  let n = 0;
  for (const c of [10, 13]) for (let i = b.indexOf(c); i >= 0; i = b.indexOf(c, i + 1)) n++;
  return n;
}

const USER = [34, 117, 115, 101, 114, 34]; // "user"

/** Whether bytes [from, to) contain `"user"` or a `\u` escape (the only ways to spell the string "user" in JSON). */
function mayHoldUserRole(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (b[i] === 92 && b[i + 1] === 117) return true;
    if (b[i] === 34 && i + USER.length <= to && USER.every((c, k) => b[i + k] === c)) return true;
  }
  return false;
}

/** The bytes read so far, in a buffer that grows by doubling (a long head is not copied per chunk). */
class HeadBuffer {
  private buf: Uint8Array;
  length: number;
  constructor(first: Uint8Array) {
    this.buf = first;
    this.length = first.length;
  }
  push(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + chunk.length));
      next.set(this.buf.subarray(0, this.length));
      this.buf = next;
    }
    this.buf.set(chunk, this.length);
    this.length += chunk.length;
  }
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

function countMessageLines(bytes: Uint8Array): number {
  let lines = 0;
  let blankRun = true;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 10 || b === 13) {
      if (!blankRun) lines++;
      blankRun = true;
    } else if (b !== 32 && b !== 9) blankRun = false;
  }
  if (!blankRun) lines++;
  return Math.max(0, lines - 1);
}

/** An opened session: the bytes as read, both lenses, and the snapshot a save checks against. */
export interface OpenedSession {
  path: string;
  fileName: string;
  /** The key nanobot would load it under. */
  key: string;
  /** The nanobot version whose answers this session gives. */
  version: NanobotVersion;
  bytes: Uint8Array;
  snapshot: Snapshot;
  doc: SessionDocument;
  nanobot: NanobotLoad;
  recovered: NanobotSession & { messageRecords: number[] };
}

export interface OpenOptions {
  now: string;
  version: NanobotVersion;
  /** Override the key (default: stored key, else the file-name fallback). */
  key?: string;
}

function analyzeOptions(path: string, opts: OpenOptions): AnalyzeOptions {
  const fileName = path.split('/').pop()!;
  return {
    fileName,
    fallbackKey: keyForFile(fileName, opts.version),
    now: opts.now,
    ...(opts.key !== undefined ? { key: opts.key } : {}),
    checkFileName: true,
    version: opts.version,
  };
}

/** Opens a session from bytes already in hand (a dropped file, a test), on this thread. */
export function openFromBytes(path: string, bytes: Uint8Array, snapshot: Snapshot, opts: OpenOptions): OpenedSession {
  const a = analyzeOptions(path, opts);
  return { path, fileName: a.fileName, version: opts.version, bytes, snapshot, ...analyzeSession(bytes, a) };
}

/** Opens the bytes just saved; big ones in the worker, as re-analysing 100 MB on the page would block it for seconds. */
async function openSavedBytes(path: string, bytes: Uint8Array, snapshot: Snapshot, opts: OpenOptions): Promise<OpenedSession> {
  const a = analyzeOptions(path, opts);
  const { analysis, bytes: back } = await analyzeOffThread(bytes, a);
  return { path, fileName: a.fileName, version: opts.version, bytes: back, snapshot, ...analysis };
}

/** Reads and opens a session file; big files are parsed in a worker, with a preview of the first messages. */
export async function openSession(adapter: StorageAdapter, path: string, opts: OpenOptions & AnalyzeProgress): Promise<OpenedSession> {
  const read = await readSteady(adapter, path);
  const a = analyzeOptions(path, opts);
  const { analysis, bytes, sha256 } = await analyzeOffThread(read.bytes, a, opts);
  const snapshot: Snapshot = { path, size: read.stat.size, lastModified: read.stat.lastModified, sha256 };
  return { path, fileName: a.fileName, version: opts.version, bytes, snapshot, ...analysis };
}

/** Saves an edited document over the opened file: refused with a 'conflict' if the file changed since it was read. */
export async function saveDocument(adapter: StorageAdapter, opened: OpenedSession, doc: SessionDocument, opts: OpenOptions & { backup?: boolean }): Promise<{ opened: OpenedSession; result: SaveResult }> {
  refuseUnencodable(doc, opened.path);
  const bytes = serializeDocument(doc);
  const result = await guardedSave(adapter, opened.path, opened.snapshot, bytes, { backup: opts.backup, tmpName: tmpFor(opened.fileName, opened.version) });
  return { opened: await openSavedBytes(opened.path, bytes, result.snapshot, { ...opts, version: opened.version }), result };
}

/**
 * An edited record holding a lone surrogate (read from a `\udXXX` escape) cannot be written as
 * UTF-8: nanobot's save raises UnicodeEncodeError there, and TextEncoder would silently write U+FFFD.
 */
function refuseUnencodable(doc: SessionDocument, path: string): void {
  doc.records.forEach((r, i) => {
    if (!r.edited || !r.value) return;
    const enc = encodeSession(pyDumps(r.value));
    if (!enc.ok) throw new StoreError('io', `Line ${i + 1} cannot be saved: nanobot would raise ${enc.error.type}: ${enc.error.message}. Nothing was written.`, { path });
  });
}

/** Writes a fork (messages before the i-th user turn) as a new file beside the source, durably. */
export async function writeFork(adapter: StorageAdapter, opened: OpenedSession, userIndex: number, newKey: string, now: string): Promise<{ path: string; session: NanobotSession }> {
  const src = opened.nanobot.result ?? opened.recovered;
  const fork = forkBeforeUserIndex(src, newKey, userIndex, now, opened.version);
  if (fork === null) throw new StoreError('bad-name', `There is no user turn number ${userIndex + 1} to fork before.`, { path: opened.path });
  if ('error' in fork) throw new StoreError('io', `nanobot would raise ${fork.error.type}: ${fork.error.message}`, { path: opened.path });
  const name = fileForKey(newKey, opened.version);
  const bad = checkName(name);
  if (bad) throw new StoreError('bad-name', `The key "${newKey}" makes the file name "${name}", which ${bad}.`, { path: name });
  const enc = encodeSession(formatSession(fork));
  if (!enc.ok) throw new StoreError('io', `nanobot could not write this fork: ${enc.error.message}`, { path: name });
  const dir = opened.path.includes('/') ? opened.path.slice(0, opened.path.lastIndexOf('/')) : '';
  const path = joinPath(dir, name);
  await guardedSave(adapter, path, 'absent', enc.bytes, { fsync: true, tmpName: tmpFor(name, opened.version) });
  return { path, session: fork };
}

/** Deletes the session file, if it is still the one that was read. */
export async function deleteSession(adapter: StorageAdapter, opened: OpenedSession): Promise<void> {
  const { snapshot } = await readSnapshot(adapter, opened.path);
  if (snapshot.sha256 !== opened.snapshot.sha256) {
    throw new StoreError('conflict', `'${opened.path}' changed on disk since it was read; reload it before deleting.`, { path: opened.path });
  }
  await adapter.remove(opened.path);
}
