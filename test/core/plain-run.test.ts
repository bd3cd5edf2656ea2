import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_SCRATCH, plainRunWasm, kernelBuffer, plainRun, plainScratch, usePlainRunKernel } from '../../src/core/bytes/plain-run';
import { indexBytes } from '../index-bytes';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The length of the UTF-8 character at `p` as a strict decoder reads it (overlongs, surrogates, past U+10FFFF refused), or 0. */
function charLength(b: Uint8Array, p: number): number {
  const c = b[p]!;
  const n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  if (!n || p + n > b.length) return 0;
  try {
    return [...utf8.decode(b.subarray(p, p + n))].length === 1 ? n : 0;
  } catch {
    return 0;
  }
}

/**
 * Byte by byte: the first byte at or after `p` that is a quote, below 0x20, a backslash that does
 * not start one of the escapes json.dumps writes in short form (`\"` `\\` `\b` `\f` `\n` `\r` `\t`)
 * wholly before `end` (`\/` and `\uXXXX` are left to the caller, which notes their form), or starts
 * bytes that are not a UTF-8 character (its bytes read from `mem`, the kernel's whole memory, past
 * `end` too); else where the scan passes `end`.
 */
function reference(mem: Uint8Array, p: number, end: number): number {
  while (p < end) {
    const c = mem[p]!;
    if (c === 0x5c) {
      const x = String.fromCharCode(mem[p + 1]!);
      if (p + 2 <= end && '"\\bfnrt'.includes(x)) p += 2;
      else return p;
    } else if (c < 0x80) {
      if (c < 0x20 || c === 0x22) return p;
      p++;
    } else {
      const n = charLength(mem, p);
      if (!n) return p;
      p += n;
    }
  }
  return p;
}

/** The kernel's whole memory. */
const memory = () => new Uint8Array(kernelBuffer()!);

/** `bytes` copied into the kernel's memory; the kernel's answer from `p` to `end` (both relative to the copy) and the reference's. */
function run(bytes: Uint8Array, p: number, end: number): { got: number; want: number } {
  const o = plainScratch(bytes)!.byteOffset;
  return { got: plainRun(o + p, o + end) - o, want: reference(memory(), o + p, o + end) - o };
}

afterEach(() => usePlainRunKernel(true));

describe('the SIMD kernel that finds the next byte of a string to look at', () => {
  it('is a valid module, made here', () => {
    expect(WebAssembly.validate(plainRunWasm())).toBe(true);
    expect(kernelBuffer()).not.toBeNull();
  });

  it('finds each kind of byte at every place in and across 16-byte reads, steps over UTF-8 characters, and finds nothing in plain text up to the end', () => {
    for (const special of [[0x22], [0x5c], [0x00], [0x09], [0x0a], [0x1f], [0x80], [0xc3], [0xff], [0xc3, 0xa9, 0x22], [0xe4, 0xb8, 0x96, 0x0a], [0xf0, 0x9f, 0x8e, 0x89, 0x5c], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xef, 0xbb, 0xbf, 0x22], [0x5c, 0x6e, 0x22], [0x5c, 0x62, 0x5c, 0x66, 0x0a], [0x5c, 0x75, 0x30, 0x30, 0x65, 0x39, 0x22], [0x5c, 0x75, 0x30, 0x30, 0x65], [0x5c, 0x75, 0x30, 0x30, 0x67, 0x39], [0x5c, 0x71]]) {
      for (let at = 0; at < 40; at++) {
        const bytes = new Uint8Array(48).fill(0x61);
        bytes.set(special, at);
        for (const p of [0, 1, 15, 16, 17]) {
          const { got, want } = run(bytes, p, 48);
          // None before the end: any answer at or past it says so.
          if (want >= 48) expect(got).toBeGreaterThanOrEqual(48);
          else expect(got, `bytes ${special.map((x) => x.toString(16))} at ${at} from ${p}`).toBe(want);
        }
      }
    }
    // DEL and the bytes just around the tested ones are plain.
    expect(run(new Uint8Array([0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7e, 0x7f, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x22]), 0, 17).got).toBe(16);
  });

  it('agrees with a byte loop and a strict UTF-8 decoder on random bytes and random text, from random starts', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.nat(), (bytes, a, z) => {
        const end = bytes.length ? z % (bytes.length + 1) : 0;
        const p = bytes.length ? a % (bytes.length + 1) : 0;
        const { got, want } = run(bytes, p, end);
        return want >= end ? got >= end : got === want;
      }),
      { numRuns: 2000 },
    );
    // Random text of every kind of character, with a stray byte now and then.
    const piece = fc.constantFrom('a', ' ', '"', '\\', '\\n', '\\"', '\\\\', '\\u00e9', '\\u12g4', '\\x', '\n', 'é', '世', '🎉', '\u0080', '\uffff');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.nat(255), fc.nat(), (pieces, stray, at) => {
        const bytes = Buffer.from(pieces.join(''));
        if (bytes.length) bytes[at % bytes.length] = at % 3 ? bytes[at % bytes.length]! : stray;
        const { got, want } = run(bytes, 0, bytes.length);
        return want >= bytes.length ? got >= bytes.length : got === want;
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves a chunk over its cap to the caller, and its memory stays under the cap', () => {
    expect(plainScratch(new Uint8Array(MAX_SCRATCH + 1))).toBeNull();
    expect(kernelBuffer()!.byteLength).toBeLessThan(MAX_SCRATCH + 65536);
    expect(plainScratch(new Uint8Array(MAX_SCRATCH))).not.toBeNull();
  });

  it('grows its memory for a chunk larger than it holds, and the copy is the chunk', () => {
    const big = new Uint8Array(3 << 20).map((_, i) => 0x41 + (i % 26));
    big[big.length - 1] = 0x22;
    const b = plainScratch(big)!;
    expect(b.length).toBe(big.length);
    expect(b.buffer).toBe(kernelBuffer());
    expect(b.every((x, i) => x === big[i])).toBe(true);
    expect(plainRun(b.byteOffset, b.byteOffset + b.length) - b.byteOffset).toBe(big.length - 1);
  });

  it('gives the same index with and without it, on lines of every kind', () => {
    const lines = [
      '{"_type": "metadata", "key": "a:b", "metadata": {}}',
      '{"role": "user", "content": "plain text long enough to take several sixteen-byte reads of the kernel"}',
      '{"role": "assistant", "content": "é世🎉 mixed \\"escapes\\" and \\u00e9 in between", "tool_calls": [{"id": "c1"}]}',
      '{"role": "tool", "tool_call_id": "c1", "content": "bad \u0001 control"}',
      '{"role": "user", "content": "a byte that is not UTF-8: \xff"}',
      '{"r\\u006fle": "user", "content": "an escaped key: the exact path reads it"}',
      '{"role": "us\\u0065r", "content": "an escaped role", "tool_call_id": "\\b\\f"}',
      'not json at all',
    ];
    const bytes = new Uint8Array([...lines.flatMap((l) => [...Buffer.from(l, l.includes('\xff') ? 'latin1' : 'utf8'), 0x0a])]);
    // Whole lines in one chunk (read from the kernel's copy) and lines cut by chunks (joined, read as they are).
    for (const chunk of [4096, 37]) {
      usePlainRunKernel(true);
      const withKernel = indexBytes(bytes, 'main', chunk);
      usePlainRunKernel(false);
      expect(kernelBuffer()).toBeNull();
      const without = indexBytes(bytes, 'main', chunk);
      expect(withKernel).toEqual(without);
      expect(Array.from(withKernel.role)).toEqual(Array.from(without.role));
    }
  });
});
