/**
 * The save guard's slice hash tells apart what a change to a file makes of a slice: any one byte
 * changed (in the stripes or the tail), a byte more or less, bytes swapped; and it does not depend
 * on where the slice lies in its buffer.
 */
import { describe, expect, it } from 'vitest';
import { sliceHash } from '../../src/core/bytes/slice-hash';

function bytesOf(n: number, seed = 1): Uint8Array {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) b[i] = (x = (Math.imul(x, 1103515245) + 12345) | 0) >>> 24;
  return b;
}

describe('sliceHash', () => {
  it('is 32 hex characters and the same for the same bytes wherever they lie', () => {
    const b = bytesOf(1000);
    const h = sliceHash(b);
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    for (const off of [1, 2, 3, 5]) {
      const other = new Uint8Array(b.length + off);
      other.set(b, off);
      expect(sliceHash(other.subarray(off))).toBe(h);
    }
  });

  it('changes with any one byte changed, a byte more or less, two bytes swapped', () => {
    for (const n of [0, 1, 15, 16, 17, 63, 64, 257, 4099]) {
      const b = bytesOf(n, n + 7);
      const h = sliceHash(b);
      const seen = new Set([h]);
      for (let i = 0; i < n; i++) {
        const c = b.slice();
        c[i] = c[i]! ^ (1 << (i % 8));
        seen.add(sliceHash(c));
      }
      expect(seen.size).toBe(n + 1);
      const longer = new Uint8Array(n + 1);
      longer.set(b);
      expect(sliceHash(longer)).not.toBe(h);
      if (n) expect(sliceHash(b.subarray(0, n - 1))).not.toBe(h);
      if (n >= 2 && b[0] !== b[1]) {
        const s = b.slice();
        [s[0], s[1]] = [s[1]!, s[0]!];
        expect(sliceHash(s)).not.toBe(h);
      }
    }
  });
});
