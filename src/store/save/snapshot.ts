/**
 * What a file looked like when it was read (size, lastModified, SHA-256), and what changed since:
 * the evidence a guarded save needs before it may overwrite the file.
 */

import { sameStat, type FileStat, type StorageAdapter } from '../adapter/adapter';
import { readAll, sha256Hex } from '../adapter/bytes';
import { StoreError, type SnapshotChange } from '../adapter/errors';

/** A file as it was read. */
export interface Snapshot {
  path: string;
  size: number;
  lastModified: number;
  sha256: string;
}

/** Snapshot of bytes already in hand (e.g. the bytes just written). */
export async function snapshotOf(path: string, bytes: Uint8Array, stat: FileStat): Promise<Snapshot> {
  return { path, size: stat.size, lastModified: stat.lastModified, sha256: await sha256Hex(bytes) };
}

/** Read a whole file with its snapshot; retries when the file changes during the read. */
export async function readSnapshot(adapter: StorageAdapter, path: string): Promise<{ bytes: Uint8Array; snapshot: Snapshot }> {
  const { bytes, stat } = await readSteady(adapter, path);
  return { bytes, snapshot: await snapshotOf(path, bytes, stat) };
}

/**
 * Read a whole file whose size and mtime did not change during the read (retried up to 3 times);
 * the caller hashes it, e.g. in the worker that parses it, so 100 MB are not hashed on the page.
 */
export async function readSteady(adapter: StorageAdapter, path: string): Promise<{ bytes: Uint8Array; stat: FileStat }> {
  const read = async (before: FileStat) => (adapter.readWhole ? await adapter.readWhole(path) : await readAll(await adapter.read(path), before.size));
  const { value, stat } = await steadily(adapter, path, read, (bytes, after) => after.size === bytes.length);
  return { bytes: value, stat };
}

/**
 * `read(before)` of a file whose size and mtime did not change meanwhile (and that `whole` accepts, if
 * given): read again up to 3 times, then the 'conflict' error `keeps-changing`.
 */
export async function steadily<T>(adapter: Pick<StorageAdapter, 'stat'>, path: string, read: (before: FileStat) => Promise<T>, whole?: (value: T, stat: FileStat) => boolean): Promise<{ value: T; stat: FileStat }> {
  for (let attempt = 1; ; attempt++) {
    const before = await adapter.stat(path);
    const value = await read(before);
    const after = await adapter.stat(path);
    if (sameStat(before, after) && (!whole || whole(value, after))) return { value, stat: after };
    if (attempt === 3) {
      throw new StoreError('conflict', `'${path}' keeps changing while it is read; is another program writing it?`, { path, reason: { code: 'keeps-changing' } });
    }
  }
}

/** What changed from `then` to `now`, as codes (empty when the content is the same). */
export function describeChanges(then: Snapshot, now: Snapshot | 'deleted'): SnapshotChange[] {
  if (now === 'deleted') return [{ code: 'deleted' }];
  if (now.sha256 === then.sha256) return [];
  const out: SnapshotChange[] = [];
  if (now.size !== then.size) out.push({ code: 'size', from: then.size, to: now.size });
  if (now.lastModified !== then.lastModified) out.push({ code: 'modified', from: then.lastModified, to: now.lastModified });
  out.push({ code: 'content', from: then.sha256.slice(0, 12), to: now.sha256.slice(0, 12) });
  return out;
}

/** An ISO time for `ms`, or the number when it is no date. */
export function isoTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}

export const GATEWAY_NOTE =
  'Reload it to see the new version. (A running nanobot gateway re-saves its cached sessions when it shuts down.)';

/** Refuses (`written-while-read`) a plan whose file's stat moved between `before` and `after`, the reads between them. */
export function stillAsRead(path: string, before: FileStat, after: FileStat): void {
  if (!sameStat(before, after)) throw changedOnDisk(path, [{ code: 'written-while-read', from: before.size, to: after.size }]);
}

/** The refusal of a save whose file changed since it was read, in the words every save uses. */
export function changedOnDisk(path: string, changes: SnapshotChange[]): StoreError {
  return new StoreError('conflict', `'${path}' changed on disk since it was read: ${JSON.stringify(changes)}. ${GATEWAY_NOTE}`, { path, reason: { code: 'changed-since-read', changes } });
}
