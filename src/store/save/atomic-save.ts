/**
 * The guarded save: re-check that the file on disk is still the one that was read, refuse with a
 * 'conflict' that says what changed, optionally write a backup first, then replace atomically —
 * one save per file at a time.
 */

import type { StorageAdapter } from '../adapter/adapter';
import { writeBackup } from './backup';
import { concat, readAll, sha256Hex } from '../adapter/bytes';
import { StoreError, isStoreError, type SnapshotChange } from '../adapter/errors';
import { serialize } from './save-queue';
import { changedOnDisk, describeChanges, snapshotOf, type Snapshot } from './snapshot';

export interface GuardedSaveOptions {
  /** Write a backup of the current bytes before replacing them (explicit repairs). */
  backup?: boolean;
  fsync?: boolean;
  /** Clock for the backup stamp. */
  now?: Date;
  /** The temporary file's name (the nanobot version's pattern; default `<name>.tmp`). */
  tmpName?: string;
  /** Stops the save between slices of the write: the tmp is removed, a backup this save wrote is removed, the file untouched ('cancelled'). */
  signal?: AbortSignal;
  /** Told after every slice written (the data is then written in slices of SAVE_SLICE_BYTES). */
  onProgress?: (p: SaveProgress) => void;
}

/** How far a save is: bytes done of about `total` in its current phase (a streamed repair's total is the upper bound of its input). */
export interface SaveProgress {
  phase: 'backup' | 'write';
  done: number;
  total: number;
}

/** A save told of its progress or cancellable writes slices of 4 MiB. */
export const SAVE_SLICE_BYTES = 4 * 1024 * 1024;

/** The refusal of a save stopped by its person: nothing was replaced. */
export function cancelledSave(path: string): StoreError {
  return new StoreError('cancelled', `The save of '${path}' was cancelled; the file is unchanged.`, { path, reason: { code: 'cancelled' } });
}

export interface SaveResult {
  /** The file as now written: pass it to the next save. */
  snapshot: Snapshot;
  /** Path of the backup, when one was written. */
  backup?: string;
}

/**
 * Replace `path` with `data` if it still matches `expected` (or, with 'absent', if it does not exist).
 * Byte-identical content with a new mtime is not a conflict: nothing would be lost.
 */
export function guardedSave(
  adapter: StorageAdapter,
  path: string,
  expected: Snapshot | 'absent',
  data: Uint8Array | readonly Uint8Array[],
  options: GuardedSaveOptions = {},
): Promise<SaveResult> {
  const { signal, onProgress } = options;
  return serialize(adapter, path, async () => {
    if (signal?.aborted) throw cancelledSave(path);
    const current = await currentBytes(adapter, path);
    const changes = await conflicts(path, expected, current);
    if (changes.length > 0) throw changedOnDisk(path, changes);
    if (signal?.aborted) throw cancelledSave(path);
    const backup = options.backup && current ? await writeBackup(adapter, path, current.bytes, options.now) : undefined;
    const chunks = data instanceof Uint8Array ? [data] : data;
    /** The chunks in slices, the cancel signal looked at before each and after the last, the progress told after each. */
    async function* sliced(): AsyncGenerator<Uint8Array> {
      const total = chunks.reduce((n, c) => n + c.length, 0);
      let done = 0;
      for (const c of chunks) {
        for (let at = 0; at < c.length; at += SAVE_SLICE_BYTES) {
          if (signal?.aborted) throw cancelledSave(path);
          const part = c.subarray(at, Math.min(c.length, at + SAVE_SLICE_BYTES));
          yield part;
          done += part.length;
          onProgress?.({ phase: 'write', done, total });
        }
      }
      if (signal?.aborted) throw cancelledSave(path);
    }
    try {
      await adapter.writeAtomic(path, signal || onProgress ? sliced() : chunks, { fsync: options.fsync, ...(options.tmpName ? { tmpName: options.tmpName } : {}) });
    } catch (e) {
      // A cancelled save leaves no trace: its backup is a copy of the untouched file.
      if (backup && isStoreError(e, 'cancelled')) await adapter.remove(backup).catch(() => undefined);
      throw e;
    }
    const snapshot = await snapshotOf(path, chunks.length === 1 ? chunks[0] : concat(chunks), await adapter.stat(path));
    return { snapshot, backup };
  });
}

async function currentBytes(adapter: StorageAdapter, path: string) {
  try {
    const stat = await adapter.stat(path);
    const bytes = await readAll(await adapter.read(path));
    return { stat, bytes };
  } catch (e) {
    if (isStoreError(e, 'not-found')) return undefined;
    throw e;
  }
}

async function conflicts(
  path: string,
  expected: Snapshot | 'absent',
  current: Awaited<ReturnType<typeof currentBytes>>,
): Promise<SnapshotChange[]> {
  if (expected === 'absent') return current ? [{ code: 'exists' }] : [];
  if (!current) return describeChanges(expected, 'deleted');
  const now = { path, size: current.bytes.length, lastModified: current.stat.lastModified, sha256: await sha256Hex(current.bytes) };
  return describeChanges(expected, now);
}
