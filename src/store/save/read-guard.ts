/**
 * The promise every save of a file known by its index makes (large-file mode's edits, the CLI's
 * trim of a big file): the file it replaces holds the bytes that were read. As the index is built,
 * each slice read is hashed on its own (SHA-256, Web Crypto: off the thread where the platform can,
 * a few slices in flight); just before the move the save reads the whole file again, cut at the same
 * offsets, and the tmp replaces the file only when every slice hashes the same, the size is the same
 * and the file did not move while it was read. Else a 'conflict': the tmp removed, the file untouched.
 */
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { sliceHash } from '../../core/bytes/slice-hash';
import { isStoreError, type SnapshotChange } from '../adapter/errors';
import { chunksFrom } from '../adapter/streamed-read';
import { changedOnDisk, stillAsRead } from './snapshot';

/** One slice of the file as it was read: where, how long, its hash (`sliceHash`). */
export interface ReadPart {
  at: number;
  length: number;
  hash: string;
}

/** The bytes a plan was made from: the file's size and lastModified then, and each slice's hash. */
export interface ReadProof {
  size: number;
  lastModified: number;
  parts: ReadPart[];
}

/** Hashes the slices of a file as they are read (in any order: each knows its offset). */
export class ProofTaker {
  private done: ReadPart[] = [];

  /** Hashes `bytes`, read at file offset `at`. */
  add(at: number, bytes: Uint8Array): void {
    if (bytes.length) this.done.push({ at, length: bytes.length, hash: sliceHash(bytes) });
  }

  /** Every slice's hash, in file order. */
  parts(): ReadPart[] {
    return this.done.sort((x, y) => x.at - y.at);
  }
}

const statOr = (adapter: StorageAdapter, path: string): Promise<FileStat | null> => adapter.stat(path).catch((e: unknown) => (isStoreError(e, 'not-found') ? null : Promise.reject(e)));

/**
 * Reads the whole file again, cut at the proof's slices, and throws the save's 'conflict' unless
 * every slice hashes as it did (and the file did not move while it was read).
 */
export async function checkSameBytes(adapter: StorageAdapter, path: string, proof: ReadProof): Promise<void> {
  const before = await statOr(adapter, path);
  if (!before) throw changedOnDisk(path, [{ code: 'deleted' }]);
  if (before.size !== proof.size) throw changedOnDisk(path, [{ code: 'size', from: proof.size, to: before.size }]);
  const parts = proof.parts;
  const differs: SnapshotChange[] = [];
  const check = (k: number, bytes: Uint8Array) => {
    const p = parts[k]!;
    if (!differs.length && sliceHash(bytes) !== p.hash) differs.push({ code: 'bytes', from: p.at, to: p.at + p.length });
  };
  let k = 0;
  let buf = new Uint8Array(0);
  let fill = 0;
  let seen = 0;
  for await (const chunk of chunksFrom(adapter, path)) {
    seen += chunk.length;
    for (let c = 0; c < chunk.length && k < parts.length; ) {
      const want = parts[k]!.length;
      // A part that lies whole in the chunk is hashed in place; else it is gathered first.
      if (fill === 0 && chunk.length - c >= want) {
        check(k++, chunk.subarray(c, c + want));
        c += want;
        continue;
      }
      if (buf.length < want) buf = new Uint8Array(want);
      const take = Math.min(want - fill, chunk.length - c);
      buf.set(chunk.subarray(c, c + take), fill);
      fill += take;
      c += take;
      if (fill === want) {
        check(k++, buf.subarray(0, want));
        fill = 0;
      }
    }
  }
  const after = await statOr(adapter, path);
  if (!after) throw changedOnDisk(path, [{ code: 'deleted' }]);
  if (seen !== proof.size || k !== parts.length) differs.unshift({ code: 'size', from: proof.size, to: seen });
  if (differs.length) throw changedOnDisk(path, differs);
  stillAsRead(path, before, after);
}
