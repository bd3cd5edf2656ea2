/**
 * Worker that analyzes a session file off the page's thread: a quick preview of the first messages,
 * then the whole analysis in batches small enough that receiving each never blocks the page long,
 * and the file's SHA-256 (hashing 100 MB on the page would block it for a tenth of a second).
 */
import { parseDocument } from '../../core/lens/document';
import { sha256Hex } from '../adapter/bytes';
import { analyzeSession, type AnalyzeOptions } from '../../core/lens/open';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { encodeBatches, encodeHead } from './analysis-wire';
import type { WorkerRequest, WorkerReply } from './analyze-client';
import { poster, toWire } from '../large/worker-error';

const PREVIEW_BYTES = 256 * 1024;

const post = poster<WorkerReply>();

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const { id, buffer, opts } = e.data;
  const bytes = new Uint8Array(buffer);
  try {
    post({ id, type: 'preview', messages: preview(bytes, opts.version) });
    // WebCrypto copies its input when called, so the buffer can go back before the hash is done.
    const hashing = sha256Hex(bytes);
    const a = analyzeSession(bytes, opts as AnalyzeOptions);
    // Batches are encoded before the bytes go back with the head (their values are already
    // parsed); the page then builds each batch's records as it arrives.
    const batches = encodeBatches(a, bytes);
    post({ id, type: 'head', head: encodeHead(a), buffer }, [buffer]);
    for (const b of batches) post({ id, type: 'batch', batch: b });
    post({ id, type: 'done', sha256: await hashing });
  } catch (err) {
    post({ id, type: 'error', error: toWire(err, 'reading', opts.fileName) });
  }
};

/** The first messages of the file, for showing something while the rest is parsed. */
function preview(bytes: Uint8Array, version: NanobotVersion) {
  let end = Math.min(bytes.length, PREVIEW_BYTES);
  while (end < bytes.length && bytes[end - 1] !== 10) end++;
  const doc = parseDocument(bytes.subarray(0, end), { version });
  return doc.records.filter((r) => r.kind === 'message' && !r.exact).map((r) => r.value!);
}
