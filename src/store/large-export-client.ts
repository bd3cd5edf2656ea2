/**
 * The page's side of a large file's export: the redaction search and the making of the file run
 * in a worker (large-export.worker.ts), so neither their work nor their garbage collections hold
 * the page; the page receives progress, the findings and the finished Blob. In place where there
 * are no workers (Node, tests), or when the words cannot be sent as data.
 */
import type { ExportFormat, ExportHead } from '../core/export';
import { EXPORT_WORDS, wordsToData } from '../core/export-parts';
import { maskFromData, type MaskData } from '../core/export-redact';
import { answerExport, buildExportBlob, fileFeed, type ExportReply, type ExportRequest, type ExportRunOptions, type ExportScan } from './large-export';
import type { SliceColumns } from './message-slices';

/** The index columns the export reads, copied out (the page keeps its own). */
function columns(ix: SliceColumns): SliceColumns {
  return { start: ix.start, length: ix.length, eol: ix.eol, messages: ix.messages, messageCount: ix.messageCount };
}

/** Runs `req` in a worker of its own (ended when done or aborted), or in place. */
async function run(req: ExportRequest, opts: ExportRunOptions): Promise<ExportReply> {
  if (typeof Worker === 'undefined') return answerExport(req, opts);
  const w = new Worker(new URL('./large-export.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ExportReply>((resolve, reject) => {
      opts.signal?.addEventListener('abort', () => reject(opts.signal!.reason));
      w.onmessage = (e: MessageEvent<ExportReply>) => (e.data.type === 'progress' ? opts.onProgress?.(e.data.done) : resolve(e.data));
      w.onerror = (e) => reject(new Error(e.message || 'the export worker failed'));
      w.postMessage(req);
    });
  } finally {
    w.terminate();
  }
}

/** The redaction search over `file`'s messages, off the page's thread. */
export async function scanLargeExport(file: Blob, ix: SliceColumns, title: string, key: string, limit: number, opts: ExportRunOptions = {}): Promise<ExportScan> {
  const r = await run({ type: 'scan', file, ix: columns(ix), title, key, limit }, opts);
  if (r.type !== 'scan') throw new Error(r.type === 'error' ? r.message : 'unexpected reply');
  return r.scan;
}

/** The export file of `head` and `file`'s messages, masked as `mask` says, made off the page's thread when its words can be sent. */
export async function buildLargeExport(file: Blob, ix: SliceColumns, head: ExportHead, format: ExportFormat, mask: MaskData, opts: ExportRunOptions = {}): Promise<Blob> {
  const { words: w, ...plain } = head;
  const words = wordsToData(w ?? EXPORT_WORDS, head.count);
  if (!words) return buildExportBlob(head, format, fileFeed(file, ix), maskFromData(mask), opts);
  const r = await run({ type: 'build', file, ix: columns(ix), head: plain, words, format, mask }, opts);
  if (r.type !== 'blob') throw new Error(r.type === 'error' ? r.message : 'unexpected reply');
  return r.blob;
}
