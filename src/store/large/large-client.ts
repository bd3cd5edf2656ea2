/**
 * The page's side of large-file mode: index a Blob in the worker (in place where there are no
 * workers: Node, tests), and read records back by their byte ranges, decoding only those.
 */
import { joinIndexes } from '../../core/index/index-parts';
import { LineIndexer, type LineIndex } from '../../core/index/line-index';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { FileStat } from '../adapter/adapter';
import { ProofTaker, type ReadPart, type ReadProof } from '../save/read-guard';
import { readSlices, type FeedRequest } from './read/slice-feed';
import { blobPath, fromWire, type ErrorReply } from './worker-error';

export { readRecords } from './read/large-records';

export interface IndexRequest {
  id: number;
  version: NanobotVersion;
  /** Where the reading worker sends the file's slices. */
  port: MessagePort;
}

/** An indexing worker's replies: the index of slice `n` (`bytes` long), the end of its slices, or why it stopped. */
export type IndexReply =
  | { id: number; type: 'part'; n: number; at: number; bytes: number; hash: string; index: LineIndex }
  | { id: number; type: 'done'; spent: IndexSpent }
  | ({ id: number } & ErrorReply);

/**
 * Where a worker's time went (for the benchmark): waiting for slices, indexing them, and when it
 * began and ended (epoch ms); `kernel`: whether the byte pass read with its SIMD kernel (plain-run.ts).
 */
interface IndexSpent {
  waited: number;
  indexed: number;
  began: number;
  ended: number;
  kernel: boolean;
}

/**
 * Slices of 1 MiB: an indexing worker starts after 1 MiB is read, not 8, so its first part comes
 * back sooner, the last slices end together, and it reads each slice soon after the reading worker
 * wrote it.
 */
export const SLICE_BYTES = 1024 * 1024;
/** Slices read ahead for each indexing worker: enough to ride out a slow read, 8 MiB each at most. */
const AHEAD = 8;
/** Indexing workers: two where there are two cores or more (reading a byte stream leaves one core mostly free). */
const INDEXERS = typeof navigator !== 'undefined' && (navigator.hardwareConcurrency ?? 1) >= 2 ? 2 : 1;
/** Progress goes to the page at most this often (ms). */
const PROGRESS_MS = 100;

let workers: { index: Worker[]; read: Worker } | null = null;

/** The hashes of the slices each index was built from (the save's guard, read-guard.ts). */
const readParts = new WeakMap<LineIndex, ReadPart[]>();

/** What a save of an edit planned over `index` checks: the bytes it was built from, as they were (`stat`: the file's then). */
export function readProofOf(index: LineIndex, stat: FileStat): ReadProof | undefined {
  const parts = readParts.get(index);
  return parts && { size: stat.size, lastModified: stat.lastModified, parts };
}

/** The index, its read hashes remembered. */
function withParts(index: LineIndex, parts: ReadPart[]): LineIndex {
  readParts.set(index, parts);
  return index;
}
let nextId = 1;

/** The indexing workers and the reading worker that feeds them (reads move while they index). */
function getWorkers(): { index: Worker[]; read: Worker } | null {
  if (typeof Worker === 'undefined') return null;
  workers ??= {
    index: Array.from({ length: INDEXERS }, () => new Worker(new URL('./read/large-index.worker.ts', import.meta.url), { type: 'module' })),
    read: new Worker(new URL('./read/slice-read.worker.ts', import.meta.url), { type: 'module' }),
  };
  return workers;
}

/** Builds the index of `file` off the page's thread; `onProgress` gets bytes read and lines indexed. */
export async function indexFile(file: Blob, version: NanobotVersion, onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex> {
  const ws = getWorkers();
  if (!ws) return indexInPlace(file, version, onProgress);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const parts: LineIndex[] = [];
    const hashes: ReadPart[] = [];
    let done = 0;
    let bytes = 0;
    let lines = 0;
    let told = 0;
    const stop = () => ws.index.forEach((w) => w.removeEventListener('message', onMessage));
    const onMessage = (e: MessageEvent<IndexReply>) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'part') {
        parts[m.n] = m.index;
        hashes[m.n] = { at: m.at, length: m.bytes, hash: m.hash };
        bytes += m.bytes;
        lines += m.index.count;
        const now = performance.now();
        if (now - told >= PROGRESS_MS) {
          told = now;
          onProgress?.(bytes, lines);
        }
        return;
      }
      if (m.type === 'error') {
        stop();
        return reject(fromWire(m.error, blobPath(file)));
      }
      if (++done < ws.index.length) return;
      stop();
      onProgress?.(bytes, lines);
      resolve(withParts(joinIndexes(parts, file.size), hashes.filter((h) => h.length > 0)));
    };
    const ports: MessagePort[] = [];
    for (const w of ws.index) {
      w.addEventListener('message', onMessage);
      const { port1, port2 } = new MessageChannel();
      ports.push(port1);
      w.postMessage({ id, version, port: port2 } satisfies IndexRequest, [port2]);
    }
    const feed: FeedRequest = { file, slice: SLICE_BYTES, ahead: AHEAD, ports };
    ws.read.postMessage(feed, ports);
  });
}

async function indexInPlace(file: Blob, version: NanobotVersion, onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex> {
  const ix = new LineIndexer(version);
  const proof = new ProofTaker();
  let at = 0;
  for await (const bytes of readSlices(file, SLICE_BYTES)) {
    proof.add(at, bytes);
    ix.push(bytes);
    onProgress?.((at += bytes.length), ix.count);
  }
  return withParts(ix.finish(), proof.parts());
}
