import { describe, expect, it } from 'vitest';
import { feedSlices, readSlices, takeSlices, type FeedMessage } from '../../src/store/slice-feed';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

async function collect(it: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  // A taken slice's buffer goes back to the feed once the next is asked for: keep a copy.
  for await (const b of it) out.push(b.slice());
  return out;
}

const joined = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe('slice feed', () => {
  it('hands a file from the reading side to the taking side in order, every byte once, the last slice short', async () => {
    const data = bytesOf(10_000);
    const { port1, port2 } = new MessageChannel();
    const feeding = feedSlices({ file: new Blob([data]), slice: 1024, ahead: 2, port: port1 });
    const parts = await collect(takeSlices(port2));
    await feeding;
    expect(parts.map((p) => p.length)).toEqual([...Array(9).fill(1024), 10_000 - 9 * 1024]);
    expect(joined(parts)).toEqual(data);
    port1.close();
  });

  it('reads no more than `ahead` slices the other side has not taken (memory stays bounded)', async () => {
    const { port1, port2 } = new MessageChannel();
    const seen: FeedMessage['type'][] = [];
    port2.onmessage = (e: MessageEvent<FeedMessage>) => void seen.push(e.data.type);
    void feedSlices({ file: new Blob([bytesOf(10_000)]), slice: 1000, ahead: 3, port: port1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['slice', 'slice', 'slice']);
    // Each slice taken lets one more be read.
    port2.postMessage('took');
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.length).toBe(4);
    port1.close();
    port2.close();
  });

  it('an empty file ends at once; a read that fails reaches the taking side as an error', async () => {
    const a = new MessageChannel();
    const feeding = feedSlices({ file: new Blob([]), slice: 1024, ahead: 2, port: a.port1 });
    expect(await collect(takeSlices(a.port2))).toEqual([]);
    await feeding;
    a.port1.close();
    const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('the file changed')) }) } as unknown as Blob;
    const b = new MessageChannel();
    void feedSlices({ file: broken, slice: 4, ahead: 2, port: b.port1 });
    await expect(collect(takeSlices(b.port2))).rejects.toThrow('the file changed');
    b.port1.close();
  });

  it('reads into the buffers the taking side sends back: a few slices in memory, however long the file', async () => {
    const data = bytesOf(100_000);
    const { port1, port2 } = new MessageChannel();
    const made = new Set<ArrayBuffer>();
    const Real = globalThis.ArrayBuffer;
    // Count the slice-sized buffers the feed allocates (the sizes the test uses for nothing else).
    function counting(n: number) {
      const b = new Real(n);
      if (n === 1000) made.add(b);
      return b;
    }
    Object.setPrototypeOf(counting, Real);
    counting.prototype = Real.prototype;
    globalThis.ArrayBuffer = counting as unknown as ArrayBufferConstructor;
    try {
      const feeding = feedSlices({ file: new Blob([data]), slice: 1000, ahead: 2, port: port1 });
      const parts = await collect(takeSlices(port2));
      await feeding;
      expect(joined(parts)).toEqual(data);
      expect(parts.length).toBe(100);
    } finally {
      globalThis.ArrayBuffer = Real;
    }
    expect(made.size).toBeGreaterThan(0);
    expect(made.size).toBeLessThanOrEqual(4);
    port1.close();
  });

  it('reads the same slices on one thread where there are no workers', async () => {
    const data = bytesOf(5000);
    const parts = await collect(readSlices(new Blob([data]), 2048));
    expect(parts.map((p) => p.length)).toEqual([2048, 2048, 904]);
    expect(joined(parts)).toEqual(data);
  });
});
