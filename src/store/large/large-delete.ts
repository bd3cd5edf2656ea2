/**
 * Deleting a session file too big to read whole, with the full view's promise: refused ('conflict')
 * unless the file is still the one indexed, byte for byte (its read hashes, read-guard.ts; without
 * them, its size and lastModified); the backup, when asked, streamed from the file in slices.
 */
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { isStoreError, type SnapshotChange } from '../adapter/errors';
import { changedOnDisk } from '../save/snapshot';
import { writeBackup } from '../save/backup';
import { checkSameBytes, type ReadProof } from '../save/read-guard';

/** Slices the backup is copied in. */
const SLICE = 4 * 1024 * 1024;

/** The file's bytes, slice by slice. */
async function* slices(adapter: StorageAdapter, path: string, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < size; at += SLICE) yield await adapter.readRange(path, at, Math.min(size, at + SLICE));
}

/** Refused unless `path` still has the size and lastModified of `stat`. */
async function checkStat(adapter: StorageAdapter, path: string, stat: FileStat): Promise<void> {
  let changes: SnapshotChange[] = [];
  try {
    const now = await adapter.stat(path);
    if (now.size !== stat.size) changes.push({ code: 'size', from: stat.size, to: now.size });
    if (now.lastModified !== stat.lastModified) changes.push({ code: 'modified', from: stat.lastModified, to: now.lastModified });
  } catch (e) {
    if (!isStoreError(e, 'not-found')) throw e;
    changes = [{ code: 'deleted' }];
  }
  if (changes.length) throw changedOnDisk(path, changes);
}

/** Deletes `path` if it is still the file indexed (`proof`, else `stat`); with `backup`, a copy is kept first. */
export async function deleteLarge(adapter: StorageAdapter, path: string, stat: FileStat, proof: ReadProof | undefined, opts: { backup?: boolean; now?: Date } = {}): Promise<{ backup?: string }> {
  if (proof) await checkSameBytes(adapter, path, proof);
  else await checkStat(adapter, path, stat);
  const backup = opts.backup ? await writeBackup(adapter, path, slices(adapter, path, stat.size), opts.now) : undefined;
  await adapter.remove(path);
  return backup ? { backup } : {};
}
