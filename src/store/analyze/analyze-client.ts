/**
 * Analyzing a session file in a worker, so opening a file of hundreds of MB never freezes the page:
 * the page gets a preview of the first messages early, then the full analysis. Where workers are
 * missing (Node, tests) the same analysis runs in place.
 */
import type { FileRecord } from '../../core/lens/document';
import { analyzeSession, type AnalyzeOptions, type SessionAnalysis } from '../../core/lens/open';
import type { PyDict } from '../../core/python/pyvalue';
import { decodeBatch, finishSteps, type AnalysisHead, type RecordBatch } from './analysis-wire';
import { runSliced } from './event-loop';
import { sha256Hex } from '../adapter/bytes';
import { fromWire, workerOnDemand, type ErrorReply } from '../large/worker-error';

export interface WorkerRequest {
  id: number;
  buffer: ArrayBuffer;
  opts: AnalyzeOptions;
}

export type WorkerReply =
  | { id: number; type: 'preview'; messages: PyDict[] }
  | { id: number; type: 'head'; head: AnalysisHead; buffer: ArrayBuffer }
  | { id: number; type: 'batch'; batch: RecordBatch }
  | { id: number; type: 'done'; sha256: string }
  | ({ id: number } & ErrorReply);

export interface AnalyzeProgress {
  /** The first messages of the file, before the whole file is parsed. */
  onPreview?: (messages: PyDict[]) => void;
  /** Records received so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

/** Files below this size are analyzed in place: a worker round trip would cost more than it saves. */
export const WORKER_THRESHOLD = 4 * 1024 * 1024;

let nextId = 1;

const getWorker = workerOnDemand(() => new Worker(new URL('./analyze.worker.ts', import.meta.url), { type: 'module' }));

/**
 * Analyzes and hashes `bytes` (their buffer is lent to the worker and comes back; do not touch it
 * meanwhile). Resolves with the analysis over a Uint8Array of the same bytes, and their SHA-256.
 */
export async function analyzeOffThread(bytes: Uint8Array, opts: AnalyzeOptions, progress: AnalyzeProgress = {}): Promise<{ analysis: SessionAnalysis; bytes: Uint8Array; sha256: string }> {
  const w = bytes.length >= WORKER_THRESHOLD ? getWorker() : null;
  if (!w) return { analysis: analyzeSession(bytes, opts), bytes, sha256: await sha256Hex(bytes) };
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    let head: AnalysisHead | null = null;
    let back: Uint8Array | null = null;
    let records: FileRecord[] = [];
    let received = 0;
    const onMessage = (e: MessageEvent<WorkerReply>) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'preview') progress.onPreview?.(m.messages);
      else if (m.type === 'head') {
        head = m.head;
        back = new Uint8Array(m.buffer);
        records = new Array(head.count);
      } else if (m.type === 'batch') {
        decodeBatch(m.batch, back!, records);
        received += m.batch.kinds.length;
        progress.onProgress?.(received, head!.count);
      } else {
        w.removeEventListener('message', onMessage);
        if (m.type === 'error') return reject(fromWire(m.error, opts.fileName));
        const sha256 = m.sha256;
        runSliced(finishSteps(head!, records, opts.fallbackKey, opts.now)).then((analysis) => resolve({ analysis, bytes: back!, sha256 }), reject);
      }
    };
    w.addEventListener('message', onMessage);
    const req: WorkerRequest = { id, buffer: own.buffer as ArrayBuffer, opts };
    w.postMessage(req, [own.buffer as ArrayBuffer]);
  });
}
