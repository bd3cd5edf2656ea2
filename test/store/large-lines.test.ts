import { describe, expect, it } from 'vitest';
import { indexBytes } from '../index-bytes';
import { readLineHeads } from '../../src/store/large/read/large-lines';
import { countedBlob } from '../counted-blob';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('reading the heads of a large file’s lines', () => {
  it('reads neighbouring lines in one slice, and only the head of a long line', async () => {
    const text = ['{"a":1}', '{"b":2}', 'x'.repeat(100_000), '{"c":3}', '{"d":4}'].join('\r\n') + '\n';
    const bytes = enc(text);
    const ix = indexBytes(bytes, 'v0.2');
    const { blob, seen } = countedBlob(bytes);
    const heads = await readLineHeads(blob, ix, [0, 1, 2, 3, 4], 3000);
    expect(heads.map(dec)).toEqual(['{"a":1}', '{"b":2}', 'x'.repeat(3000), '{"c":3}', '{"d":4}']);
    // lines 0–2 (up to the long line's head) in one slice, 3–4 in another
    expect(seen.slices).toBe(2);
    expect(seen.bytes).toBeLessThan(3100);
  });
});
