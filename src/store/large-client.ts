/**
 * The page's side of large-file mode: index a Blob in the worker (in place where there are no
 * workers: Node, tests), and read records back by their byte ranges, decoding only those.
 */
import { LineIndexer, type LineIndex } from '../core/line-index';
import type { NanobotVersion } from '../core/nanobot-version';

export { decodeRecord, readRecords } from './large-records';

export interface IndexRequest {
  id: number;
  file: Blob;
  version: NanobotVersion;
  /** Bytes read per slice. */
  slice: number;
}

export type IndexReply =
  | { id: number; type: 'progress'; bytes: number; lines: number }
  | { id: number; type: 'index'; index: LineIndex }
  | { id: number; type: 'error'; message: string };

/** Slices of 8 MiB: big enough that reading costs little per byte, small enough to overlap with indexing. */
export const SLICE_BYTES = 8 * 1024 * 1024;

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('./large-index.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

/** Builds the index of `file` off the page's thread; `onProgress` gets bytes read and lines indexed. */
export async function indexFile(file: Blob, version: NanobotVersion, onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex> {
  const w = getWorker();
  if (!w) return indexInPlace(file, version, onProgress);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (e: MessageEvent<IndexReply>) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'progress') return onProgress?.(m.bytes, m.lines);
      w.removeEventListener('message', onMessage);
      if (m.type === 'error') reject(new Error(m.message));
      else resolve(m.index);
    };
    w.addEventListener('message', onMessage);
    const req: IndexRequest = { id, file, version, slice: SLICE_BYTES };
    w.postMessage(req);
  });
}

async function indexInPlace(file: Blob, version: NanobotVersion, onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex> {
  const ix = new LineIndexer(version);
  for (let a = 0; a < file.size; a += SLICE_BYTES) {
    ix.push(new Uint8Array(await file.slice(a, Math.min(file.size, a + SLICE_BYTES)).arrayBuffer()));
    onProgress?.(Math.min(file.size, a + SLICE_BYTES), ix.count);
  }
  return ix.finish();
}
