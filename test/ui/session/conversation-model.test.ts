import { describe, expect, it } from 'vitest';
import { ROW, type SourceConversation } from '../../../src/store/source/conversation/rows';
import { enc, indexedText, jsonl, meta, wholeBytes } from './helpers';

const tc = (id: string) => ({ id, type: 'function', function: { name: 'search', arguments: '{}' } });

/** A file of `turns` user/assistant/tool triples, with one unanswered call, one corrupt line, one orphan result and `lc` consolidated. */
function file(turns: number, lc = 0): string {
  const lines: (string | object)[] = [meta({}, lc)];
  for (let i = 0; i < turns; i++) {
    lines.push({ role: 'user', content: `q${i}` }, { role: 'assistant', content: '', tool_calls: [tc(`c${i}`)] }, { role: 'tool', tool_call_id: `c${i}`, name: 'search', content: 'ok' });
  }
  lines.push({ role: 'assistant', content: '', tool_calls: [tc('never')] }, '{"role": "user", "content": "cut', { role: 'tool', tool_call_id: 'ghost', name: 'x', content: 'lost' });
  return jsonl(lines);
}

/** The answer as plain data (its functions asked at every line), to compare the two implementations. */
async function plain(c: SourceConversation) {
  const { rowOfLine, lineOfMessage, length, diagnostics, pairs, marked: _marked, ...rest } = c;
  return { ...rest, diagnostics: await diagnostics(), pairs: await pairs(), rows: Array.from({ length: c.lines }, (_, l) => rowOfLine(l)), lineOf: Array.from({ length: c.messages }, (_, k) => lineOfMessage(k)), lengths: Array.from({ length: c.lines }, (_, l) => length(l)) };
}

describe('the Conversation’s rows, at both sizes', () => {
  for (const [name, open] of [['whole document', (t: string) => wholeBytes(enc(t))], ['line index', (t: string) => indexedText(t)]] as const) {
    it(`counts orphans, unanswered calls and corrupt lines, pairs over the whole file and maps lines to rows (${name})`, async () => {
      const c = await (await open(file(3)).conversation()).marked();
      const { pairs, orphans, unanswered } = await c.pairs();
      expect([orphans, unanswered, c.corrupt]).toEqual([1, 1, 1]);
      expect(Array.from(c.kind)).toEqual([...Array(10).fill(ROW.message), ROW.corrupt, ROW.message]);
      expect(c.rowOfLine(0)).toBe(-1); // the metadata has no row
      expect(c.rowOfLine(1)).toBe(0);
      expect(c.rowOfLine(11)).toBe(10);
      expect((await c.diagnostics()).get(11)!.map((d) => d.kind)).toContain('bad-json');
      expect(pairs.calls.get(2)).toEqual({ call: 1, name: 'search' });
      expect(pairs.calls.get(10)).toEqual({ call: null, name: null });
      expect(pairs.results.get(1)).toEqual([2]);
      expect(pairs.results.get(9)).toEqual([null]);
      expect([...pairs.answered].sort()).toEqual(['c0', 'c1', 'c2', 'ghost']);
      expect(c.marker).toBeNull();
    });
  }

  it('gives the same answer from the line index as from the whole document, the marker placed where the replay starts', async () => {
    // Odd calls too: an id that is a number (compared as str()), an entry that is no call, an unnamed
    // one, a result without an id, one with an empty id, a second result for an answered call.
    const odd = [
      { role: 'assistant', content: '', tool_calls: [{ id: 7, function: { name: 'n' } }, 'not a call', { id: 'u', function: {} }] },
      { role: 'tool', tool_call_id: '7', content: 'seven' },
      { role: 'tool', content: 'no id' },
      { role: 'tool', tool_call_id: '', content: 'empty id' },
      { role: 'tool', tool_call_id: '7', content: 'again' },
      { role: 'tool', tool_call_id: 'u', content: 'unnamed' },
    ];
    const text = file(40, 30).replace(/\n$/, '\n' + odd.map((m) => JSON.stringify(m)).join('\n') + '\n');
    const whole = await (await wholeBytes(enc(text)).conversation()).marked();
    const indexed = await (await indexedText(text).conversation()).marked();
    expect(await plain(indexed)).toEqual(await plain(whole));
    expect(whole.marker).toEqual({ archived: 30, total: 128, lens: 'nanobot', stored: null });
    const { pairs } = await whole.pairs();
    expect(pairs.results.get(122)).toEqual([123, null, 127]);
    expect([pairs.calls.get(123), pairs.calls.get(124), pairs.calls.get(125), pairs.calls.get(126), pairs.calls.get(127)]).toEqual([{ call: 122, name: 'n' }, undefined, undefined, { call: 122, name: 'n' }, { call: 122, name: '', placeholder: 'unnamed' }]);
    // The rows come first, without it; the marked rows are their own marked rows.
    expect((await wholeBytes(enc(text)).conversation()).marker).toBeNull();
    expect(await whole.marked()).toBe(whole);
    // The marker row sits just above message 30 (file line 31).
    const at = whole.rowOfLine(31);
    expect(whole.kind[at - 1]).toBe(ROW.marker);
  });

  it('builds a big file’s rows in later tasks, not in the caller’s', async () => {
    const source = wholeBytes(enc(file(12_000)));
    // A task queued now runs before the rows are done: building them gave the event loop a turn.
    let turned = false;
    setImmediate(() => (turned = true));
    const c = await source.conversation();
    expect(turned).toBe(true);
    expect(c.count).toBe(36_003);
    expect(await source.conversation()).toBe(c); // built once per source
  });
});
