import { describe, expect, it } from 'vitest';
import { blobFill } from '../../src/store/large/read/blob-fill';
import { shortReads } from '../short-reads';
import { expectEqual } from '../expect-equal';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 13 + 5) & 0xff);

async function readAll(file: Blob, size: number, reuse: boolean): Promise<{ parts: number[]; bytes: Uint8Array; buffers: number }> {
  const { fill } = blobFill(file);
  const parts: number[] = [];
  const out = new Uint8Array(file.size);
  let at = 0;
  let buf = new ArrayBuffer(size);
  const seen = new Set<ArrayBuffer>();
  for (;;) {
    const got = await fill(new Uint8Array(reuse ? buf : new ArrayBuffer(size)));
    if (!got.length) break;
    parts.push(got.length);
    out.set(got, at);
    at += got.length;
    buf = got.buffer as ArrayBuffer;
    seen.add(buf);
  }
  return { parts, bytes: out, buffers: seen.size };
}

describe('blobFill', () => {
  it('fills each buffer whole where the byte stream answers in short reads (the read transfers the buffer)', async () => {
    const data = bytesOf(200_000);
    const r = await readAll(shortReads(data, 4096), 70_000, true);
    expect(r.parts).toEqual([70_000, 70_000, 60_000]);
    expectEqual(r.bytes, data);
  });


  it('fills each buffer whole from a byte stream (reads shorter than the buffer are joined), the last one short, then none', async () => {
    const data = bytesOf(200_000);
    const r = await readAll(new Blob([data]), 70_000, true);
    expect(r.parts).toEqual([70_000, 70_000, 60_000]);
    expectEqual(r.bytes, data);
  });

  it('reads slices where the Blob has no byte stream', async () => {
    const data = bytesOf(5000);
    const plain = new Blob([data]);
    const noStream = { size: plain.size, slice: (a: number, b: number) => plain.slice(a, b) } as unknown as Blob;
    const r = await readAll(noStream, 2048, false);
    expect(r.parts).toEqual([2048, 2048, 904]);
    expectEqual(r.bytes, data);
  });

  it('fills the part of a buffer a view covers, leaving the bytes before it as they were', async () => {
    const data = bytesOf(1000);
    const { fill } = blobFill(new Blob([data]));
    const buf = new Uint8Array(600);
    buf.fill(7, 0, 100);
    const got = await fill(buf.subarray(100));
    expect([got.byteOffset, got.length]).toEqual([100, 500]);
    const whole = new Uint8Array(got.buffer, 0, 600);
    expect(whole.subarray(0, 100).every((b) => b === 7)).toBe(true);
    expectEqual(whole.subarray(100), data.subarray(0, 500));
    expectEqual(await fill(new Uint8Array(1000)), data.subarray(500));
  });

  it('an empty file gives nothing', async () => {
    expect((await readAll(new Blob([]), 16, true)).parts).toEqual([]);
  });

  it('goes on in slices from where a stream stopped answering, the bytes before the view kept', async () => {
    const data = bytesOf(300_000);
    const { fill } = blobFill(shortReads(data, 40_000, 4), 30);
    const first = await fill(new Uint8Array(100_000));
    expectEqual(first, data.subarray(0, 100_000));
    // The fourth read fills part of this buffer, then the stream stalls with the buffer in hand.
    const buf = new Uint8Array(150_000);
    buf.fill(9, 0, 50_000);
    const second = await fill(buf.subarray(50_000));
    expect([second.byteOffset, second.length]).toEqual([50_000, 100_000]);
    expect(new Uint8Array(second.buffer, 0, 50_000).every((b) => b === 9)).toBe(true);
    expectEqual(second, data.subarray(100_000, 200_000));
    expectEqual(await fill(new Uint8Array(150_000)), data.subarray(200_000));
    expect((await fill(new Uint8Array(10))).length).toBe(0);
  }, 5000);
});
