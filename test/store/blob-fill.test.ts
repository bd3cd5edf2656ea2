import { describe, expect, it } from 'vitest';
import { blobFill } from '../../src/store/blob-fill';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 13 + 5) & 0xff);

async function readAll(file: Blob, size: number, reuse: boolean): Promise<{ parts: number[]; bytes: Uint8Array; buffers: number }> {
  const { fill } = blobFill(file);
  const parts: number[] = [];
  const out = new Uint8Array(file.size);
  let at = 0;
  let buf = new ArrayBuffer(size);
  const seen = new Set<ArrayBuffer>();
  for (;;) {
    const got = await fill(reuse ? buf : new ArrayBuffer(size));
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
  it('fills each buffer whole from a byte stream (reads shorter than the buffer are joined), the last one short, then none', async () => {
    const data = bytesOf(200_000);
    const r = await readAll(new Blob([data]), 70_000, true);
    expect(r.parts).toEqual([70_000, 70_000, 60_000]);
    expect(r.bytes).toEqual(data);
  });

  it('reads slices where the Blob has no byte stream', async () => {
    const data = bytesOf(5000);
    const plain = new Blob([data]);
    const noStream = { size: plain.size, slice: (a: number, b: number) => plain.slice(a, b) } as unknown as Blob;
    const r = await readAll(noStream, 2048, false);
    expect(r.parts).toEqual([2048, 2048, 904]);
    expect(r.bytes).toEqual(data);
  });

  it('an empty file gives nothing', async () => {
    expect((await readAll(new Blob([]), 16, true)).parts).toEqual([]);
  });
});
