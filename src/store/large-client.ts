/**
 * The page's side of large-file mode: index a Blob in the worker (in place where there are no
 * workers: Node, tests), and read records back by their byte ranges, decoding only those.
 */
import { LineIndexer, type LineIndex } from '../core/line-index';
import type { NanobotVersion } from '../core/nanobot-version';
import { readSlices, type FeedRequest } from './slice-feed';

export { decodeRecord, readRecords } from './large-records';

export interface IndexRequest {
  id: number;
  version: NanobotVersion;
  /** Where the reading worker sends the file's slices. */
  port: MessagePort;
}

export type IndexReply =
  | { id: number; type: 'progress'; bytes: number; lines: number }
  | { id: number; type: 'index'; index: LineIndex; spent: IndexSpent }
  | { id: number; type: 'error'; message: string };

/** Where the worker's time went (for the benchmark): waiting for slices, indexing them, and when it began and ended (epoch ms). */
export interface IndexSpent {
  waited: number;
  indexed: number;
  began: number;
  ended: number;
}

/** Slices of 8 MiB: big enough that reading costs little per byte, small enough to overlap with indexing. */
export const SLICE_BYTES = 8 * 1024 * 1024;
/** Slices read ahead of the one being indexed: enough to ride out a slow read, 16 MiB at most. */
const AHEAD = 2;

let workers: { index: Worker; read: Worker } | null = null;
let nextId = 1;

/** The indexing worker and the reading worker that feeds it (two threads: reads move while it indexes). */
function getWorkers(): { index: Worker; read: Worker } | null {
  if (typeof Worker === 'undefined') return null;
  workers ??= {
    index: new Worker(new URL('./large-index.worker.ts', import.meta.url), { type: 'module' }),
    read: new Worker(new URL('./slice-read.worker.ts', import.meta.url), { type: 'module' }),
  };
  return workers;
}

/** Builds the index of `file` off the page's thread; `onProgress` gets bytes read and lines indexed. */
export async function indexFile(file: Blob, version: NanobotVersion, onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex> {
  const ws = getWorkers();
  if (!ws) return indexInPlace(file, version, onProgress);
  const w = ws.index;
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
    const { port1, port2 } = new MessageChannel();
    const feed: FeedRequest = { file, slice: SLICE_BYTES, ahead: AHEAD, port: port1 };
    const req: IndexRequest = { id, version, port: port2 };
    w.postMessage(req, [port2]);
    ws.read.postMessage(feed, [port1]);
  });
}

async function indexInPlace(file: Blob, version: NanobotVersion, onProgress?: (bytes: number, lines: number) => void): Promise<LineIndex> {
  const ix = new LineIndexer(version);
  let at = 0;
  for await (const bytes of readSlices(file, SLICE_BYTES)) {
    ix.push(bytes);
    onProgress?.((at += bytes.length), ix.count);
  }
  return ix.finish();
}
