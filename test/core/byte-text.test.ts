import { describe, expect, it } from 'vitest';
import { badBytesText, textPieces } from '../../src/core/bytes/byte-text';

const enc = (s: string) => new TextEncoder().encode(s);
const shown = (p: (string | Uint8Array)[]) => p.map((x) => (typeof x === 'string' ? x : `[${badBytesText(x)}]`)).join('');

describe('a line’s bytes as text', () => {
  it('keeps every byte that is not UTF-8, as \\xNN runs between the decoded text', () => {
    const b = new Uint8Array([...enc('a'), 0xff, 0xfe, ...enc('é'), 0xe4, 0xb8, 0x41, 0xc3]);
    const r = textPieces(b, true);
    expect(shown(r.pieces)).toBe('a[\\xff\\xfe]é[\\xe4\\xb8]A[\\xc3]');
    expect(r.used).toBe(b.length);
  });

  it('ends a cut prefix before a character the cut split, and only there', () => {
    const b = enc('ab世');
    expect(textPieces(b.subarray(0, 4), false)).toEqual({ pieces: ['ab'], used: 2 });
    expect(shown(textPieces(b.subarray(0, 4), true).pieces)).toBe('ab[\\xe4\\xb8]');
    expect(textPieces(b, false)).toEqual({ pieces: ['ab世'], used: 5 });
    // A byte that can never start a character is shown even at a cut.
    expect(shown(textPieces(new Uint8Array([0x61, 0xff]), false).pieces)).toBe('a[\\xff]');
  });

  it('keeps a BOM and control characters as the text they are', () => {
    expect(textPieces(enc('\ufeff{"a":"\u202e"}'), true).pieces).toEqual(['\ufeff{"a":"\u202e"}']);
  });
});
