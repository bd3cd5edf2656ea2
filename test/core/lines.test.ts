import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUtf8Fault, lineAt, splitLines, type RawLine, type Utf8Fault } from '../../src/core/python/lines';

/** CPython's strict UTF-8 decoder, byte by byte: the reference the fast fault finder must equal. */
function referenceFault(bytes: Uint8Array, from: number, to: number): Utf8Fault | null {
  for (let i = from; i < to; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0) return { pos: i, byte: b, reason: 'invalid start byte' };
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= need; k++) {
      if (i + k >= to) return { pos: i, byte: b, reason: 'unexpected end of data' };
      const c = bytes[i + k]!;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return { pos: i, byte: b, reason: 'invalid continuation byte' };
    }
    i += need + 1;
  }
  return null;
}

/** Runs of ASCII (some long enough to be skipped a word at a time) between UTF-8 lead, continuation and other bytes. */
const textish = fc
  .array(
    fc.oneof(
      fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 40 }),
      fc.constantFrom(0xc3, 0xa9, 0xe5, 0xa4, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xe0, 0xf4, 0x90).map((x) => [x]),
      fc.integer({ min: 0, max: 255 }).map((x) => [x]),
    ),
    { maxLength: 24 },
  )
  .map((parts) => new Uint8Array(parts.flat()));

describe('findUtf8Fault', () => {
  it('finds what a byte-by-byte decoder finds, at any offset into its buffer and over any range', () => {
    fc.assert(
      fc.property(textish, fc.nat(7), fc.nat(200), fc.nat(200), (b, pad, x, y) => {
        // The view starts at an unaligned offset of a larger buffer whose other bytes are not ASCII.
        const buf = new Uint8Array(b.length + pad + 5).fill(0xff);
        buf.set(b, pad);
        const view = buf.subarray(pad, pad + b.length);
        const from = Math.min(x, y, b.length);
        const to = Math.min(Math.max(x, y), b.length);
        expect(findUtf8Fault(view, from, to)).toEqual(referenceFault(view, from, to));
        expect(findUtf8Fault(view)).toEqual(referenceFault(view, 0, view.length));
      }),
      { numRuns: 3000 },
    );
  });

  it('reports a fault after a long ASCII run, and a character cut by the range end', () => {
    const bytes = new TextEncoder().encode('a'.repeat(37) + 'é' + 'b'.repeat(40) + '€');
    expect(findUtf8Fault(bytes)).toBeNull();
    expect(findUtf8Fault(bytes, 0, bytes.length - 1)).toEqual({ pos: 79, byte: 0xe2, reason: 'unexpected end of data' });
    const bad = bytes.slice();
    bad[50] = 0x80;
    expect(findUtf8Fault(bad)).toEqual({ pos: 50, byte: 0x80, reason: 'invalid start byte' });
  });
});

describe('lineAt', () => {
  it('cuts, line after line, the lines splitLines cuts', () => {
    const bytes = fc.array(fc.oneof(fc.constantFrom(10, 13, 13, 10, 32), fc.integer({ min: 0, max: 255 })), { maxLength: 60 }).map((a) => new Uint8Array(a));
    fc.assert(
      fc.property(bytes, (b) => {
        const lines: RawLine[] = [];
        for (let l = lineAt(b, 0); l; l = lineAt(b, l.next)) lines.push(l);
        expect(lines).toEqual(splitLines(b));
      }),
      { numRuns: 3000 },
    );
  });
});
