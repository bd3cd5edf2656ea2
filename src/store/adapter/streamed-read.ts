/**
 * Reading nanobot's lens of a file too big to hold: its bytes stream through the adapter's `read`
 * into `streamedLoad`, which keeps only the last messages. Any backend works (Node fs, handles).
 */
import { streamedLoad, type StreamedLoad } from '../../core/lens/streamed-load';
import type { FileStat, StorageAdapter } from './adapter';
import { StoreError } from './errors';
import { keyForFile } from '../listing/session-list';
import type { OpenOptions } from '../save/sessions';

/** nanobot's lens of a streamed file: the last `hold` messages, every message's line and role. */
export interface StreamedView {
  path: string;
  fileName: string;
  key: string;
  version: OpenOptions['version'];
  /** The file's size when read. */
  size: number;
  nanobot: StreamedLoad;
}

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

/**
 * A first pass over a file (as `steadily` reads it), then `again(pass)` for each later pass over the
 * same bytes: a later pass that finds the file changed since the first throws a 'conflict' error.
 */
export async function readPasses<T>(adapter: StorageAdapter, path: string, first: (chunks: () => AsyncIterable<Uint8Array>) => Promise<T>): Promise<{ value: T; size: number; again: (pass: (chunks: AsyncIterable<Uint8Array>) => Promise<void>) => Promise<void> }> {
  const { value, size } = await steadily(adapter, path, first);
  const stat = await adapter.stat(path);
  const changed = () => new StoreError('conflict', `'${path}' changed while it was read; is another program writing it?`, { path, reason: { code: 'changed-while-read' } });
  if (size !== stat.size) throw changed();
  const again = async (pass: (chunks: AsyncIterable<Uint8Array>) => Promise<void>) => {
    try {
      await pass(chunksFrom(adapter, path));
    } catch (e) {
      if (!sameStat(stat, await adapter.stat(path))) throw changed();
      throw e;
    }
    if (!sameStat(stat, await adapter.stat(path))) throw changed();
  };
  return { value, size, again };
}

/** `readNanobotLens` for files of any size: the same answers, streamed, holding `hold` messages. */
export async function readNanobotStreamed(adapter: StorageAdapter, path: string, opts: OpenOptions & { hold: number }): Promise<StreamedView> {
  const fileName = path.split('/').pop()!;
  const load = { now: opts.now, version: opts.version, fallbackKey: keyForFile(fileName, opts.version), hold: opts.hold, ...(opts.key !== undefined ? { key: opts.key } : {}) };
  const { value: nanobot, size } = await steadily(adapter, path, (chunks) => streamedLoad(chunks, load));
  return { path, fileName, key: nanobot.key, version: opts.version, size, nanobot };
}
