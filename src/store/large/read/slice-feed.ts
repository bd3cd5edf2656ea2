/**
 * A file's bytes handed from one thread to others in slices of whole lines, read ahead. In
 * Chromium a Blob read only moves while its thread's event loop is free to take the bytes in: a
 * worker that reads and indexes on one thread waits for each slice after indexing the one before.
 * So one thread reads (this feed) and sends each slice, transferred, to the threads that index,
 * in turn (slice n to port n mod ports), keeping at most `ahead` slices a port has not taken yet.
 * Each slice ends just after a line's end (index-parts.ts: the bytes after it start the next
 * slice), so each can be indexed on its own. The taking side sends each buffer back once it is
 * done with it, and the feed reads into it again (blob-fill.ts): no new buffer per slice.
 */
import { wholeLinesEnd } from '../../../core/index/index-parts';
import { blobFill } from './blob-fill';
import { blobPath, fromWire, toWire, type ErrorReply } from '../worker-error';

/** What the reading side sends: slice `n` (its buffer transferred; `length` bytes of it, from file offset `at`), the end, or why it stopped. */
export type FeedMessage = { type: 'slice'; n: number; at: number; bytes: ArrayBuffer; length: number } | { type: 'end' } | ErrorReply;

/** What the taking side sends back: it took a slice (so one more may be read), or a slice's buffer it is done with. */
type FeedAck = 'took' | ArrayBuffer;

/** The start of a feed: the file, the slice size, how many slices to hold ahead per port, the ports to send them on. */
export interface FeedRequest {
  file: Blob;
  slice: number;
  ahead: number;
  ports: MessagePort[];
}

/** A slice as the taking side gets it: its number in the file's order, its file offset, its bytes. */
export interface TakenSlice {
  n: number;
  at: number;
  bytes: Uint8Array;
}

/**
 * Reads `file` in slices of whole lines and sends them on `ports` in turn, never more than `ahead`
 * untaken on a port: reading runs while the other side works, and memory stays at a few slices
 * however large the file (a line longer than a slice makes that one slice as long as the line).
 */
export async function feedSlices({ file, slice, ahead, ports }: FeedRequest): Promise<void> {
  const untaken = ports.map(() => 0);
  const spare: ArrayBuffer[] = [];
  let wake: (() => void) | null = null;
  ports.forEach((port, k) => {
    port.onmessage = (e: MessageEvent<FeedAck>) => {
      if (e.data === 'took') untaken[k]!--;
      else if (e.data instanceof ArrayBuffer && e.data.byteLength === slice) spare.push(e.data);
      wake?.();
      wake = null;
    };
  });
  const reading = blobFill(file);
  /** The bytes read after the last whole line so far (a copy): the next slice's first bytes. */
  let rest = new Uint8Array(0);
  let at = 0;
  let n = 0;
  try {
    for (let ended = false; !ended; ) {
      const k = n % ports.length;
      while (untaken[k]! >= ahead) await new Promise<void>((r) => (wake = r));
      const buf = rest.length < slice ? (spare.pop() ?? new ArrayBuffer(slice)) : new ArrayBuffer(Math.max(2 * rest.length, rest.length + slice));
      const size = buf.byteLength;
      const head = new Uint8Array(buf, 0, rest.length);
      head.set(rest);
      // `buf` is transferred by the read (it reads as empty after): its size is taken before.
      const got = await reading.fill(new Uint8Array(buf, rest.length));
      ended = rest.length + got.length < size;
      const bytes = new Uint8Array(got.buffer, 0, rest.length + got.length);
      const cut = ended ? bytes.length : wholeLinesEnd(bytes);
      rest = bytes.slice(cut);
      if (!cut) {
        if (bytes.buffer.byteLength === slice) spare.push(bytes.buffer);
        continue;
      }
      untaken[k]!++;
      ports[k]!.postMessage({ type: 'slice', n, at, bytes: bytes.buffer, length: cut } satisfies FeedMessage, [bytes.buffer]);
      at += cut;
      n++;
    }
    for (const port of ports) port.postMessage({ type: 'end' } satisfies FeedMessage);
  } catch (err) {
    reading.cancel();
    for (const port of ports) port.postMessage({ type: 'error', error: toWire(err, 'reading', blobPath(file)) } satisfies FeedMessage);
  } finally {
    for (const port of ports) port.onmessage = null;
  }
}

/**
 * The taking side: the slices sent on `port`, in order, each acknowledged as it is taken; its
 * buffer goes back to the feed when the caller asks for the next one (so it must not keep views of it).
 */
export async function* takeSlices(port: MessagePort): AsyncGenerator<TakenSlice> {
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
      if (m.type === 'error') throw fromWire(m.error);
      port.postMessage('took' satisfies FeedAck);
      yield { n: m.n, at: m.at, bytes: new Uint8Array(m.bytes, 0, m.length) };
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
