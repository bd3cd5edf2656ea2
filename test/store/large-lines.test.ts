import { describe, expect, it } from 'vitest';
import { indexBytes } from '../../src/core/line-index';
import { readLineHeads } from '../../src/store/large-lines';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** A Blob that counts its slices and the bytes they hold. */
function counted(bytes: Uint8Array) {
  const seen = { slices: 0, bytes: 0 };
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const slice = blob.slice.bind(blob);
  blob.slice = (a?: number, b?: number) => {
    seen.slices++;
    seen.bytes += (b ?? bytes.length) - (a ?? 0);
    return slice(a, b);
  };
  return { blob, seen };
}

describe('reading the heads of a large file’s lines', () => {
  it('reads neighbouring lines in one slice, and only the head of a long line', async () => {
    const text = ['{"a":1}', '{"b":2}', 'x'.repeat(100_000), '{"c":3}', '{"d":4}'].join('\r\n') + '\n';
    const bytes = enc(text);
    const ix = indexBytes(bytes, 'v0.2');
    const { blob, seen } = counted(bytes);
    const heads = await readLineHeads(blob, ix, [0, 1, 2, 3, 4], 3000);
    expect(heads.map(dec)).toEqual(['{"a":1}', '{"b":2}', 'x'.repeat(3000), '{"c":3}', '{"d":4}']);
    // lines 0–2 (up to the long line's head) in one slice, 3–4 in another
    expect(seen.slices).toBe(2);
    expect(seen.bytes).toBeLessThan(3100);
  });
});
