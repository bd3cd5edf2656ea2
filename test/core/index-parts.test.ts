import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { joinIndexes, wholeLinesEnd } from '../../src/core/index/index-parts';
import { LineIndexer, type LineIndex } from '../../src/core/index/line-index';
import { indexBytes } from '../index-bytes';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { CORPORA, fixturesInTurn } from '../corpora';
import { expectEqual } from '../expect-equal';

const enc = (s: string) => new TextEncoder().encode(s);

/** Indexes bytes [a, b) of `bytes` on its own, as one indexing worker does with a slice. */
function part(bytes: Uint8Array, a: number, b: number, version: NanobotVersion, chunk = 1 << 20): LineIndex {
  const ix = new LineIndexer(version, a);
  for (let p = a; p < b; p += chunk) ix.push(bytes.subarray(p, Math.min(b, p + chunk)));
  return ix.finish();
}

/** Plain arrays of an index, to compare two. */
const plain = (ix: LineIndex) => ({
  count: ix.count,
  size: ix.size,
  messageCount: ix.messageCount,
  arrays: [ix.start, ix.length, ix.eol, ix.kind, ix.role, ix.flags].map((a) => [...a.subarray(0, ix.count)]),
  messages: [...ix.messages.subarray(0, ix.messageCount)],
});

/** Every place inside `bytes` the reading worker may cut (a slice may start anywhere): just after a \n, or after a \r not followed by \n. */
function cuts(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let p = 1; p < bytes.length; p++) if (bytes[p - 1] === 10 || (bytes[p - 1] === 13 && bytes[p] !== 10)) out.push(p);
  return out;
}

describe('index parts', () => {
  it('cuts just after the last \\n, else after the last \\r that has a byte after it, else nowhere', () => {
    expect(wholeLinesEnd(enc('{"a": 1}\n{"b"'))).toBe(9);
    expect(wholeLinesEnd(enc('a\r\nb\nc'))).toBe(5);
    expect(wholeLinesEnd(enc('a\rb\rc'))).toBe(4);
    // A final \r may be the first half of \r\n: not a cut until the next byte is known.
    expect(wholeLinesEnd(enc('a\rb\r'))).toBe(2);
    expect(wholeLinesEnd(enc('abc\r'))).toBe(0);
    expect(wholeLinesEnd(enc('abc'))).toBe(0);
    expect(wholeLinesEnd(enc(''))).toBe(0);
  });

  it('joins no parts into the empty index of an empty file', () => {
    expect(plain(joinIndexes([], 0))).toEqual(plain(indexBytes(new Uint8Array(0), 'v0.2')));
  });

  it('two parts cut at every place the reader may cut, joined, are the one-pass index: CR, CRLF, LF, no final newline, BOMs, corrupt lines', () => {
    const text = '{"_type": "metadata", "key": "k"}\r\n{"role": "user", "content": "h\u00e9"}\r{"role": "tool", "tool_call_id": "x"}\n\n\ufeff{"role": "assistant"}\rnot json\r\n\r{"role": "user"}';
    const bytes = enc(text);
    const whole = plain(indexBytes(bytes, 'main'));
    const at = cuts(bytes);
    expect(at.length).toBeGreaterThan(6);
    for (const c of at) expect(plain(joinIndexes([part(bytes, 0, c, 'main'), part(bytes, c, bytes.length, 'main')], bytes.length)), `cut at ${c}`).toEqual(whole);
  });

  for (const [dir, version] of CORPORA) {
    // Where the reader cuts and how the parts join is the same at every version (each version's facts of a line
    // are held to the exact parse on every fixture by line-index.test.ts): each fixture the corpora share is cut
    // by one of them, in turn (corpora.ts).
    const files = fixturesInTurn(dir);
    it(`every ${dir} fixture it takes in turn: cut in two at every place the reader may cut (a sample of them in the largest files), and in slices of 7 and 64 bytes (wider in the largest), the joined parts are the one-pass index`, () => {
      for (const f of files) {
        const bytes = new Uint8Array(readFileSync(f));
        const whole = plain(indexBytes(bytes, version));
        const at = cuts(bytes);
        // Each cut indexes the whole file again (its first part 3 bytes at a time): keep to ~10 KB a file, so
        // the sweep stays seconds on 2 cores; the hand-made text above takes every cut.
        const stride = Math.max(1, Math.ceil((at.length * bytes.length) / 1e4));
        for (let i = 0; i < at.length; i += stride) {
          const c = at[i]!;
          expectEqual(plain(joinIndexes([part(bytes, 0, c, version, 3), part(bytes, c, bytes.length, version)], bytes.length)), whole, `${f} cut at ${c}`);
        }
        // Slices of 7 and 64 bytes; a large file in slices that keep it to ~1,500 parts.
        for (const size of [Math.max(7, Math.ceil(bytes.length / 1500)), Math.max(64, Math.ceil(bytes.length / 150))]) {
          // As the reading worker cuts: fill to `size`, cut at the last whole line, carry the rest.
          const parts: LineIndex[] = [];
          let from = 0;
          let to = 0;
          while (from < bytes.length) {
            to = Math.min(bytes.length, Math.max(to, from) + size);
            const c = to === bytes.length ? to - from : wholeLinesEnd(bytes.subarray(from, to));
            if (!c) continue;
            parts.push(part(bytes, from, from + c, version));
            from += c;
          }
          expectEqual(plain(joinIndexes(parts, bytes.length)), whole, `${f} in ${size}-byte slices`);
        }
      }
    });
  }
});
