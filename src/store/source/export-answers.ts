/**
 * A session's export at every size, as a source answers it: the facts it states (title, key,
 * created_at), the redaction's search over the recovered lens (findings counted, the first ones
 * listed), and the file made as a Blob of parts. The whole document's messages are in hand and
 * pass through in slices of the page's time; the line index's are read by slices of the file, in
 * a worker where the browser injects one (`ExportWorkers`), in place otherwise (the CLI, tests).
 */
import type { ExportFormat, ExportHead } from '../../core/export/export';
import { exportKey, exportTitle, titleLine } from '../../core/export/export-head';
import { lastMetadataLine } from '../../core/edit/large-edit';
import { maskFromData, type MaskData, type Numbered } from '../../core/export/export-redact';
import type { LineIndex } from '../../core/index/line-index';
import { dictGet, isDict, type PyDict, type PyValue } from '../../core/python/pyvalue';
import { sessionTitle } from '../../core/listing/title';
import { buildExportBlob, fileFeed, scanExport, valuesFeed, type ExportRunOptions, type ExportScan } from '../large/export/large-export';
import { sliceEnd, type SliceColumns } from '../large/read/message-slices';

export type { ExportRunOptions, ExportScan } from '../large/export/large-export';

/** Bytes of message lines a preview shows (at least one message). */
export const PREVIEW_BYTES = 64 * 1024;

/**
 * What an export states and holds: nanobot's title (the recovered lens's where it loads nothing),
 * the key (the last metadata record's, else the file name's), its created_at, the recovered lens's
 * messages, and how many of the first of them make the preview.
 */
export interface ExportFacts {
  title: string;
  key: string;
  createdAt?: string;
  messages: number;
  preview: number;
}

/** How findings are masked: as data (what a worker can be sent), or a function of the page. */
export type ExportMask = MaskData | ((n: Numbered) => string | null);

/** The passes an index source hands to the browser's workers (the store's export client), reading the file by its index. */
export interface ExportWorkers {
  scan(file: Blob, ix: SliceColumns, title: string, key: string, limit: number, opts: ExportRunOptions): Promise<ExportScan>;
  build(file: Blob, ix: SliceColumns, head: ExportHead, format: ExportFormat, mask: MaskData, opts: ExportRunOptions): Promise<Blob>;
}

/** The export's two passes, as both implementations answer them. */
export interface ExportPasses {
  scan(title: string, key: string, listed: number, run?: ExportRunOptions): Promise<ExportScan>;
  blob(head: ExportHead, format: ExportFormat, mask: ExportMask, run?: ExportRunOptions, count?: number): Promise<Blob>;
}

const maskFn = (mask: ExportMask) => (typeof mask === 'function' ? mask : maskFromData(mask));

/** The passes over messages in hand (the whole document's recovered lens, or a replay's entries), in place. */
export function heldExport(values: () => Promise<readonly PyValue[]>): ExportPasses {
  return {
    async scan(title, key, listed, run = {}) {
      return scanExport(title, key, valuesFeed(await values()), listed, run);
    },
    async blob(head, format, mask, run = {}, count) {
      const v = await values();
      return buildExportBlob(head, format, valuesFeed(count === undefined ? v : v.slice(0, count)), maskFn(mask), run);
    },
  };
}

/** The passes over a file's message records by its index: in a worker where one is injected, in place otherwise. */
export function indexedExport(file: () => Promise<{ file: Blob; index: SliceColumns }>, workers?: ExportWorkers): ExportPasses {
  return {
    async scan(title, key, listed, run = {}) {
      const f = await file();
      return workers ? workers.scan(f.file, f.index, title, key, listed, run) : scanExport(title, key, fileFeed(f.file, f.index), listed, run);
    },
    async blob(head, format, mask, run = {}, count) {
      const f = await file();
      const ix = count === undefined ? f.index : { ...f.index, messageCount: Math.min(count, f.index.messageCount) };
      if (workers && typeof mask !== 'function') return workers.build(f.file, ix, head, format, mask, run);
      return buildExportBlob(head, format, fileFeed(f.file, ix), maskFn(mask), run);
    },
  };
}

/** The whole document's facts: its recovered lens's messages and their lines' lengths (the preview's), the key nanobot loads it under. */
export function heldFacts(o: { key: string; metadata: PyValue; createdAt: string; messages: number; lineLength: (k: number) => number }): ExportFacts {
  const n = o.messages;
  // The first message always; then as many as fit the preview's bytes.
  let preview = 0;
  for (let bytes = 0; preview < n; preview++) {
    bytes += o.lineLength(preview);
    if (bytes > PREVIEW_BYTES && preview > 0) break;
  }
  return { title: sessionTitle(o.metadata), key: o.key, createdAt: o.createdAt, messages: n, preview };
}

/** The index's facts: the title's and the key's records read back (`read`), the preview's messages by their lines' bytes. */
export async function indexedFacts(ix: LineIndex, loaded: boolean, fallbackKey: string, read: (line: number) => Promise<PyDict | null>): Promise<ExportFacts> {
  const at = titleLine(ix, { loaded });
  const last = lastMetadataLine(ix);
  const [t, k] = await Promise.all([at < 0 ? null : read(at), last < 0 ? null : last === at ? null : read(last)]);
  const keyRecord = last === at ? t : k;
  const created = keyRecord && isDict(keyRecord) ? dictGet(keyRecord, 'created_at') : undefined;
  return { title: exportTitle(t), key: exportKey(keyRecord, fallbackKey), ...(typeof created === 'string' ? { createdAt: created } : {}), messages: ix.messageCount, preview: ix.messageCount ? sliceEnd(ix, 0, PREVIEW_BYTES) : 0 };
}
