/** Python 3.11 is Unicode 14.0: newer characters are unassigned to it (repr escapes them, lower keeps them). */
import { describe, expect, it } from 'vitest';
import { pyRepr } from '../../src/core/python/pyrepr';
import { newerThanUnicode14, pyLower } from '../../src/core/python/unicode14';

describe('Unicode 14 as Python 3.11 sees it', () => {
  it('knows which characters came later', () => {
    expect(newerThanUnicode14(0x1f6dc)).toBe(true); // 15.0 wireless symbol
    expect(newerThanUnicode14(0x2ebf0)).toBe(true); // 15.1 CJK Extension I
    expect(newerThanUnicode14(0x41)).toBe(false);
    expect(newerThanUnicode14(0x1f600)).toBe(false);
  });

  it('repr escapes them as Python does', () => {
    expect(pyRepr('a\u{1f6dc}b')).toBe("'a\\U0001f6dcb'");
    expect(pyRepr('\u{1f600}')).toBe("'\u{1f600}'");
  });

  it('lower leaves them alone and lowers the rest, final sigma included', () => {
    expect(pyLower('ABC\u{10d50}DEF')).toBe('abc\u{10d50}def'); // Garay capital (16.0): unknown to Python
    expect(pyLower('ΟΔΟΣ')).toBe('οδος'.slice(0, 3) + 'ς');
    expect(pyLower('İ')).toBe('i\u0307');
  });
});
