/**
 * The promise every save of a file known by its index makes (large-file mode's edits, the CLI's
 * trim of a big file): the file it replaces holds the bytes that were read. As the index is built,
 * each slice read is hashed on its own (SHA-256, Web Crypto: off the thread where the platform can,
 * a few slices in flight); just before the move the save reads the whole file again, cut at the same
 * offsets, and the tmp replaces the file only when every slice hashes the same, the size is the same
 * and the file did not move while it was read. Else a 'conflict': the tmp removed, the file untouched.
 */
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { sha256Hex } from '../adapter/bytes';
import { isStoreError } from '../adapter/errors';
import { chunksFrom } from '../adapter/streamed-read';
import { changedOnDisk } from './atomic-save';

/** One slice of the file as it was read: where, how long, its SHA-256 (lowercase hex). */
export interface ReadPart {
  at: number;
  length: number;
  sha256: string;
}

/** The bytes a plan was made from: the file's size and lastModified then, and each slice's hash. */
export interface ReadProof {
  size: number;
  lastModified: number;
  parts: ReadPart[];
}

/** Hashes taken at most this many at a time: each holds a copy of its slice. */
const IN_FLIGHT = 8;

/** Hashes the slices of a file as they are read (in any order: each knows its offset). */
export class ProofTaker {
  private done: ReadPart[] = [];
  private flying: Promise<void>[] = [];

  /** Hashes `bytes`, read at file offset `at` (the hash copies them: the caller may reuse its buffer). */
  async add(at: number, bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    const length = bytes.length;
    const p = sha256Hex(bytes).then((sha256) => void this.done.push({ at, length, sha256 }));
    this.flying.push(p);
    if (this.flying.length >= IN_FLIGHT) await this.flying.shift();
  }

  /** Every slice's hash, in file order. */
  async parts(): Promise<ReadPart[]> {
    await Promise.all(this.flying);
    this.flying = [];
    return this.done.sort((a, b) => a.at - b.at);
  }
}

const statOr = (adapter: StorageAdapter, path: string): Promise<FileStat | null> => adapter.stat(path).catch((e: unknown) => (isStoreError(e, 'not-found') ? null : Promise.reject(e)));

/**
 * Reads the whole file again, cut at the proof's slices, and throws the save's 'conflict' unless
 * every slice hashes as it did (and the file did not move while it was read).
 */
export async function checkSameBytes(adapter: StorageAdapter, path: string, proof: ReadProof): Promise<void> {
  const before = await statOr(adapter, path);
  if (!before) throw changedOnDisk(path, ['the file was deleted or renamed']);
  if (before.size !== proof.size) throw changedOnDisk(path, [`size ${proof.size} → ${before.size} bytes`]);
  const parts = proof.parts;
  const differs: string[] = [];
  const flying: Promise<void>[] = [];
  const check = async (k: number, bytes: Uint8Array) => {
    const p = parts[k]!;
    if ((await sha256Hex(bytes)) !== p.sha256 && !differs.length) differs.push(`content differs (bytes ${p.at}–${p.at + p.length}, sha256 ${p.sha256.slice(0, 12)}…)`);
  };
  let k = 0;
  let buf = new Uint8Array(0);
  let fill = 0;
  let seen = 0;
  for await (const chunk of chunksFrom(adapter, path)) {
    seen += chunk.length;
    for (let c = 0; c < chunk.length && k < parts.length; ) {
      const want = parts[k]!.length;
      if (buf.length < want) buf = new Uint8Array(want);
      const take = Math.min(want - fill, chunk.length - c);
      buf.set(chunk.subarray(c, c + take), fill);
      fill += take;
      c += take;
      if (fill === want) {
        flying.push(check(k++, buf.subarray(0, want)));
        fill = 0;
        if (flying.length >= IN_FLIGHT) await flying.shift();
      }
    }
  }
  await Promise.all(flying);
  const after = await statOr(adapter, path);
  if (!after) throw changedOnDisk(path, ['the file was deleted or renamed']);
  if (seen !== proof.size || k !== parts.length) differs.unshift(`size ${proof.size} → ${seen} bytes`);
  if (differs.length) throw changedOnDisk(path, differs);
  if (before.size !== after.size || before.lastModified !== after.lastModified) throw changedOnDisk(path, [`it was being written while it was read (size ${before.size} → ${after.size} bytes)`]);
}
