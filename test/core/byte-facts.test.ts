import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanFacts } from '../../src/core/bytes/byte-facts';
import { textFacts } from '../../src/core/index/record-facts';

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
