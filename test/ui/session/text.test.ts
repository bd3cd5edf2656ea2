/** count(): the same text as en-US toLocaleString for integers of every length and sign. */
import { describe, expect, it } from 'vitest';
import { count } from '../../../src/ui/session/text';

describe('count', () => {
  it('groups integers by thousands exactly as en-US toLocaleString does', () => {
    const values = [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, 50_000, -123_456_789, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (const n of values) expect(count(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves fractions and unsafe numbers to toLocaleString', () => {
    for (const n of [1.5, 2 ** 60, -0.25]) expect(count(n)).toBe(n.toLocaleString('en-US'));
  });
});
