import { describe, expect, it } from 'vitest';
import { wholeLinesEnd } from '../../src/core/index/index-parts';
import { feedSlices, readSlices, takeSlices, type FeedMessage, type TakenSlice } from '../../src/store/large/read/slice-feed';
import { shortReads } from '../short-reads';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);
/** Lines of 1 to 60 bytes, ended by \n, \r\n or \r in turn, the last without an end. */
function linesOf(n: number): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  for (let i = 0; out.length < n; i++) {
    for (let k = 0; k < 1 + ((i * 37) % 60); k++) out.push(0x61 + ((i + k) % 26));
    out.push(...[[10], [13, 10], [13]][i % 3]!);
  }
  out.length = n;
  return Uint8Array.from(out);
}

async function collect(it: AsyncIterable<TakenSlice>): Promise<TakenSlice[]> {
  const out: TakenSlice[] = [];
  // A taken slice's buffer goes back to the feed once the next is asked for: keep a copy.
  for await (const s of it) out.push({ ...s, bytes: s.bytes.slice() });
  return out;
}

/** Takes from several ports at once, as the indexing workers do; the slices in the file's order. */
async function collectAll(ports: MessagePort[]): Promise<TakenSlice[]> {
  const each = await Promise.all(ports.map((p) => collect(takeSlices(p))));
  return each.flat().sort((a, b) => a.n - b.n);
}

const joined = (parts: TakenSlice[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.bytes.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p.bytes, at);
    at += p.bytes.length;
  }
  return out;
};

/** Every slice but the last ends where a line ends (the next byte known), and says where it starts. */
function expectWholeLines(parts: TakenSlice[], data: Uint8Array): void {
  let at = 0;
  parts.forEach((p, i) => {
    expect([p.n, p.at]).toEqual([i, at]);
    at += p.bytes.length;
    // The byte before the cut ends a line: a \n, or a \r not followed by \n.
    if (i < parts.length - 1) expect(wholeLinesEnd(data.subarray(at - 1, at + 1)), `cut at ${at}`).toBe(1);
  });
  expect(at).toBe(data.length);
}

describe('slice feed', () => {
  it('hands a file from the reading side to the taking side in slices of whole lines, in order, every byte once', async () => {
    const data = linesOf(10_000);
    const { port1, port2 } = new MessageChannel();
    const feeding = feedSlices({ file: new Blob([data]), slice: 1024, ahead: 2, ports: [port1] });
    const parts = await collect(takeSlices(port2));
    await feeding;
    expect(joined(parts)).toEqual(data);
    expectWholeLines(parts, data);
    expect(parts.length).toBeGreaterThan(9);
    expect(parts.every((p) => p.bytes.length <= 1024)).toBe(true);
    port1.close();
  });

  it('fills each slice whole where the file answers in short reads (as Chromium reads a file on disk), and ends once it is read', async () => {
    const data = linesOf(50_000);
    const a = new MessageChannel();
    const b = new MessageChannel();
    const feeding = feedSlices({ file: shortReads(data, 100), slice: 1024, ahead: 2, ports: [a.port1, b.port1] });
    const parts = await collectAll([a.port2, b.port2]);
    await feeding;
    expect(joined(parts)).toEqual(data);
    expectWholeLines(parts, data);
    // Lines are at most 62 bytes and the cut is after the last `\n` (three lines back at most):
    // every slice but the last is nearly full, never one read of 100 bytes.
    expect(parts.slice(0, -1).map((p) => p.bytes.length).filter((n) => n <= 1024 - 3 * 62)).toEqual([]);
    a.port1.close();
    b.port1.close();
  });

  it('sends slice n to port n mod ports, so two workers index every other slice; joined in order they are the file', async () => {
    for (const size of [61, 64, 1000]) {
      const data = linesOf(20_000);
      const a = new MessageChannel();
      const b = new MessageChannel();
      const feeding = feedSlices({ file: new Blob([data]), slice: size, ahead: 2, ports: [a.port1, b.port1] });
      const [pa, pb] = await Promise.all([collect(takeSlices(a.port2)), collect(takeSlices(b.port2))]);
      await feeding;
      expect(pa.every((p) => p.n % 2 === 0) && pb.every((p) => p.n % 2 === 1)).toBe(true);
      const parts = [...pa, ...pb].sort((x, y) => x.n - y.n);
      expect(joined(parts)).toEqual(data);
      expectWholeLines(parts, data);
      a.port1.close();
      b.port1.close();
    }
  });

  it('a line longer than a slice makes a slice as long (the buffer grows, then is left for the spare ones)', async () => {
    const long = new Uint8Array(5000).fill(0x61);
    const data = new Uint8Array([...long, 10, 0x62, 13, ...long.subarray(0, 300), 13, 10, 0x63]);
    const { port1, port2 } = new MessageChannel();
    const feeding = feedSlices({ file: new Blob([data]), slice: 256, ahead: 1, ports: [port1] });
    const parts = await collect(takeSlices(port2));
    await feeding;
    // The grown buffer holds the rest of the file: one slice.
    expect(parts.map((p) => p.bytes.length)).toEqual([5306]);
    expectWholeLines(parts, data);
    port1.close();
  });

  it('reads no more than `ahead` slices a port has not taken (memory stays bounded)', async () => {
    const { port1, port2 } = new MessageChannel();
    const seen: FeedMessage['type'][] = [];
    port2.onmessage = (e: MessageEvent<FeedMessage>) => void seen.push(e.data.type);
    void feedSlices({ file: new Blob([linesOf(10_000)]), slice: 1000, ahead: 3, ports: [port1] });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['slice', 'slice', 'slice']);
    // Each slice taken lets one more be read.
    port2.postMessage('took');
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.length).toBe(4);
    port1.close();
    port2.close();
  });

  it('an empty file ends at once on every port; a read that fails reaches the taking side as an error', async () => {
    const a = new MessageChannel();
    const b = new MessageChannel();
    const feeding = feedSlices({ file: new Blob([]), slice: 1024, ahead: 2, ports: [a.port1, b.port1] });
    expect(await collectAll([a.port2, b.port2])).toEqual([]);
    await feeding;
    a.port1.close();
    b.port1.close();
    const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('the file changed')) }) } as unknown as Blob;
    const c = new MessageChannel();
    void feedSlices({ file: broken, slice: 4, ahead: 2, ports: [c.port1] });
    await expect(collect(takeSlices(c.port2))).rejects.toThrow('the file changed');
    c.port1.close();
  });

  it('reads into the buffers the taking side sends back: a few slices in memory, however long the file', async () => {
    const data = linesOf(100_000);
    const { port1, port2 } = new MessageChannel();
    const made = new Set<ArrayBuffer>();
    const Real = globalThis.ArrayBuffer;
    // Count the slice-sized buffers the feed allocates (the size the test uses for nothing else).
    function counting(n: number) {
      const b = new Real(n);
      if (n === 1000) made.add(b);
      return b;
    }
    Object.setPrototypeOf(counting, Real);
    counting.prototype = Real.prototype;
    globalThis.ArrayBuffer = counting as unknown as ArrayBufferConstructor;
    try {
      const feeding = feedSlices({ file: new Blob([data]), slice: 1000, ahead: 2, ports: [port1] });
      const parts = await collect(takeSlices(port2));
      await feeding;
      expect(joined(parts)).toEqual(data);
      expect(parts.length).toBeGreaterThan(100);
    } finally {
      globalThis.ArrayBuffer = Real;
    }
    expect(made.size).toBeGreaterThan(0);
    expect(made.size).toBeLessThanOrEqual(4);
    port1.close();
  });

  it('reads the same slices on one thread where there are no workers', async () => {
    const data = bytesOf(5000);
    const parts: Uint8Array[] = [];
    for await (const p of readSlices(new Blob([data]), 2048)) parts.push(p);
    expect(parts.map((p) => p.length)).toEqual([2048, 2048, 904]);
    expect(Uint8Array.from(parts.flatMap((p) => [...p]))).toEqual(data);
  });
});
