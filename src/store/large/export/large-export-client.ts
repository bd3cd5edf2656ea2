/**
 * The page's side of a large file's export: the redaction search and the making of the file run
 * in a worker (large-export.worker.ts), so neither their work nor their garbage collections hold
 * the page; the page receives progress, the findings and the finished Blob. In place where there
 * are no workers (Node, tests), or when the words cannot be sent as data.
 */
import type { ExportFormat, ExportHead } from '../../../core/export/export';
import { wordsToData } from '../../../core/export/export-parts';
import { maskFromData, type MaskData } from '../../../core/export/export-redact';
import { answerExport, buildExportBlob, fileFeed, type ExportReply, type ExportRequest, type ExportRunOptions, type ExportScan } from './large-export';
import type { SliceColumns } from '../read/message-slices';
import type { StoreError } from '../../adapter/errors';
import { asStoreError, blobPath, fromWire } from '../worker-error';

/**
 * The message lines' columns alone, compacted (message k at k) into new arrays that are moved to
 * the worker, not copied: cloning the index's columns of a file of a GiB would be one long task on the page.
 */
function messageColumns(ix: SliceColumns): { cols: SliceColumns; transfer: ArrayBuffer[] } {
  const n = ix.messageCount;
  const start = new Float64Array(n);
  const length = new Uint32Array(n);
  const eol = new Uint8Array(n);
  const messages = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const l = ix.messages[k]!;
    start[k] = ix.start[l]!;
    length[k] = ix.length[l]!;
    eol[k] = ix.eol[l]!;
    messages[k] = k;
  }
  return { cols: { start, length, eol, messages, messageCount: n }, transfer: [start.buffer, length.buffer, eol.buffer, messages.buffer] };
}

/** Runs `req` in a worker of its own (ended when done or aborted), its columns moved there; or in place. */
async function run(req: ExportRequest, opts: ExportRunOptions): Promise<ExportReply> {
  if (typeof Worker === 'undefined') return answerExport(req, opts);
  const { cols, transfer } = messageColumns(req.ix);
  const w = new Worker(new URL('./large-export.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ExportReply>((resolve, reject) => {
      opts.signal?.addEventListener('abort', () => reject(opts.signal!.reason));
      w.onmessage = (e: MessageEvent<ExportReply>) => (e.data.type === 'progress' ? opts.onProgress?.(e.data.done) : resolve(e.data));
      // The worker itself failed (its script did not load): an ErrorEvent, mapped as a native failure.
      w.onerror = (e) => reject(asStoreError({ name: 'ErrorEvent', message: e.message ?? '' }, 'reading', blobPath(req.file)));
      w.postMessage({ ...req, ix: cols }, transfer);
    });
  } finally {
    w.terminate();
  }
}

/** The StoreError of a reply that is not the one asked for (an error's as it crossed; any other a protocol fault). */
function replyError(r: ExportReply, file: Blob): StoreError {
  return r.type === 'error' ? fromWire(r.error, blobPath(file)) : asStoreError({ name: 'UnexpectedReply', message: r.type }, 'reading', blobPath(file));
}

/** The redaction search over `file`'s messages, off the page's thread. */
export async function scanLargeExport(file: Blob, ix: SliceColumns, title: string, key: string, limit: number, opts: ExportRunOptions = {}): Promise<ExportScan> {
  const r = await run({ type: 'scan', file, ix, title, key, limit }, opts);
  if (r.type !== 'scan') throw replyError(r, file);
  return r.scan;
}

/** The export file of `head` and `file`'s messages, masked as `mask` says, made off the page's thread when its words can be sent. */
export async function buildLargeExport(file: Blob, ix: SliceColumns, head: ExportHead, format: ExportFormat, mask: MaskData, opts: ExportRunOptions = {}): Promise<Blob> {
  const { words: w, ...plain } = head;
  const words = wordsToData(w, head.count);
  if (!words) return buildExportBlob(head, format, fileFeed(file, ix), maskFromData(mask), opts);
  const r = await run({ type: 'build', file, ix, head: plain, words, format, mask }, opts);
  if (r.type !== 'blob') throw replyError(r, file);
  return r.blob;
}
