/**
 * The fuzzer's big files (fuzz/big-files.ts) are what they claim: from 1 MiB, the same bytes from the
 * same spec, and each hard part where its spec puts it — across the 1 MiB boundary, `\r\n` split there.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bigFileBytes, bigSpec, MIB, type BigSpec } from '../fuzz/big-files';

const spec = (parts: BigSpec['parts'], seed = 7): BigSpec => ({ version: 'v0.3.0', key: 'a:b', seed, size: MIB + 5000, metadata: true, parts });

/** The line holding byte offset `at`: its start and end (the end after its newline). */
function lineAround(b: Uint8Array, at: number): [number, number] {
  const start = b.lastIndexOf(0x0a, at - 1) + 1;
  const nl = b.indexOf(0x0a, at);
  return [start, nl < 0 ? b.length : nl + 1];
}

describe('big files of the fuzzer', () => {
  it('are at least 1 MiB and made again byte for byte from their spec', () => {
    for (const s of fc.sample(bigSpec('main'), { seed: 3, numRuns: 6 })) {
      const b = bigFileBytes(s);
      expect(b.length).toBeGreaterThanOrEqual(MIB);
      expect(Buffer.from(bigFileBytes(s)).equals(Buffer.from(b))).toBe(true);
    }
  });

  it('cut a hard part by the 1 MiB boundary, and a `\\r\\n` between its two bytes', () => {
    const deep = bigFileBytes(spec([{ kind: 'deep', place: 'across-1mib', pick: 1 }]));
    const [start, end] = lineAround(deep, MIB);
    expect(start).toBeLessThan(MIB);
    expect(end).toBeGreaterThan(MIB);
    expect(new TextDecoder().decode(deep.subarray(start, start + 40))).toMatch(/^\{"role": "(user|assistant)", "content": \[\[\[/);
    let split = 0;
    for (let seed = 0; seed < 20; seed++) {
      const b = bigFileBytes(spec([{ kind: 'crlf', place: 'across-1mib', pick: 0 }], seed));
      const [s, e] = lineAround(b, MIB - 1);
      expect(new TextDecoder().decode(b.subarray(s, e))).toMatch(/^\{"role": "user", "content": "ends in crlf \d+"\}\r\n$/);
      if (b[MIB - 1] === 0x0d && b[MIB] === 0x0a) split++;
    }
    expect(split).toBeGreaterThan(5);
  });

  it('put a part at the start, in the middle and across an 8 KiB boundary', () => {
    const b = bigFileBytes(spec([{ kind: 'corrupt', place: 'start', pick: 0 }, { kind: 'provider-state', place: 'middle', pick: 0 }, { kind: 'wide', place: 'across-8kib', pick: 5 }]));
    const text = new TextDecoder().decode(b);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\{"_type":"metadata"/);
    expect(lines[1]).toMatch(/^(\{"role": "user", "content": "cut off|not json at all)$/);
    const state = Buffer.from(b).indexOf('{"_type": "provider_state"');
    expect(Math.abs(state - (MIB + 5000) / 2)).toBeLessThan(100);
    const boundary = 8192 * 6;
    const [s, e] = lineAround(b, boundary);
    expect(s).toBeLessThan(boundary);
    expect(e).toBeGreaterThan(boundary);
    expect(new TextDecoder().decode(b.subarray(s, e))).toContain('中文字中文字');
  });
});
