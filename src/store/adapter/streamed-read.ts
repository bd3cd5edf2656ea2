/**
 * A file too big to hold, read as a stream of chunks through the adapter (Node's reused buffer, or
 * any backend's stream), by a reader that finds the file unchanged before and after (`steadily`).
 */
import type { FileStat, StorageAdapter } from './adapter';
import { StoreError } from './errors';

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

const sameStat = (a: FileStat, b: FileStat) => a.size === b.size && a.lastModified === b.lastModified;

/** `read(chunks)` over a file that did not change meanwhile (read again up to 3 times, as `readSteady` does). */
export async function steadily<T>(adapter: StorageAdapter, path: string, read: (chunks: () => AsyncIterable<Uint8Array>) => Promise<T>): Promise<{ value: T; size: number; stat: FileStat }> {
  const chunks = () => chunksFrom(adapter, path);
  for (let attempt = 1; ; attempt++) {
    const before = await adapter.stat(path);
    const value = await read(chunks);
    const after = await adapter.stat(path);
    if (sameStat(before, after)) return { value, size: after.size, stat: after };
    if (attempt === 3) throw new StoreError('conflict', `'${path}' keeps changing while it is read; is another program writing it?`, { path, reason: { code: 'keeps-changing' } });
  }
}
