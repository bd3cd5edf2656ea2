/**
 * The session store: nanobot's core semantics over any storage adapter. Opening gives both lenses;
 * every write goes through the guarded atomic save, so an outside change is never overwritten and
 * untouched records keep their bytes. Listing is in store/listing/session-list.ts.
 */
import { serializeDocument, type SessionDocument } from '../../core/lens/document';
import type { AnalyzeOptions, SessionAnalysis } from '../../core/lens/open';
import { formatSession, encodeSession } from '../../core/edit/format';
import { forkFromFile } from '../../core/edit/fork';
import { saveTmpName, saveTmpNameError, sessionFileName, keyForFile } from '../../core/nanobot/keys';
import type { NanobotSession } from '../../core/lens/load';
import { pyDumps, type PyError } from '../../core/python/pyjson';
import type { StorageAdapter } from '../adapter/adapter';
import { analyzeOffThread, type AnalyzeProgress } from '../analyze/analyze-client';
import { guardedSave, type GuardedSaveOptions, type SaveResult } from './atomic-save';
import { writeBackup } from './backup';
import { StoreError, isStoreError } from '../adapter/errors';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { nameProblem } from '../adapter/names';
import { joinPath } from '../adapter/paths';
import { describeChanges, readSnapshot, readSteady, type Snapshot } from './snapshot';

/**
 * The temp file a version's save writes for `fileName` (main: hidden, with 16 random hex digits).
 * Throws a 'nanobot-raises' StoreError where that name is too long: nanobot's own save fails
 * there (OSError ENAMETOOLONG), so Session Lens does not write what nanobot could not.
 */
export function tmpFor(fileName: string, version: NanobotVersion): string {
  refuseLongTmp(fileName, version);
  return saveTmpName(fileName, version, randomHex16());
}

/**
 * 16 random hex digits: a temp name no other save picks. Math.random, not Web Crypto: the name only
 * has to be unique, and Node sets up its Web Crypto on first use (~7 ms and 2 MiB per CLI save).
 */
function randomHex16(): string {
  const half = () => Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, '0');
  return half() + half();
}

function refuseLongTmp(fileName: string, version: NanobotVersion): void {
  const error = saveTmpNameError(fileName, version);
  if (error) throw new StoreError('nanobot-raises', `${fileName} cannot be saved: nanobot's save would raise ${error.type}: ${error.message}. Nothing was written.`, { path: fileName, reason: { code: 'nanobot-raises', fileName, error } });
}

/** An opened session: the bytes as read, both lenses (and the key nanobot would load it under), and the snapshot a save checks against. */
export interface OpenedSession extends SessionAnalysis {
  path: string;
  fileName: string;
  /** The nanobot version whose answers this session gives. */
  version: NanobotVersion;
  bytes: Uint8Array;
  snapshot: Snapshot;
}

export interface OpenOptions {
  now: string;
  version: NanobotVersion;
  /** Override the key (default: stored key, else the file-name fallback). */
  key?: string;
}

/** How a file at `path` is analysed when opened: its name checked, its key from the name when none is stored. */
export function analyzeOptions(path: string, opts: OpenOptions): AnalyzeOptions {
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

/** Saves an edited document over the opened file: refused with a 'conflict' if the file changed since it was read (`tmpName`: the caller's tmpFor name, to note it first). */
export async function saveDocument(adapter: StorageAdapter, opened: OpenedSession, doc: SessionDocument, opts: OpenOptions & Pick<GuardedSaveOptions, 'backup' | 'tmpName' | 'signal' | 'onProgress'>): Promise<{ opened: OpenedSession; result: SaveResult }> {
  refuseUnencodable(doc, opened.path);
  const bytes = serializeDocument(doc);
  const result = await guardedSave(adapter, opened.path, opened.snapshot, bytes, { backup: opts.backup, tmpName: opts.tmpName ?? tmpFor(opened.fileName, opened.version), ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
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
    if (!enc.ok) throw new StoreError('io', `Line ${i + 1} cannot be saved: nanobot would raise ${enc.error.type}: ${enc.error.message}. Nothing was written.`, { path, reason: { code: 'line-cannot-save', line: i + 1, error: enc.error } });
  });
}

/** A fork ready to write: where it goes and what it holds (the same answer for a dry run and the write). */
export interface ForkPlan {
  path: string;
  fileName: string;
  session: NanobotSession;
  bytes: Uint8Array;
}

/**
 * Plans a fork of the messages before user turn `userIndex` (counted from 0, as nanobot's
 * `fork_session_before_user_index` counts) under `newKey`; throws a StoreError saying why it cannot be.
 */
export async function planFork(adapter: StorageAdapter, opened: OpenedSession, userIndex: number, newKey: string, now: string): Promise<ForkPlan> {
  const fork = forkFromFile(opened.bytes, opened.key, opened.nanobot, opened.recovered, newKey, userIndex, now, opened.version);
  const shown = opened.nanobot.result ?? opened.recovered;
  if (fork === null) throw noUserTurn(opened.path, userIndex, shown.messages.filter((m) => Object.prototype.hasOwnProperty.call(m, 'role') && m.role === 'user').length);
  if ('error' in fork) throw forkRaises(opened.path, fork.error);
  const target = forkTarget(opened.path, newKey, opened.version);
  const enc = encodeSession(formatSession(fork));
  if (!enc.ok) throw forkUnwritable(target.fileName, enc.error);
  await refuseTaken(adapter, target.path, newKey, target.fileName);
  return { ...target, session: fork, bytes: enc.bytes };
}

/** The refusal of a fork before a user turn the session lacks (`users`: how many it has). */
export function noUserTurn(path: string, userIndex: number, users: number): StoreError {
  const range = users === 0 ? 'only 0 (which copies every message)' : `0 to ${users - 1}, or ${users} to copy every message`;
  return new StoreError('bad-name', `There is no user turn ${userIndex} to fork before: user turns count from 0, and this session has ${users === 1 ? '1 user turn' : `${users} user turns`}, so the index is ${range}.`, { path, reason: { code: 'no-user-turn', userIndex, users } });
}

/** The refusal of a fork nanobot's own fork raises on. */
export function forkRaises(path: string, error: PyError): StoreError {
  return new StoreError('io', `nanobot would raise ${error.type}: ${error.message}`, { path, reason: { code: 'fork-raises', error } });
}

/** The refusal of a fork whose file nanobot's save cannot encode (`fileName`: the fork's). */
export function forkUnwritable(fileName: string, error: PyError): StoreError {
  return new StoreError('io', `nanobot could not write this fork: ${error.message}`, { path: fileName, reason: { code: 'fork-raises', error } });
}

/** Where the fork under `newKey` of the session at `path` goes, beside it; throws where the key cannot name a file nanobot saves. */
export function forkTarget(path: string, newKey: string, version: NanobotVersion): { path: string; fileName: string } {
  let name: string;
  try {
    name = sessionFileName(newKey, version);
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    throw new StoreError('bad-name', `The key "${newKey}" cannot name a file: ${error}.`, { path, reason: { code: 'key-cannot-name', key: newKey, error } });
  }
  const bad = nameProblem(name);
  if (bad) throw new StoreError('bad-name', `The key "${newKey}" makes the file name "${name}": ${JSON.stringify(bad)}.`, { path: name, reason: { code: 'key-bad-file-name', key: newKey, name, why: bad } });
  refuseLongTmp(name, version);
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return { path: joinPath(dir, name), fileName: name };
}

/** Refuses a fork whose file exists already (its key taken, or one sharing its file name). */
export async function refuseTaken(adapter: StorageAdapter, path: string, newKey: string, name: string): Promise<void> {
  const taken = await adapter.stat(path).then(
    () => true,
    (e: unknown) => (isStoreError(e, 'not-found') ? false : Promise.reject(e)),
  );
  if (taken) throw new StoreError('conflict', `A session file named "${name}" already exists beside this one: the key "${newKey}" is taken (or shares its file name). Choose another key.`, { path, reason: { code: 'key-taken', key: newKey, name } });
}

/** Writes a fork (messages before user turn `userIndex`, from 0) as a new file beside the source, durably where the backend can. */
export async function writeFork(adapter: StorageAdapter, opened: OpenedSession, userIndex: number, newKey: string, now: string): Promise<{ path: string; session: NanobotSession }> {
  const plan = await planFork(adapter, opened, userIndex, newKey, now);
  await guardedSave(adapter, plan.path, 'absent', plan.bytes, { fsync: true, tmpName: tmpFor(plan.fileName, opened.version) });
  return { path: plan.path, session: plan.session };
}

/**
 * Deletes the session file, if it is still the one that was read; with `backup`, its bytes are first
 * kept beside it as a repair keeps them (`<name>.jsonl.<stamp>.bak`). Returns the backup's path.
 */
export async function deleteSession(adapter: StorageAdapter, opened: OpenedSession, opts: { backup?: boolean } = {}): Promise<{ backup?: string }> {
  const { snapshot, bytes } = await readSnapshot(adapter, opened.path);
  if (snapshot.sha256 !== opened.snapshot.sha256) {
    throw new StoreError('conflict', `'${opened.path}' changed on disk since it was read; reload it before deleting.`, { path: opened.path, reason: { code: 'changed-since-read', changes: describeChanges(opened.snapshot, snapshot) } });
  }
  const backup = opts.backup ? await writeBackup(adapter, opened.path, bytes) : undefined;
  await adapter.remove(opened.path);
  return backup ? { backup } : {};
}
