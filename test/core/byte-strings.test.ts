import { describe, expect, it } from 'vitest';
import { readBytesOf, stringEnd, lastStringEscaped } from '../../src/core/bytes/byte-strings';
import { kernelBuffer, plainScratch } from '../../src/core/bytes/plain-run';

const enc = (s: string) => new TextEncoder().encode(s);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The answer byte by byte, as Python's json.loads reads a string: the index after its closing
 * quote, or -1 for a raw control character, a bad escape, bytes that are not UTF-8, or no quote
 * before `e`.
 */
function reference(b: Uint8Array, p: number, e: number): number {
  const s = p;
  for (; p < e; p++) {
    const c = b[p]!;
    if (c === 0x22) {
      try {
        utf8.decode(b.subarray(s, p));
      } catch {
        return -1;
      }
      return p + 1;
    }
    if (c < 0x20) return -1;
    if (c === 0x5c) {
      const x = b[p + 1];
      if (x === 0x75) {
        if (p + 5 >= e || !/^[0-9a-fA-F]{4}$/.test(String.fromCharCode(...b.subarray(p + 2, p + 6)))) return -1;
        p += 5;
      } else if (p + 1 < e && x !== undefined && '"\\/bfnrt'.includes(String.fromCharCode(x))) p++;
      else return -1;
    }
  }
  return -1;
}

/**
 * `text`'s bytes at `offset` in a larger buffer whose other bytes are `fill`, viewed alone as a
 * line is; `kernel`: the buffer copied into the SIMD kernel's memory (plain-run.ts), as the index reads it.
 */
function placed(bytes: Uint8Array, offset: number, fill: number, kernel: boolean): Uint8Array {
  let buf: Uint8Array = new Uint8Array(offset + bytes.length + 9).fill(fill);
  buf.set(bytes, offset);
  if (kernel) buf = plainScratch(buf)!;
  return buf.subarray(offset, offset + bytes.length);
}

function check(content: Uint8Array, name: string): void {
  for (const tail of [[0x22], [0x22, 0x7d], [0x22, 0x20, 0x20, 0x20, 0x20, 0x20]]) {
    const line = new Uint8Array([...content, ...tail]);
    for (let offset = 0; offset < 4; offset++) {
      // Filled with quotes and continuation bytes: a read past the view would find them.
      for (const fill of [0x22, 0x80]) {
        for (const kernel of [false, true]) {
          const b = placed(line, offset, fill, kernel);
          readBytesOf(b);
          const want = reference(b, 0, content.length + 1);
          const got = stringEnd(b, 0, content.length + 1);
          if (got !== want) expect(got, `${name} +${offset} tail ${tail.length} fill ${fill}${kernel ? ' (SIMD)' : ''}`).toBe(want);
        }
      }
    }
  }
}

describe('the end of a string read a word at a time, or 16 bytes at a time by the SIMD kernel', () => {
  it('has the kernel here (Node 20 has WebAssembly SIMD), so both ways are tested', () => {
    expect(kernelBuffer()).not.toBeNull();
  });

  it('finds a quote, a backslash escape, a control character or a byte that is not UTF-8 at every place in a word, after runs of every length', () => {
    const specials: number[][] = [[0x22], [0x5c, 0x6e], [0x5c, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5c, 0x71], [0x5c, 0x75, 0x30, 0x30, 0x65], [0x01], [0x09], [0x0a], [0x0d], [0x1f], [0x7f], [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xf5, 0x80, 0x80, 0x80], [0xff], [0xc3, 0xa9], [0xe4, 0xb8, 0x96], [0xf0, 0x9f, 0x8e, 0x89]];
    for (const sp of specials) {
      for (let before = 0; before < 13; before++) {
        for (let after = 0; after < 6; after++) {
          const content = new Uint8Array([...enc('a'.repeat(before)), ...sp, ...enc('b'.repeat(after))]);
          check(content, `${sp.map((x) => x.toString(16))} after ${before}, ${after} more`);
        }
      }
    }
  });

  it('ends strings of every length up to three words, at and around word boundaries, plain or escaped', () => {
    for (let n = 0; n < 14; n++) {
      check(enc('x'.repeat(n)), `plain ${n}`);
      check(enc('é'.repeat(n)), `2-byte ${n}`);
      check(enc('世'.repeat(n)), `3-byte ${n}`);
      check(enc('🎉'.repeat(n)), `4-byte ${n}`);
    }
    const b = enc('"a\\"b"');
    readBytesOf(b);
    expect(stringEnd(b, 1, b.length)).toBe(b.length);
    expect(lastStringEscaped()).toBe(true);
    expect(stringEnd(b, 4, b.length)).toBe(b.length);
    expect(lastStringEscaped()).toBe(false);
  });

  it('checks each kind of lead byte with the edge values of its continuation bytes: overlong forms, surrogates, past U+10FFFF, cut short', () => {
    // The first and last lead of each kind, and those with their own range for the second byte.
    const leads = [0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf7, 0xf8, 0xff];
    const edges = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff];
    const next = [0x80, 0xbf, 0x41, 0xc0];
    const seqs = new Map<string, number[]>();
    for (const lead of leads) for (const d of edges) for (const x of next) for (const y of next) for (let cut = 1; cut <= 4; cut++) seqs.set(String([lead, d, x, y].slice(0, cut)), [lead, d, x, y].slice(0, cut));
    // Alone, after plain text, and in a run of characters (the word checks).
    const arounds = [[[], []], [[0x61], [0x62, 0x63]], [[0xe4, 0xb8, 0x96], [0xc3, 0xa9]], [[0xd0, 0x9f], [0xf0, 0x9f, 0x8e, 0x89]]];
    for (const s of seqs.values()) {
      for (const [head, tail] of arounds) {
        const content = new Uint8Array([...head!, ...s, ...tail!]);
        const line = new Uint8Array([...content, 0x22, 0x20]);
        for (let offset = 0; offset < 4; offset++) {
          for (const kernel of [false, true]) {
            const b = placed(line, offset, 0x80, kernel);
            readBytesOf(b);
            // 156,000 cases: the case's name is made, and expect asked, only for a case that differs.
            const got = stringEnd(b, 0, line.length - 1);
            const want = reference(b, 0, line.length - 1);
            if (got !== want) expect(got, `${content} +${offset}${kernel ? ' (SIMD)' : ''}`).toBe(want);
          }
        }
      }
    }
  });

  it('never reads a string as ending past `e` or past the bytes it was given', () => {
    // The string's quote is past `e`, or the view ends inside a character or an escape.
    const b = enc('abcdefgh"');
    readBytesOf(b);
    expect(stringEnd(b, 0, 8)).toBe(-1);
    expect(stringEnd(b, 0, 9)).toBe(9);
    for (const cut of [enc('abcd世'), enc('abcdefg\\'), enc('abcd\\u00')]) {
      const whole = new Uint8Array([...cut, 0x22, 0x22, 0x22, 0x22]);
      for (let end = 1; end <= cut.length; end++) {
        const v = whole.subarray(0, end);
        readBytesOf(v);
        expect(stringEnd(v, 0, v.length), `${cut} cut at ${end}`).toBe(-1);
      }
    }
  });
});
