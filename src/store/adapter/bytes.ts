/** Byte helpers shared by the store: joining chunks, draining streams, hashing. */
import { yieldToEventLoop } from '../analyze/event-loop';

/** Join chunks into one buffer. */
export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Bytes read between two yields: a file's chunks are queued at once, so its reads chain as microtasks in one task. */
const YIELD_EVERY = 4 * 1024 * 1024;

/**
 * Read a whole stream into one buffer (files are loaded whole anyway; this keeps one copy). With the
 * expected `size` the chunks go straight into place, so a 100 MB file is not copied again at the end;
 * the page gets the event loop back every 4 MB.
 */
export async function readAll(stream: ReadableStream<Uint8Array>, size?: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const into = size !== undefined && size > 0 ? new Uint8Array(size) : null;
  let at = 0;
  let sinceYield = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return into && at === into.length && chunks.length === 0 ? into : concat(into ? [into.subarray(0, at), ...chunks] : chunks);
    if (into && chunks.length === 0 && at + value.length <= into.length) {
      into.set(value, at);
      at += value.length;
    } else chunks.push(value);
    sinceYield += value.length;
    if (sinceYield >= YIELD_EVERY) {
      sinceYield = 0;
      await yieldToEventLoop();
    }
  }
}

/** SHA-256 of the bytes as lowercase hex, via WebCrypto (browser and Node 20 alike). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
