/**
 * The promise every save of a file known by its index makes (large-file mode's edits, the CLI's
 * trim of a big file): the file it replaces is the one that was read. Its snapshot is the SHA-256
 * of the bytes read while the index was built (plus the size and lastModified then); just before
 * the move the save reads the whole file again, hashing what it reads, and the tmp replaces the
 * file only when that hash, the size and the stat before and after all match. Else a 'conflict':
 * the tmp removed, the file untouched.
 */
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { isStoreError } from '../adapter/errors';
import { chunksFrom } from '../adapter/streamed-read';
import { changedOnDisk } from './atomic-save';
import { describeChanges, type Snapshot } from './snapshot';

/** An incremental hash (Node's `createHash('sha256')` fits), fed the bytes as they are read. */
export interface StreamHash {
  update(bytes: Uint8Array): void;
  /** Lowercase hex. */
  digest(): string;
}

/** Chunks passed on unchanged, each fed to `hash` and counted. */
export async function* tapped(chunks: AsyncIterable<Uint8Array>, hash: StreamHash | undefined, seen: { bytes: number }): AsyncIterable<Uint8Array> {
  for await (const c of chunks) {
    hash?.update(c);
    seen.bytes += c.length;
    yield c;
  }
}

const statOf = (adapter: StorageAdapter, path: string, then: Snapshot): Promise<FileStat> =>
  adapter.stat(path).catch((e: unknown) => Promise.reject(isStoreError(e, 'not-found') ? changedOnDisk(path, describeChanges(then, 'deleted')) : e));

/**
 * Reads the whole file again, hashing it, and throws the save's 'conflict' unless it is byte for
 * byte the one `then` was taken of (and did not move while it was read).
 */
export async function checkSameBytes(adapter: StorageAdapter, path: string, then: Snapshot, hash: () => StreamHash): Promise<void> {
  const before = await statOf(adapter, path, then);
  const h = hash();
  const seen = { bytes: 0 };
  for await (const c of tapped(chunksFrom(adapter, path), h, seen)) void c;
  const after = await statOf(adapter, path, then);
  const now: Snapshot = { path, size: seen.bytes, lastModified: after.lastModified, sha256: h.digest() };
  const changes = describeChanges(then, now);
  if (changes.length) throw changedOnDisk(path, changes);
  if (before.size !== after.size || before.lastModified !== after.lastModified || after.size !== seen.bytes) {
    throw changedOnDisk(path, [`it was being written while it was read (size ${before.size} → ${after.size} bytes)`]);
  }
}
