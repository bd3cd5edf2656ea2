import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PY_WS_CLASS,
  codePointLength,
  codePointSlice,
  collapseWhitespace,
  isPyWhitespace,
  isPyWhitespaceCode,
  pyLStrip,
  pyRStrip,
  pySplitlines,
  pyStrip,
} from '../../src/core/python/pytext';

// Python 3.11: [c for c in range(0x110000) if chr(c).isspace()]
const PYTHON_WHITESPACE = [
  0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
  0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

describe('Python whitespace', () => {
  it('is exactly the set str.isspace() accepts, over all code points', () => {
    const found: number[] = [];
    for (let c = 0; c < 0x110000; c++) {
      if (c >= 0xd800 && c < 0xe000) continue;
      if (isPyWhitespace(String.fromCodePoint(c))) found.push(c);
    }
    expect(found).toEqual(PYTHON_WHITESPACE);
    expect(new RegExp(`^[${PY_WS_CLASS}]$`, 'u').test('\ufeff')).toBe(false);
  });

  it('by code, and so strip: the same set, over every UTF-16 unit', () => {
    const byCode: number[] = [];
    const stripped: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (isPyWhitespaceCode(c)) byCode.push(c);
      if (pyStrip(String.fromCharCode(c)) === '') stripped.push(c);
    }
    expect(byCode).toEqual(PYTHON_WHITESPACE);
    expect(stripped).toEqual(PYTHON_WHITESPACE);
  });

  it('isspace() of a string: non-empty and all whitespace', () => {
    expect(isPyWhitespace('')).toBe(false);
    expect(isPyWhitespace(' \x1c\u3000')).toBe(true);
    expect(isPyWhitespace(' x ')).toBe(false);
  });

  it('strip / lstrip / rstrip use it (not \\ufeff or \\u200b)', () => {
    const t = '\ufeff\u200b \x1c\x1d\x1e\x1f\x85\xa0\u3000\u2028 x \t\n';
    expect(pyStrip(t)).toBe('\ufeff\u200b \x1c\x1d\x1e\x1f\x85\xa0\u3000\u2028 x');
    expect(pyLStrip(t)).toBe(t);
    expect(pyRStrip(t)).toBe('\ufeff\u200b \x1c\x1d\x1e\x1f\x85\xa0\u3000\u2028 x');
    expect(pyStrip('\x1c\x85 a b\u3000')).toBe('a b');
    expect(pyStrip('   ')).toBe('');
  });

  it('collapseWhitespace is re.sub(r"\\s+", " ", s)', () => {
    expect(collapseWhitespace('a\x1c\x1d b\ufeff\u200bc\x85\u3000d')).toBe('a b\ufeff\u200bc d');
    expect(collapseWhitespace('\n\n')).toBe(' ');
    expect(collapseWhitespace(' a  b \tc\u3000 ')).toBe(' a b c ');
    // every run, of any length and mix, is one space; single spaces stay
    const run = new RegExp(`[${PY_WS_CLASS}]+`, 'gu');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(' ', '\t', '\n', '\x1f', '\x85', '\u3000', '\ufeff', 'a', 'é', '😀'), { maxLength: 12 }), (cs) => {
        const s = cs.join('');
        expect(collapseWhitespace(s)).toBe(s.replace(run, ' '));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('pySplitlines', () => {
  it('splits on every Python line boundary, \\r\\n as one', () => {
    const s = 'a\r\nb\rc\x0bd\x0ce\x1cf\x1dg\x1eh\x85i\u2028j\u2029k\x1fl\n';
    expect(pySplitlines(s)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k\x1fl']);
  });
  it('has no trailing empty line', () => {
    expect(pySplitlines('')).toEqual([]);
    expect(pySplitlines('\n')).toEqual(['']);
    expect(pySplitlines('\n\n')).toEqual(['', '']);
    expect(pySplitlines('x\r')).toEqual(['x']);
    expect(pySplitlines('\r\r\n')).toEqual(['', '']);
  });
});

describe('code points', () => {
  const e = 'a\u{1f389}b\u{1f389}c';
  it('codePointLength counts code points, lone surrogates as one', () => {
    expect(codePointLength(e)).toBe(5);
    expect(codePointLength('\ud800x\udc00')).toBe(3);
    expect(codePointLength('\ud83c\udf89')).toBe(1);
    expect(codePointLength('')).toBe(0);
  });
  it('codePointSlice follows Python slicing', () => {
    expect(codePointSlice(e, 1, 3)).toBe('\u{1f389}b');
    expect(codePointSlice(e, -2)).toBe('\u{1f389}c');
    expect(codePointSlice(e, 0, -1)).toBe('a\u{1f389}b\u{1f389}');
    expect(codePointSlice(e, 3, 1)).toBe('');
    expect(codePointSlice(e, -100, 100)).toBe(e);
    expect(codePointSlice('abcdef', 2)).toBe('cdef');
    expect(codePointSlice('abcdef', -3, -1)).toBe('de');
    expect(codePointSlice('abcdef', 4, 2)).toBe('');
    expect(codePointSlice('\udc00ab', 1)).toBe('ab');
  });
});
