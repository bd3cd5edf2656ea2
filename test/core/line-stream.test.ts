import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter, type ChunkLine } from '../../src/core/lens/line-stream';
import { splitLines } from '../../src/core/python/lines';

/** The lines of `bytes` fed in chunks cut at `cuts`, copied out of the callback. */
function streamed(bytes: Uint8Array, cuts: number[]): { start: number; end: number; next: number; bytes: number[]; index: number }[] {
  const out: { start: number; end: number; next: number; bytes: number[]; index: number }[] = [];
  const s = new LineSplitter((l: ChunkLine) => out.push({ index: l.index, start: l.start, end: l.start + l.contentLength, next: l.start + l.bytes.length, bytes: [...l.bytes] }));
  // One reused buffer, as a file reader would: the splitter must not keep views of it.
  const buf = new Uint8Array(bytes.length + 1);
  let at = 0;
  for (const c of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    if (c < at) continue;
    buf.set(bytes.subarray(at, c));
    s.push(buf.subarray(0, c - at));
    buf.fill(0x41);
    at = c;
  }
  s.end();
  return out;
}

function whole(bytes: Uint8Array) {
  return splitLines(bytes).map((l, index) => ({ index, start: l.start, end: l.end, next: l.next, bytes: [...bytes.subarray(l.start, l.next)] }));
}

const enc = (s: string) => new TextEncoder().encode(s);

describe('LineSplitter', () => {
  it('gives a line within a chunk as a plain view of it, even of a Node Buffer (no Buffer made per line)', () => {
    const chunk = Buffer.from('ab\ncd\r\nef');
    const lines: Uint8Array[] = [];
    const s = new LineSplitter((l) => lines.push(l.bytes));
    s.push(chunk);
    s.end();
    expect(lines.map((b) => Buffer.from(b).toString())).toEqual(['ab\n', 'cd\r\n', 'ef']);
    expect(lines.slice(0, 2).map((b) => [b.constructor, b.buffer === chunk.buffer])).toEqual([[Uint8Array, true], [Uint8Array, true]]);
  });

  it('cuts lines as splitLines does when a \\r\\n, a lone \\r or a character straddles chunks', () => {
    for (const text of ['a\r\nb', 'a\rb', 'a\r', 'a\r\n', '\r\r\n\n', 'é\n€\r𝄞', '', '\n', 'x']) {
      const bytes = enc(text);
      for (let size = 1; size <= 4; size++) {
        const cuts = Array.from({ length: bytes.length }, (_, i) => i * size);
        expect(streamed(bytes, cuts), `${JSON.stringify(text)} in chunks of ${size}`).toEqual(whole(bytes));
      }
    }
  });

  it('a \\r ending a chunk waits for the next byte: \\r\\n is one terminator, \\r then text two lines', () => {
    expect(streamed(enc('ab\r\ncd'), [3]).map((l) => l.bytes.length)).toEqual([4, 2]);
    expect(streamed(enc('ab\rcd'), [3]).map((l) => l.bytes.length)).toEqual([3, 2]);
  });

  it('matches splitLines on any bytes cut anywhere', () => {
    const bytes = fc.array(fc.oneof(fc.constantFrom(10, 13, 13, 0xe2, 0x82, 0xac, 32), fc.integer({ min: 0, max: 255 })), { maxLength: 60 }).map((a) => new Uint8Array(a));
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(60), { maxLength: 12 }), (b, cuts) => {
        expect(streamed(b, cuts)).toEqual(whole(b));
      }),
      { numRuns: 2000 },
    );
  });
});
