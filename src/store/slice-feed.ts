/**
 * A file's bytes handed from one thread to another in slices, read ahead. In Chromium a Blob read
 * only moves while its thread's event loop is free to take the bytes in: a worker that reads and
 * indexes on one thread waits for each slice after indexing the one before. So one thread reads
 * (this feed) and sends each slice, transferred, to the thread that indexes, keeping at most
 * `ahead` slices it has not taken yet. The taking side sends each buffer back once it is done with
 * it, and the feed reads into it again (blob-fill.ts): no new buffer per slice.
 */
import { blobFill } from './blob-fill';

/** What the reading side sends: a slice (its buffer transferred, `length` bytes of it read), the end, or why it stopped. */
export type FeedMessage = { type: 'slice'; bytes: ArrayBuffer; length: number } | { type: 'end' } | { type: 'error'; message: string };

/** What the taking side sends back: it took a slice (so one more may be read), or a slice's buffer it is done with. */
export type FeedAck = 'took' | ArrayBuffer;

/** The start of a feed: the file, the slice size, how many slices to hold ahead, the port to send them on. */
export interface FeedRequest {
  file: Blob;
  slice: number;
  ahead: number;
  port: MessagePort;
}

/**
 * Reads `file` in slices and sends them on `port`, never more than `ahead` untaken: reading runs
 * while the other side works, and memory stays at a few slices however large the file.
 */
export async function feedSlices({ file, slice, ahead, port }: FeedRequest): Promise<void> {
  let untaken = 0;
  const spare: ArrayBuffer[] = [];
  let wake: (() => void) | null = null;
  port.onmessage = (e: MessageEvent<FeedAck>) => {
    if (e.data === 'took') untaken--;
    else if (e.data instanceof ArrayBuffer && e.data.byteLength === slice) spare.push(e.data);
    wake?.();
    wake = null;
  };
  const reading = blobFill(file);
  try {
    for (let a = 0; a < file.size; ) {
      while (untaken >= ahead) await new Promise<void>((r) => (wake = r));
      const bytes = await reading.fill(spare.pop() ?? new ArrayBuffer(slice));
      if (!bytes.length) break;
      a += bytes.length;
      untaken++;
      port.postMessage({ type: 'slice', bytes: bytes.buffer as ArrayBuffer, length: bytes.length } satisfies FeedMessage, [bytes.buffer as ArrayBuffer]);
    }
    port.postMessage({ type: 'end' } satisfies FeedMessage);
  } catch (err) {
    reading.cancel();
    port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies FeedMessage);
  } finally {
    port.onmessage = null;
  }
}

/**
 * The taking side: the slices sent on `port`, in order, each acknowledged as it is taken; its
 * buffer goes back to the feed when the caller asks for the next one (so it must not keep views of it).
 */
export async function* takeSlices(port: MessagePort): AsyncGenerator<Uint8Array> {
  const queue: FeedMessage[] = [];
  let wake: (() => void) | null = null;
  port.onmessage = (e: MessageEvent<FeedMessage>) => {
    queue.push(e.data);
    wake?.();
    wake = null;
  };
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const m = queue.shift()!;
      if (m.type === 'end') return;
      if (m.type === 'error') throw new Error(m.message);
      port.postMessage('took' satisfies FeedAck);
      yield new Uint8Array(m.bytes, 0, m.length);
      port.postMessage(m.bytes satisfies FeedAck, [m.bytes]);
    }
  } finally {
    port.onmessage = null;
    port.close();
  }
}

/** The same slices read on this thread, for where there are no workers (Node, tests). */
export async function* readSlices(file: Blob, slice: number): AsyncGenerator<Uint8Array> {
  for (let a = 0; a < file.size; a += slice) yield new Uint8Array(await file.slice(a, Math.min(file.size, a + slice)).arrayBuffer());
}
