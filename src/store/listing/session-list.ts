/**
 * Listing a session folder as nanobot does, over any storage adapter: each file's head only (the
 * whole file only when nanobot would read it), nanobot's order, and a row per file even when the
 * file is odd. Kept apart from opening and saving, which the session list does not need.
 */
import { keyForFile, sessionFileNameOrNull } from '../../core/nanobot/keys';
import { listingRow, PREVIEW_MAX_CHARS, PREVIEW_MAX_RECORDS, sortListing, type ListingRow, type SkipReason } from '../../core/listing/listing';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import { isProviderStateLine } from '../../core/nanobot/provider-state';
import { decodeLossy } from '../../core/python/lines';
import type { PyError } from '../../core/python/pyjson';
import type { PyValue } from '../../core/python/pyvalue';
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { readAll } from '../adapter/bytes';
import { isStoreError, type StoreErrorReason } from '../adapter/errors';
import { mapBounded } from './folder-stat';
import { listedRow, type ListedRow } from './listed-row';
import { joinPath } from '../adapter/paths';

/** How many bytes of each file a listing reads first: nanobot's own text chunk. */
export const HEAD_BYTES = 8192;
const PARALLEL = 16;

export interface SessionSummary {
  fileName: string;
  path: string;
  /** nanobot's listing row (its values checked at the border), or null when nanobot leaves the file out. */
  row: ListedRow | null;
  /** Why nanobot leaves it out. */
  skipReason?: SkipReason;
  /** Set when Session Lens could not read or list the file at all (the rest of the folder lists as usual): the error's English text, a fallback. */
  error?: string;
  /** That error as a code with values, when it is a storage error: what interfaces word (see StoreError). */
  errorReason?: StoreErrorReason;
  /** The error this file makes nanobot's whole listing raise (v0.3.0+: not a data error). */
  raises?: PyError;
  /** The key a session of this file is opened under: the stored key when it is text, else from the file name. */
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
    /** nanobot lists a stored key that is not text (a number, a list…). */
    keyNotText: boolean;
  };
}

export interface Listing {
  summaries: SessionSummary[];
  /** nanobot's listing fails as a whole when `updated_at` types mix. */
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
  /**
   * Summaries the caller vouches for, by file name (a cached listing's rows whose file has the same
   * size and mtime, see listing-reconcile.ts): taken as they are, without reading the file. The order
   * is still computed from every row, so the listing equals one read from nothing.
   */
  known?: ReadonlyMap<string, SessionSummary>;
  /** A native UTF-8 check for the heads (see ListingInput.isUtf8). */
  isUtf8?: (bytes: Uint8Array) => boolean;
}

/** Naive local ISO time of an mtime, as nanobot's listing falls back to. */
export function mtimeIso(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const base = `${p(d.getFullYear(), 4)}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return d.getMilliseconds() ? `${base}.${p(d.getMilliseconds(), 3)}000` : base;
}

/**
 * Lists a session folder like nanobot does, reading each file's head only (the whole file only when
 * nanobot would). Whatever one file holds or does, it is that file's summary: never the folder's failure.
 */
export async function listSessions(adapter: StorageAdapter, dir: string, opts: ListOptions): Promise<Listing> {
  const l = await listSessionsEach(adapter, dir, opts, (s) => s);
  return { summaries: l.items, sortError: l.sortError, bytesRead: l.bytesRead, bytesStored: l.bytesStored };
}

/** A listing whose files are kept as the caller chose to keep them (`listSessionsEach`). */
export interface ListingOf<T> {
  /** Nanobot's rows in its order, then the files it leaves out, newest first (`listed` of them are rows). */
  items: T[];
  listed: number;
  sortError: PyError | null;
  bytesRead: number;
  bytesStored: number;
}

/** What the order needs of a file: its row's `updated_at` (rows only) and its mtime (files left out). */
interface Kept<T> {
  item: T;
  row: boolean;
  updated_at: PyValue;
  lastModified: number;
  raises: PyError | undefined;
}

/**
 * A string as a copy of its own: a value parsed out of a line may be a slice that keeps the whole
 * decoded line alive (V8 slices strings of 13 chars and more), ~250 bytes held per file until the
 * listing is sorted. Other values are kept as they are.
 */
function detached(v: PyValue): PyValue {
  return typeof v === 'string' && v.length >= 13 ? (JSON.parse(JSON.stringify(v)) as string) : v;
}

/**
 * `listSessions`, with each file's summary handed to `keep` as soon as it is made, and only what
 * `keep` returns held until the order is known (a CLI keeps its printed line, not 10,000 summaries).
 */
export async function listSessionsEach<T>(adapter: StorageAdapter, dir: string, opts: ListOptions, keep: (s: SessionSummary) => T): Promise<ListingOf<T>> {
  const names = opts.names ?? (await adapter.list(dir)).filter((e) => e.kind === 'file' && e.name.endsWith('.jsonl')).map((e) => e.name);
  // A file deleted after the folder was listed is left out, as nanobot's listing leaves it out.
  // Heads are read into buffers reused file after file (one per file in flight); no summary keeps one.
  const spare: Uint8Array[] = [];
  let bytesRead = 0;
  let bytesStored = 0;
  const kept = (l: Listed | null): Kept<T> | null => {
    if (!l) return null;
    const s = l.summary;
    bytesRead += s.bytesRead;
    bytesStored += s.size;
    // One shape for every file; a row's mtime plays no part in the order, so none is kept for it.
    const row = l.core !== null;
    return { item: keep(s), row, updated_at: row ? detached(l.core!.updated_at) : null, lastModified: row ? 0 : s.lastModified, raises: s.raises };
  };
  const found = await mapBounded(names, PARALLEL, async (name) => {
    const known = opts.known?.get(name);
    if (known) return kept(reused(known));
    const scratch = spare.pop() ?? new Uint8Array(HEAD_BYTES);
    let l: Listed | null;
    try {
      l = await summarize(adapter, joinPath(dir, name), name, opts, scratch);
    } catch (e) {
      l = isStoreError(e, 'not-found') ? null : unreadable(joinPath(dir, name), name, opts, e);
    } finally {
      spare.push(scratch);
    }
    return kept(l);
  });
  const rows: Kept<T>[] = [];
  const left: Kept<T>[] = [];
  for (const k of found) if (k) (k.row ? rows : left).push(k);
  // The first file in the folder's order whose head makes nanobot's whole listing raise.
  const raised = found.find((k) => k?.raises)?.raises;
  const sorted = raised ? { error: raised } : sortListing(rows);
  const order = 'rows' in sorted ? sorted.rows : rows;
  // Rows in nanobot's order, then the files it leaves out, newest first.
  left.sort((a, b) => b.lastModified - a.lastModified);
  return {
    items: [...order.map((k) => k.item), ...left.map((k) => k.item)],
    listed: rows.length,
    sortError: 'error' in sorted ? sorted.error : null,
    bytesRead,
    bytesStored,
  };
}

/** A summary with the core's own row, which nanobot's sort works on. */
interface Listed {
  summary: SessionSummary;
  core: ListingRow | null;
}

/** A summary kept from before, with the core row nanobot's sort needs (it compares `updated_at` only). */
function reused(summary: SessionSummary): Listed {
  const r = summary.row;
  const core: ListingRow | null = r ? { key: r.key as string, created_at: r.created_at, updated_at: r.updated_at, title: r.title, preview: r.preview, path: r.path } : null;
  return { summary, core };
}

/** The summary of a file that could not be listed at all: its name, and why. */
function unreadable(path: string, fileName: string, opts: ListOptions, e: unknown): Listed {
  const why = e instanceof Error ? e.message : String(e);
  let key = '';
  try {
    key = keyForFile(fileName, opts.version);
  } catch {
    // no key from this name either
  }
  return {
    core: null,
    summary: {
      fileName,
      path,
      row: null,
      skipReason: { code: 'lens-cannot-read', error: why },
      error: why,
      ...(isStoreError(e) ? { errorReason: { reason: e.reason, ...(e.path !== undefined ? { path: e.path } : {}) } } : {}),
      key,
      size: 0,
      lastModified: 0,
      messageCount: null,
      bytesRead: 0,
      flags: { damaged: false, keyMismatch: false, keyNotText: false },
    },
  };
}

/** A file's stat and head: from one look-up where the adapter can, else a stat and then a read. */
function statAndHead(adapter: StorageAdapter, path: string, scratch: Uint8Array): Promise<{ stat: FileStat; head: Uint8Array }> {
  if (adapter.statHead) return adapter.statHead(path, HEAD_BYTES, scratch);
  return adapter.stat(path).then(async (stat) => ({ stat, head: await adapter.readHead(path, HEAD_BYTES) }));
}

/** One file's summary; `scratch` may hold its head, so nothing returned may keep a view of the bytes read. */
async function summarize(adapter: StorageAdapter, path: string, fileName: string, opts: ListOptions, scratch: Uint8Array): Promise<Listed> {
  const first = await statAndHead(adapter, path, scratch);
  const stat = first.stat;
  const head = new HeadBuffer(first.head);
  let complete = head.length >= stat.size;
  // The mtime's text is made only if a row needs it (a missing time): most files never do.
  const mtime = () => mtimeIso(stat.lastModified);
  const input = () => ({ bytes: head.bytes(), complete, fileName, mtimeIso: mtime, now: opts.now, version: opts.version, isUtf8: opts.isUtf8 });
  let out = listingRow(input());
  // Read on in nanobot's own 8 KiB chunks, from where the last read stopped, so no file is ever read
  // further than nanobot's reader gets; re-run the row only when the new lines could end the scan.
  const scan = out.kind === 'need-more' ? new ScanWatch(head.bytes()) : null;
  while (scan && out.kind === 'need-more' && !complete) {
    // Once the head raised, only the whole file decides (nanobot's repair reads it all): read the rest at once.
    const whole = out.whole === true;
    const chunk = await adapter.readRange(path, head.length, whole ? stat.size : head.length + HEAD_BYTES);
    head.push(chunk);
    complete = chunk.length === 0 || head.length >= stat.size;
    if ((!whole && scan.mayDecide(head.bytes(), chunk)) || complete) out = listingRow(input());
  }
  if (out.kind === 'need-file') {
    // v0.2's listing repair reads the file its fallback key names, which may be another one or none.
    const other = joinPath(path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', out.fileName);
    const fallbackFile = await adapter.read(other).then((r) => readAll(r)).catch((e: unknown) => (isStoreError(e, 'not-found') ? null : Promise.reject(e)));
    out = listingRow({ ...input(), fallbackFile });
  }
  const core = out.kind === 'row' ? out.row : null;
  const row = core ? listedRow(core) : null;
  const key = row?.keyIsText ? (row.key as string) : keyForFile(fileName, opts.version);
  const messageCount = complete ? countMessageLines(head.bytes(), opts.version) : null;
  if (out.kind === 'need-more' || out.kind === 'need-file') throw new Error(`listing '${path}' asked for more bytes of a complete file`);
  const summary: SessionSummary = {
    fileName,
    path,
    row,
    ...(out.kind === 'skip' ? { skipReason: out.reason } : {}),
    ...(out.kind === 'raise' ? { skipReason: { code: 'listing-raises', error: out.error.type } as const, raises: out.error } : {}),
    key,
    size: stat.size,
    lastModified: stat.lastModified,
    messageCount,
    bytesRead: head.length,
    flags: {
      damaged: out.kind === 'raise' || out.headError !== null,
      keyMismatch: row !== null && row.keyIsText && !out.repaired && sessionFileNameOrNull(key, opts.version) !== fileName,
      keyNotText: row !== null && !row.keyIsText,
    },
  };
  return { summary, core };
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
  private end: number;
  private lineEnds: number;
  constructor(first: Uint8Array) {
    this.checked = this.end = lastLineEnd(first);
    this.lineEnds = countLineEnds(first);
  }
  /** Called with the head and the chunk that just ended it: work in proportion to the chunk (and a line it completes). */
  mayDecide(bytes: Uint8Array, chunk: Uint8Array): boolean {
    this.lineEnds += countLineEnds(chunk);
    const inChunk = lastLineEnd(chunk);
    if (inChunk > 0) this.end = bytes.length - chunk.length + inChunk;
    if (this.end <= this.checked) return false;
    const from = this.checked;
    this.checked = this.end;
    return from === 0 || this.lineEnds > PREVIEW_MAX_RECORDS + 1 || this.end > PREVIEW_MAX_CHARS || mayHoldUserRole(bytes, from, this.end);
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

const PROVIDER_STATE = new TextEncoder().encode('"provider_state"');

/** Non-blank lines after the metadata record; at main a provider_state line is no message either. */
function countMessageLines(bytes: Uint8Array, version: NanobotVersion): number {
  const lines = countNonBlankLines(bytes) - 1;
  if (!rulesOf(version).providerStateRecord || indexOfBytes(bytes, PROVIDER_STATE) < 0) return Math.max(0, lines);
  const states = decodeLossy(bytes).split(/\r\n|\r|\n/).filter(isProviderStateLine).length;
  return Math.max(0, lines - states);
}

function indexOfBytes(hay: Uint8Array, needle: Uint8Array): number {
  for (let i = hay.indexOf(needle[0]!); i >= 0 && i <= hay.length - needle.length; i = hay.indexOf(needle[0]!, i + 1)) {
    let k = 1;
    while (k < needle.length && hay[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

function countNonBlankLines(bytes: Uint8Array): number {
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
  return lines;
}
