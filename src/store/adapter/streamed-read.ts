/**
 * A file too big to hold, read as a stream of chunks through the adapter (Node's reused buffer, or
 * any backend's stream).
 */
import type { StorageAdapter } from './adapter';

/** Bytes a BYOB read asks for at once (what the Node adapter reads). */
const BYOB_CHUNK = 1 << 20;

/**
 * A ReadableStream's chunks as an async iterable (browsers' streams are not all iterable yet). A
 * byte stream is read into one buffer over and over, so a chunk is valid only until the next one.
 */
export async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    byob = null; // not a byte stream
  }
  if (byob) {
    let buffer: ArrayBuffer = new ArrayBuffer(BYOB_CHUNK);
    try {
      for (;;) {
        const { done, value } = await byob.read(new Uint8Array(buffer, 0, BYOB_CHUNK));
        if (done || !value) return;
        yield value;
        buffer = value.buffer as ArrayBuffer; // the read moved it: take it back for the next one
      }
    } finally {
      byob.releaseLock();
    }
  }
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The file's chunks: through the adapter's reused buffer where it has one, else its stream. */
export async function* chunksFrom(adapter: StorageAdapter, path: string): AsyncIterable<Uint8Array> {
  if (adapter.readChunks) yield* adapter.readChunks(path);
  else yield* chunksOf(await adapter.read(path));
}
