/** readAll: the same bytes whatever the size hint says (exact, short, long, none), and it yields on long reads. */
import { describe, expect, it } from 'vitest';
import { readAll } from '../../src/store/adapter/bytes';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(ctrl) {
      if (i < chunks.length) ctrl.enqueue(chunks[i++]!);
      else ctrl.close();
    },
  });
}

/** n chunks of `len` bytes, each byte its own position mod 251 (so misplaced chunks show). */
function chunked(n: number, len: number): { chunks: Uint8Array[]; whole: Uint8Array } {
  const whole = new Uint8Array(n * len);
  for (let i = 0; i < whole.length; i++) whole[i] = i % 251;
  return { chunks: Array.from({ length: n }, (_, k) => whole.slice(k * len, (k + 1) * len)), whole };
}

describe('readAll', () => {
  it('returns the stream bytes in order with no hint, an exact hint, a short hint and a long hint', async () => {
    const { chunks, whole } = chunked(7, 1000);
    for (const size of [undefined, 0, 7000, 3500, 2999, 12_000]) {
      const got = await readAll(streamOf(chunks), size);
      expect(got.length, `size ${size}`).toBe(whole.length);
      expect(Buffer.from(got).equals(Buffer.from(whole)), `size ${size}`).toBe(true);
    }
  });

  it('with an exact hint returns a buffer of its own (whole, offset 0), ready to transfer to a worker', async () => {
    const { chunks } = chunked(3, 10);
    const got = await readAll(streamOf(chunks), 30);
    expect([got.byteOffset, got.buffer.byteLength]).toEqual([0, 30]);
  });

  it('lets timers run during a read of more than 4 MB whose chunks are all queued', async () => {
    const { chunks, whole } = chunked(40, 256 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (const c of chunks) ctrl.enqueue(c);
        ctrl.close();
      },
    });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const got = await readAll(stream, whole.length);
    clearInterval(timer);
    expect(Buffer.from(got).equals(Buffer.from(whole))).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });
});
