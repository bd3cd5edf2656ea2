/**
 * Reading nanobot's lens of a file too big to hold: its bytes stream through the adapter's `read`
 * into `streamedLoad`, which keeps only the last messages. Any backend works (Node fs, handles).
 */
import { streamedLoad, type StreamedLoad } from '../core/streamed-load';
import type { FileStat, StorageAdapter } from './adapter';
import { StoreError } from './errors';
import { keyForFile } from './session-list';
import type { OpenOptions } from './sessions';

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

/** A ReadableStream's chunks as an async iterable (browsers' streams are not all iterable yet). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
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

const sameStat = (a: FileStat, b: FileStat) => a.size === b.size && a.lastModified === b.lastModified;

/**
 * `readNanobotLens` for files of any size: the same answers, streamed, holding `hold` messages.
 * Read again (up to 3 times) when the file changes during the read, as `readSteady` does.
 */
export async function readNanobotStreamed(adapter: StorageAdapter, path: string, opts: OpenOptions & { hold: number }): Promise<StreamedView> {
  const fileName = path.split('/').pop()!;
  for (let attempt = 1; ; attempt++) {
    const before = await adapter.stat(path);
    const chunks = async function* () {
      yield* chunksOf(await adapter.read(path));
    };
    const nanobot = await streamedLoad(chunks, { now: opts.now, version: opts.version, fallbackKey: keyForFile(fileName, opts.version), hold: opts.hold, ...(opts.key !== undefined ? { key: opts.key } : {}) });
    const after = await adapter.stat(path);
    if (sameStat(before, after)) return { path, fileName, key: nanobot.key, version: opts.version, size: after.size, nanobot };
    if (attempt === 3) throw new StoreError('conflict', `'${path}' keeps changing while it is read; is another program writing it?`, { path });
  }
}
