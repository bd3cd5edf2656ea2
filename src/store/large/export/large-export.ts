/**
 * The Export of a large file, never held whole: the message records are read in slices
 * (message-slices.ts), each message decoded, searched or written in slices of the page's time
 * (runSliced), and the file built as a Blob of parts, so a 1 GB export is never one string. Two
 * passes: the redaction search (findings counted, the first ones listed for unmasking), then the
 * file itself with the user's choices; both number the findings the same way as the full view.
 */
import { EXPORT_MIME, type ExportFormat, type ExportHead } from '../../../core/export/export';
import { wordsFromData, type ExportWordsData } from '../../../core/export/export-parts';
import { emptyTally, type FindingTally, KEY_PATH, type MaskData, maskFromData, messagePath, type Numbered, numberFindings, tallyFindings, TITLE_PATH } from '../../../core/export/export-redact';
import { finishExport, startExport, writeMessage } from '../../../core/export/export-writer';
import type { PyValue } from '../../../core/python/pyvalue';
import { runSliced } from '../../analyze/event-loop';
import { decodeRecord } from '../read/large-records';
import { messageBytes, messageSlices, type SliceColumns } from '../read/message-slices';
import { StoreError } from '../../adapter/errors';
import { blobPath, toWire, type ErrorReply } from '../worker-error';

/** A Blob's name as a StoreError's path, where it has one. */
function pathOf(file: Blob): { path?: string } {
  const path = blobPath(file);
  return path === undefined ? {} : { path };
}

/** A batch of messages to export: `count` values, each decoded only when asked for. */
interface MessageBatch {
  count: number;
  value: (j: number) => PyValue;
}

/** The messages to export, a batch at a time, in order. */
export type MessageFeed = AsyncIterable<MessageBatch>;

/** Bytes of the file read per slice. */
const EXPORT_SLICE = 4 << 20;

/** Every message record of `file`, read slice by slice, as the recovered lens reads it. */
export async function* fileFeed(file: Blob, ix: SliceColumns, slice = EXPORT_SLICE): MessageFeed {
  for await (const s of messageSlices(file, ix, slice)) {
    yield {
      count: s.end - s.k,
      value: (j) => {
        const v = decodeRecord(messageBytes(ix, s, s.k + j));
        // The index said this line is a message record: if it no longer reads as one, the file changed.
        if (v === null) throw new StoreError('conflict', `Message ${s.k + j + 1} no longer reads as the record it was when the file was indexed: the file changed.`, { reason: { code: 'changed-while-read' }, ...pathOf(file) });
        return v;
      },
    };
  }
}

/** Values already in hand (a replay's entries), as one batch. */
export async function* valuesFeed(values: readonly PyValue[]): MessageFeed {
  yield { count: values.length, value: (j) => values[j]! };
}

export interface ExportRunOptions {
  /** Aborting stops the run before its next message (it rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Messages done so far (called after each; a caller shows it at its own pace). */
  onProgress?: (done: number) => void;
  /** Work between yields to the event loop, ms (the page: 8; a worker, which holds no page, much more). */
  budgetMs?: number;
}

/** Runs `work` on every message of `feed` in slices of the page's time, stopping when aborted. */
async function eachMessage(feed: MessageFeed, work: (v: PyValue) => void, opts: ExportRunOptions): Promise<void> {
  let done = 0;
  function* steps(b: MessageBatch): Generator<void, void> {
    for (let j = 0; j < b.count; j++) {
      opts.signal?.throwIfAborted();
      work(b.value(j));
      opts.onProgress?.(++done);
      yield;
    }
  }
  for await (const b of feed) {
    opts.signal?.throwIfAborted();
    await runSliced(steps(b), opts.budgetMs);
  }
}

/** What the redaction search found: every finding counted, the first `limit` listed; the title's and key's kept apart (the file name depends on the key's). */
export interface ExportScan extends FindingTally {
  title: Numbered[];
  key: Numbered[];
}

/** The redaction search over the export's title, key (as stored) and messages, numbered as the written file numbers them. */
export async function scanExport(title: string, key: string, feed: MessageFeed, limit: number, opts: ExportRunOptions = {}): Promise<ExportScan> {
  const t = numberFindings(title, key, TITLE_PATH, 0);
  const k = numberFindings(key, key, KEY_PATH, t.length);
  const out: ExportScan = { ...emptyTally(), title: t, key: k };
  tallyFindings(out, [...t, ...k], limit);
  let next = t.length + k.length;
  let i = 0;
  await eachMessage(
    feed,
    (v) => {
      const ns = numberFindings(v, key, messagePath(i++), next);
      next += ns.length;
      tallyFindings(out, ns, limit);
    },
    opts,
  );
  return out;
}

/** Text gathered before it becomes a Blob part: parts of a few MiB, not one per message. */
const PART_CHARS = 1 << 20;

/** The export file of `head` and `feed`'s messages as a Blob of parts, masked by `mask` (null: leave the finding). */
export async function buildExportBlob(head: ExportHead, format: ExportFormat, feed: MessageFeed, mask: (n: Numbered) => string | null, opts: ExportRunOptions = {}): Promise<Blob> {
  const parts: Blob[] = [];
  let pending: string[] = [];
  let chars = 0;
  const add = (text: string) => {
    pending.push(text);
    chars += text.length;
    if (chars < PART_CHARS) return;
    parts.push(new Blob(pending));
    pending = [];
    chars = 0;
  };
  const { writer, text } = startExport(head, format, mask);
  add(text);
  await eachMessage(feed, (v) => add(writeMessage(writer, v)), opts);
  add(finishExport(writer));
  return new Blob([...parts, ...pending], { type: EXPORT_MIME[format] });
}

/** What the worker is asked: a search, or a file to make (the head's words as data). */
export type ExportRequest =
  | { type: 'scan'; file: Blob; ix: SliceColumns; title: string; key: string; limit: number }
  | { type: 'build'; file: Blob; ix: SliceColumns; head: Omit<ExportHead, 'words'>; words: ExportWordsData; format: ExportFormat; mask: MaskData };

/** What the worker answers: progress (messages done), then the findings, the file, or why it failed. */
export type ExportReply = { type: 'progress'; done: number } | { type: 'scan'; scan: ExportScan } | { type: 'blob'; blob: Blob } | ErrorReply;

/** Answers a request where it runs (the worker, or the page without workers). */
export async function answerExport(req: ExportRequest, opts: ExportRunOptions): Promise<ExportReply> {
  try {
    if (req.type === 'scan') return { type: 'scan', scan: await scanExport(req.title, req.key, fileFeed(req.file, req.ix), req.limit, opts) };
    const head = { ...req.head, words: wordsFromData(req.words) };
    return { type: 'blob', blob: await buildExportBlob(head, req.format, fileFeed(req.file, req.ix), maskFromData(req.mask), opts) };
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    return { type: 'error', error: toWire(e, 'reading', blobPath(req.file)) };
  }
}
