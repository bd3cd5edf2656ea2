import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanFacts } from '../../src/core/bytes/byte-facts';
import { textFacts } from '../../src/core/index/record-facts';
import { FLAG, KIND } from '../../src/core/index/fact-codes';
import { indexBytes } from '../index-bytes';
import { usePlainRunKernel } from '../../src/core/bytes/plain-run';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import { PyFloat, dictFrom, type PyValue } from '../../src/core/python/pyvalue';

const enc = (s: string) => new TextEncoder().encode(s);

/** Where the byte pass answers, it must answer as the exact parse does. */
function agrees(text: string, ps = true): boolean | null {
  const quick = scanFacts(enc(text), ps);
  if (!quick) return null;
  expect(quick, text).toEqual(textFacts(text, ps ? 'main' : 'v0.2'));
  return true;
}

describe('facts read from bytes', () => {
  it('agree with the exact parse on hand-picked lines, and leave the unsure ones to it', () => {
    const sure = [
      '{"role":"user","content":"hi"}',
      ' \t{"role" : "assistant", "tool_calls": [], "content": null}\t ',
      '{"role":"assistant","tool_calls":[{"id":"a"}]}',
      '{"role":"tool","tool_call_id":null}',
      '{"role":"user","role":"tool"}',
      '{"role":5}',
      '{"role":"other role","_channel_delivery":0.0,"_command":-0}',
      '{"role":"user","_channel_delivery":1e-5,"_command":"x"}',
      '{"role":"user","_command":{},"_channel_delivery":{"a":1}}',
      '{"_type":"metadata","key":"k"}',
      '{"_type":"provider_state"}',
      '{"_type":7,"role":"user"}',
      '{"content":"caf\u00e9 \u4e16\u754c \ud83c\udf89 \\u00e9 \\ud800"}',
      '{}',
    ];
    for (const t of sure) expect(agrees(t, t.includes('provider_state') ? false : true), t).toBe(true);
    const unsure = [
      '{"\\u0072ole":"user"}',
      '{"role":"\\u0075ser"}',
      '{"role":"user","x":NaN}',
      '{"role":"user","x":1e400}',
      '{"role":"user","x":"a\tb"}',
      '{"role":"user","x":"\\q"}',
      '{"role":"user"} x',
      '[1]',
      '\ufeff{"role":"user"}',
      // Whitespace Python strips but JSON does not: a padded line (the exact path flags it).
      ' \t{"role" : "assistant", "tool_calls": [], "content": null}\x0b',
      '\x1c{"role":"user"}',
      '{"role":"user",}',
      '{"role":"user","x":01}',
      '{"_type":"provider_state"}',
      `{"x":${'['.repeat(1000)}${']'.repeat(1000)}}`,
    ];
    for (const t of unsure) expect(scanFacts(enc(t), true), t).toBeNull();
    expect(scanFacts(new Uint8Array([0x7b, 0x22, 0x61, 0xff, 0x22, 0x3a, 0x31, 0x7d]), true)).toBeNull(); // {"a\xff":1}
  });

  it('agree with the exact parse on arbitrary records whose keys include the ones the facts read', () => {
    const key = fc.constantFrom('role', 'tool_calls', 'tool_call_id', '_type', '_channel_delivery', '_command', 'content', 'x');
    const value = fc.oneof(fc.constantFrom('user', 'assistant', 'tool', 'system', 'metadata', '', 0, -0, 0.5, 1, [], {}, null, true, false), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 8 }), fc.boolean(), (pairs, spaced) => {
        const body = pairs.map(([k, v]) => `${JSON.stringify(k)}:${spaced ? ' ' : ''}${JSON.stringify(v)}`).join(spaced ? ', ' : ',');
        agrees(`{${body}}`, false);
      }),
      { numRuns: 2000 },
    );
  });

  it('read long text four bytes at a time: one special byte at any place and alignment, in a line inside a larger buffer, is still found', () => {
    const specials = ['"', '\\"', '\\n', '\t', '\u0001', 'é', '世', '🎉', '\\u00e9'];
    for (const special of specials) {
      for (let at = 0; at < 70; at += 3) {
        const text = `{"role": "user", "content": "${'a'.repeat(at)}${special}${'b'.repeat(70 - at)}", "tool_calls": [1]}`;
        const line = enc(text);
        for (let offset = 0; offset < 4; offset++) {
          // The line as the index sees it: a view into a slice, other bytes (quotes, text) around it.
          const slice = new Uint8Array(offset + line.length + 8).fill(0x22);
          slice.set(line, offset);
          const quick = scanFacts(slice.subarray(offset, offset + line.length), true);
          if (quick) expect(quick, `${special} @${at}+${offset}`).toEqual(textFacts(text, 'main'));
          // A raw quote or control character ends the string or is unsure: never read as plain text.
          if (special === '"' || special === '\t' || special === '\u0001') expect(quick, `${special} @${at}+${offset}`).toBeNull();
          else expect(quick, `${special} @${at}+${offset}`).not.toBeNull();
        }
      }
    }
  });
});

describe('the dumps fact (a line nanobot json.dumps wrote, copied by format and load --json)', () => {
  it('is set exactly where json.dumps of the value gives the line back, by both the SIMD kernel and the word loop', () => {
    const lines = [
      '{"role": "user", "content": "hi"}',
      '{"role": "user", "content": "a\\nb \\"q\\" \\\\ \\t \\r \\b \\f"}',
      '{"role": "user", "content": "\\u0001 \\u001f \\u007f"}',
      '{"role": "user", "content": "\\u001F"}',
      '{"role": "user", "content": "\\u000a"}',
      '{"role": "user", "content": "\\u0041"}',
      '{"role": "user", "content": "a\\/b"}',
      '{"role": "user", "content": "\\ud83d\\ude00"}',
      '{"role": "user", "content": "é 😀 \u2028"}',
      '{"role":"user","content":"hi"}',
      '{"role": "user",  "content": "hi"}',
      '{"role": "user", "content": "hi" }',
      '{"role": "user", "content": [], "x": {}, "y": [1, 2, {"a": null}]}',
      '{"role": "user", "content": [ ], "x": {}}',
      '{"role": "user", "n": 0, "m": -0}',
      '{"role": "user", "n": 12345678901234567890123456789}',
      '{"role": "user", "f": 1.0, "g": 1e+16, "h": 1.5e-07, "i": -0.0, "j": 0.1}',
      '{"role": "user", "f": 1.50}',
      '{"role": "user", "f": 1e5}',
      '{"role": "user", "f": 1E+16}',
      '{"role": "user", "f": 100000000000000000.0}',
      '{"role": "user", "a": 1, "a": 2}',
      '{"role": "user", "a": {"b": 1, "c": {"b": 2}, "b": 3}}',
      '{"role": "user", "a": {"b": 1}, "c": {"b": 2}}',
      '{"role": "user", "t": true, "f": false, "n": null}',
      '{"_type": "metadata", "key": "k"}',
      '{"role": "user", "k\\u0001": 1, "k\\n": 2}',
    ];
    const results: boolean[] = [];
    for (const kernel of [true, false]) {
      usePlainRunKernel(kernel);
      for (const text of lines) {
        // Through the index, as a file is read (its chunks go through the kernel's memory).
        const ix = indexBytes(enc(text + '\n'), 'v0.2', undefined, true);
        const r = pyLoads(text);
        const want = r.ok && ix.kind[0] === KIND.message && pyDumps(r.value) === text;
        expect((ix.flags[0]! & FLAG.dumps) !== 0, `${text} (kernel ${kernel})`).toBe(want);
        const quick = scanFacts(enc(text), false, true);
        expect(quick === null || ((quick.flags & FLAG.dumps) !== 0) === want, text).toBe(true);
        // Not asked for, not read.
        expect(indexBytes(enc(text + '\n'), 'v0.2').flags[0]! & FLAG.dumps).toBe(0);
        results.push(want);
      }
    }
    usePlainRunKernel(true);
    // Both answers occur: the fact is not trivially one or the other.
    expect(results.filter(Boolean).length).toBeGreaterThan(10);
    expect(results.filter((x) => !x).length).toBeGreaterThan(10);
  });

  it('agrees with json.dumps on arbitrary records written by it or with changes', () => {
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', 'é', '\n'), tie('v'), { maxKeys: 3 })),
    })).v;
    const spoil = fc.constantFrom((s: string) => s, (s: string) => s.replace(', ', ','), (s: string) => s.replace(': ', ':'), (s: string) => s.replace('.0', '.00'), (s: string) => s.replace('\\n', '\\u000a'), (s: string) => s.replace('{"role": "user"', '{"role": "user", "role": "user"'), (s: string) => s.replace('é', '\\u00e9'));
    fc.assert(
      fc.property(value, spoil, (v, f) => {
        const text = f(pyDumps(dictFrom([['role', 'user'], ['v', toPy(v)]])));
        const r = pyLoads(text);
        if (!r.ok) return;
        const ix = indexBytes(enc(text), 'v0.2', undefined, true);
        expect((ix.flags[0]! & FLAG.dumps) !== 0, text).toBe(ix.kind[0] === KIND.message && pyDumps(r.value) === text);
      }),
      { numRuns: 400 },
    );
  });
});

/** A fast-check value as Python reads JSON: non-integral doubles as floats. */
function toPy(v: unknown): PyValue {
  if (typeof v === 'number') return Number.isInteger(v) && !Object.is(v, -0) ? v : new PyFloat(v);
  if (Array.isArray(v)) return v.map(toPy);
  if (v && typeof v === 'object') return dictFrom(Object.entries(v).map(([k, x]) => [k, toPy(x)] as const));
  return v as PyValue;
}
