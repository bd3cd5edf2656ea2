import { describe, expect, it } from 'vitest';
import { bytePattern, findPattern, findPlan, sliceFilter, type FindPlan } from '../../src/core/find/find-filter';

const enc = (s: string) => new TextEncoder().encode(s);
/** Whether the one line in bytes [from, to) may hold a match of `plan`'s query (sliceFilter for a single line). */
const mayHold = (hay: Uint8Array, from: number, to: number, plan: FindPlan, toolCalls: boolean) => sliceFilter(hay, plan)(from, to, toolCalls);
const holds = (line: string, query: string, toolCalls = false) => {
  const b = enc(line);
  return mayHold(b, 0, b.length, findPlan(query), toolCalls);
};

describe('the find filter over raw bytes', () => {
  it('finds a pattern with a set of bytes at each place, inside the range only', () => {
    const p = bytePattern([[0x61, 0x41], [0x62], [0x63, 0x43]]);
    const hay = enc('xxaBc abC Abc');
    expect(findPattern(hay, p, 0, hay.length)).toBe(6);
    expect(findPattern(hay, p, 0, 8)).toBe(-1);
    expect(findPattern(hay, p, 7, hay.length)).toBe(10);
    expect(findPattern(enc('abcabc'), p, 1, 6)).toBe(3);
  });

  it('drops lines that cannot hold the query and passes those that may, in any case', () => {
    expect(holds('{"role": "user", "content": "lorem ipsum"}', 'needle')).toBe(false);
    expect(holds('{"role": "user", "content": "a NeEdLe here"}', 'needle')).toBe(true);
    // A key or another value holding it passes too (decoding then finds nothing): never a miss.
    expect(holds('{"needle": 1}', 'needle')).toBe(true);
  });

  it('passes a line where a query character is written as an escape', () => {
    expect(holds('{"content": "n\\u0065edle"}', 'needle')).toBe(true);
    expect(holds('{"content": "N\\u0045EDLE"}', 'needle')).toBe(true);
    expect(holds('{"content": "n\\u00e9edle"}', 'needle')).toBe(false);
    expect(holds('{"content": "\\u4F60\\u597d"}', '你好')).toBe(true);
    expect(holds('{"content": "\\ud83d\\ude00"}', '😀')).toBe(true);
  });

  it('searches the longest run JSON writes as itself: quotes, backslashes, slashes and newlines may be escapes', () => {
    expect(holds('{"content": "say \\"hello\\" now"}', 'say "hello"')).toBe(true);
    expect(holds('{"content": "line one\\nline two"}', 'one\nline two')).toBe(true);
    expect(holds('{"content": "a\\/b"}', 'a/b')).toBe(true);
    expect(holds('{"content": "nothing"}', 'line\ntwo')).toBe(false);
    // Nothing but escapable characters: every line may hold it.
    expect(holds('{"content": "nothing"}', '"/')).toBe(true);
    expect(holds('{"content": "anything"}', '   ')).toBe(false);
  });

  it('passes characters that lower-case to a query character', () => {
    expect(holds('{"content": "İstanbul"}', 'i')).toBe(true);
    expect(holds('{"content": "\u212A"}', 'k')).toBe(true);
    expect(holds('{"content": "ÉCOLE"}', 'école')).toBe(true);
    expect(holds('{"content": "ΣΑΣ"}', 'σας')).toBe(true);
    expect(holds('{"content": "ecole"}', 'école')).toBe(false);
  });

  it('passes tool calls whose arguments are not a string (searched as Python str()) or whose keys may be escaped', () => {
    const dict = '{"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": {"x": null}}}]}';
    expect(holds(dict, 'none', true)).toBe(true);
    expect(holds(dict, 'none', false)).toBe(false);
    expect(holds('{"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "{\\"x\\": 1}"}}]}', 'none', true)).toBe(false);
    expect(holds('{"role": "assistant", "tool_calls": [{"function": {"name": "f", "\\u0061rguments": {"x": null}}}]}', 'none', true)).toBe(true);
  });

  it('lets through only the line holding a word planted among thousands', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `Question number ${i}: ${'lorem ipsum dolor '.repeat(10)}` }));
    lines[4321] = JSON.stringify({ role: 'user', content: 'the word zanzibar-7 is here' });
    const plan = findPlan('Zanzibar-7');
    const passed = lines.filter((l) => {
      const b = enc(l);
      return mayHold(b, 0, b.length, plan, false);
    });
    expect(passed).toEqual([lines[4321]]);
  });
});
