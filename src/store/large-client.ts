/**
 * The page's side of large-file mode: index a Blob in the worker (in place where there are no
 * workers: Node, tests), and read records back by their byte ranges, decoding only those.
 */
import { LineIndexer, lineEnd, type LineIndex } from '../core/line-index';
import type { NanobotVersion } from '../core/nanobot-version';
import { pyLoads } from '../core/pyjson';
import { pyStrip } from '../core/pytext';
import { isDict, type PyDict } from '../core/pyvalue';
import { decodeStrict } from '../core/lines';

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

/** A record's value as the recovered lens reads it (BOM and Python whitespace stripped), or null when it is not an object. */
export function decodeRecord(raw: Uint8Array): PyDict | null {
  let text: string;
  try {
    text = decodeStrict(raw);
  } catch {
    return null;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const r = pyLoads(pyStrip(text));
  return r.ok && isDict(r.value) ? r.value : null;
}

/**
 * The values of lines `lines` (ascending), read from the file in one slice spanning them: only
 * those bytes are read and only those lines decoded.
 */
export async function readRecords(file: Blob, ix: LineIndex, lines: ArrayLike<number>): Promise<(PyDict | null)[]> {
  if (lines.length === 0) return [];
  const a = ix.start[lines[0]!]!;
  const b = lineEnd(ix, lines[lines.length - 1]!);
  const bytes = new Uint8Array(await file.slice(a, b).arrayBuffer());
  const out: (PyDict | null)[] = new Array(lines.length);
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    const s = ix.start[l]! - a;
    out[k] = decodeRecord(bytes.subarray(s, s + ix.length[l]!));
  }
  return out;
}
