/**
 * The one writer of an edit planned over a file's index (core/large-edit.ts's pieces: new lines
 * and byte ranges of the old file), for large-file mode and the CLI's trim of a big file alike:
 * the pieces are read slice by slice (from the disk-backed `File` in the browser, through the
 * adapter's `readRange` elsewhere) and written through the adapter's atomic write (the version's
 * tmp name, then a move), so nothing holds the file. Guarded by the hashes of the bytes indexed
 * (read-guard.ts): the whole file is read again and hashed before the move (a source without them
 * is checked by its size and lastModified, before the first byte and again before the move). A
 * repair first streams a backup.
 */
import { dumpsLine, type Piece } from '../../core/edit/large-edit';
import type { LineIndex } from '../../core/index/line-index';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { concat } from '../adapter/bytes';
import { cancelledSave, type SaveProgress } from './atomic-save';
import { GATEWAY_NOTE, changedOnDisk } from './snapshot';
import { writeBackup } from './backup';
import { StoreError, isStoreError, type SnapshotChange } from '../adapter/errors';
import { decodeRecord } from '../large/read/large-records';
import { serialize } from './save-queue';
import { tmpFor } from './sessions';
import { checkSameBytes, type ReadProof } from './read-guard';

/** The file a plan was made from: where it is, the `File` that was indexed, and its stat then. */
export interface LargeSource {
  path: string;
  fileName: string;
  version: NanobotVersion;
  /** The `File` that was indexed (the browser); without it the pieces are read through the adapter. */
  file?: Blob;
  /** Size and lastModified when the file was indexed: the save is refused unless they still hold. */
  stat: FileStat;
  /** The hashes of the bytes indexed (read-guard.ts): the save reads the file again and checks them before its move. */
  proof?: ReadProof;
  index: Pick<LineIndex, 'start' | 'length'>;
}

export interface LargeSaveOptions {
  /** Stream a backup of the current file first (repairs). */
  backup?: boolean;
  /** Clock for the backup's stamp. */
  now?: Date;
  /** The plan's output size when known (not for a repair): a stream of another length is not moved into place. */
  size?: number;
  /** Bytes read per slice (tests make it small). */
  slice?: number;
  /** Stops the save between slices: the tmp is removed, a backup this save wrote is removed, the file is untouched ('cancelled'). */
  signal?: AbortSignal;
  /** The tmp file's name (default: a fresh tmpFor name); the caller may note it before the save begins. */
  tmpName?: string;
  /** Told after every slice written (the backup's, then the new file's). */
  onProgress?: (p: SaveProgress) => void;
}

export interface LargeSaveResult {
  /** The file as now written. */
  stat: FileStat;
  /** Bytes written. */
  size: number;
  backup?: string;
}

/** A source as the writer reads it: the `File`, or the adapter's ranges. */
type Reader = LargeSource & { adapter: StorageAdapter };

/** Slices of 4 MiB: big enough that a read costs little per byte, small enough that the page holds two at a time. */
const SAVE_SLICE = 4 * 1024 * 1024;

/**
 * Refuses with the normal save's 'conflict' when the file is not the one indexed (its size or,
 * unless its bytes' hash will tell, its lastModified moved, or it is gone).
 */
async function checkUnchanged(adapter: StorageAdapter, src: LargeSource, mtime = true): Promise<void> {
  let changes: SnapshotChange[] = [];
  try {
    const now = await adapter.stat(src.path);
    if (now.size !== src.stat.size) changes.push({ code: 'size', from: src.stat.size, to: now.size });
    if (mtime && now.lastModified !== src.stat.lastModified) changes.push({ code: 'modified', from: src.stat.lastModified, to: now.lastModified });
  } catch (e) {
    if (!isStoreError(e, 'not-found')) throw e;
    changes = [{ code: 'deleted' }];
  }
  if (changes.length) throw changedOnDisk(src.path, changes);
}

/** About how many bytes the pieces write (a rewritten line is counted at its length on disk). */
function plannedBytes(src: Pick<LargeSource, 'index'>, pieces: readonly Piece[]): number {
  let n = 0;
  for (const p of pieces) {
    if ('bytes' in p) n += p.bytes.length;
    else if ('from' in p) n += p.to - p.from;
    else for (const l of p.dumps) n += src.index.length[l]!;
  }
  return n;
}

/** Bytes [a, b) of the indexed file; a file replaced since (Chromium: NotReadableError) is a conflict. */
async function readSlice(src: Reader, a: number, b: number): Promise<Uint8Array> {
  if (!src.file) return src.adapter.readRange(src.path, a, b);
  try {
    return new Uint8Array(await src.file.slice(a, b).arrayBuffer());
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    if (name === 'NotReadableError' || name === 'NotFoundError') {
      throw new StoreError('conflict', `'${src.path}' changed on disk since it was read: its bytes can no longer be read as they were. ${GATEWAY_NOTE}`, { path: src.path, reason: { code: 'changed-since-read', changes: [{ code: 'replaced' }] }, cause: e });
    }
    throw e;
  }
}

/** The bytes [a, b) in slices of `slice`, the next one read while the current one is written. */
async function* ranges(src: Reader, a: number, b: number, slice: number): AsyncGenerator<Uint8Array> {
  let next: Promise<Uint8Array> | null = a < b ? readSlice(src, a, Math.min(b, a + slice)) : null;
  for (let at = a; next; ) {
    const bytes = await next;
    at += bytes.length;
    if (bytes.length === 0) throw new StoreError('conflict', `'${src.path}' changed on disk since it was read: it is shorter than when it was indexed. ${GATEWAY_NOTE}`, { path: src.path, reason: { code: 'changed-since-read', changes: [{ code: 'shorter' }] } });
    next = at < b ? readSlice(src, at, Math.min(b, at + slice)) : null;
    yield bytes;
  }
}

/** The message lines `lines` written again as nanobot's lines, a batch of lines (about one slice) per chunk. */
async function* dumped(src: Reader, lines: Uint32Array, at: number, slice: number): AsyncGenerator<Uint8Array> {
  const { start, length } = src.index;
  for (let k = 0; k < lines.length; ) {
    const first = start[lines[k]!]!;
    let e = k + 1;
    while (e < lines.length && start[lines[e]!]! + length[lines[e]!]! - first <= slice) e++;
    const bytes = await readSlice(src, first, start[lines[e - 1]!]! + length[lines[e - 1]!]!);
    const parts: Uint8Array[] = [];
    for (let j = k; j < e; j++) {
      const l = lines[j]!;
      const s = start[l]! - first;
      const value = decodeRecord(bytes.subarray(s, s + length[l]!));
      if (!value) throw new StoreError('conflict', `'${src.path}' changed on disk since it was read: line ${l + 1} is no longer a record. ${GATEWAY_NOTE}`, { path: src.path, reason: { code: 'changed-since-read', changes: [{ code: 'line', line: l + 1 }] } });
      const line = dumpsLine(value, at + j);
      if (!(line instanceof Uint8Array)) throw new StoreError('io', `Line ${line.line} cannot be saved: nanobot would raise ${line.raises.type}: ${line.raises.message}. Nothing was written.`, { path: src.path, reason: { code: 'line-cannot-save', line: line.line, error: line.raises } });
      parts.push(line);
    }
    k = e;
    yield concat(parts);
  }
}

/**
 * Writes the plan's pieces over the indexed file, atomically: refused (a 'conflict', nothing
 * written) when the file changed since it was indexed, checked before the first byte and again
 * after the last, before the move.
 */
export function saveLargePlan(adapter: StorageAdapter, source: LargeSource, pieces: Piece[], opts: LargeSaveOptions = {}): Promise<LargeSaveResult> {
  const slice = opts.slice ?? SAVE_SLICE;
  const src: Reader = { ...source, adapter };
  const proof = source.proof;
  // The last look before the move: a file changed since it was indexed, or while it was copied, is not replaced.
  const unchanged = () => (proof ? checkSameBytes(adapter, src.path, proof) : checkUnchanged(adapter, src));
  const { signal, onProgress } = opts;
  /** `chunks` with a look at the cancel signal before each one and the progress told after it. */
  async function* watched(phase: SaveProgress['phase'], total: number, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, from = 0): AsyncGenerator<Uint8Array> {
    let done = from;
    for await (const c of chunks) {
      if (signal?.aborted) throw cancelledSave(src.path);
      yield c;
      done += c.length;
      onProgress?.({ phase, done, total: Math.max(total, done) });
    }
  }
  return serialize(adapter, src.path, async () => {
    if (signal?.aborted) throw cancelledSave(src.path);
    await checkUnchanged(adapter, src, !proof);
    const backup = opts.backup ? await writeBackup(adapter, src.path, watched('backup', src.stat.size, ranges(src, 0, src.stat.size, slice)), opts.now) : undefined;
    const total = opts.size ?? plannedBytes(src, pieces);
    let written = 0;
    async function* stream(): AsyncGenerator<Uint8Array> {
      for (const p of pieces) {
        const chunks = 'bytes' in p ? [p.bytes] : 'from' in p ? ranges(src, p.from, p.to, slice) : dumped(src, p.dumps, p.at, slice);
        for await (const c of watched('write', total, chunks, written)) {
          written += c.length;
          yield c;
        }
      }
      // A cancelled save is not moved either.
      if (signal?.aborted) throw cancelledSave(src.path);
      await unchanged();
      if (opts.size !== undefined && written !== opts.size) throw new StoreError('io', `The new file came out at ${written} bytes, not the ${opts.size} planned; nothing was replaced.`, { path: src.path, reason: { code: 'size-mismatch', written, planned: opts.size } });
    }
    try {
      await adapter.writeAtomic(src.path, stream(), { tmpName: opts.tmpName ?? tmpFor(src.fileName, src.version) });
    } catch (e) {
      // A cancelled repair leaves no trace: its backup is a copy of the untouched file.
      if (backup && isStoreError(e, 'cancelled')) await adapter.remove(backup).catch(() => undefined);
      throw e;
    }
    return { stat: await adapter.stat(src.path), size: written, ...(backup ? { backup } : {}) };
  });
}
