import { describe, expect, it } from 'vitest';
import { conversationModel, prepareConversation } from '../../../src/ui/session/conversation/model';
import { jsonl, meta, openText } from './helpers';

const tc = (id: string) => ({ id, type: 'function', function: { name: 'search', arguments: '{}' } });

/** A file of `turns` user/assistant/tool triples, with one unanswered call, one orphan result and one corrupt line. */
function file(turns: number): string {
  const lines: (string | object)[] = [meta()];
  for (let i = 0; i < turns; i++) {
    lines.push({ role: 'user', content: `q${i}` }, { role: 'assistant', content: '', tool_calls: [tc(`c${i}`)] }, { role: 'tool', tool_call_id: `c${i}`, name: 'search', content: 'ok' });
  }
  lines.push({ role: 'assistant', content: '', tool_calls: [tc('never')] }, '{"role": "user", "content": "cut', { role: 'tool', tool_call_id: 'ghost', name: 'x', content: 'lost' });
  return jsonl(lines);
}

describe('conversation model', () => {
  it('counts orphans, unanswered calls and corrupt lines, and maps file lines to rows', () => {
    const o = openText(file(3));
    const m = conversationModel(o);
    expect([m.orphans, m.unanswered, m.corrupt]).toEqual([1, 1, 1]);
    expect(m.rows.map((r) => r.kind)).toEqual([...Array(9).fill('message'), 'message', 'corrupt', 'message']);
    expect(m.rowOfLine.get(1)).toBe(0);
    expect(m.rowOfLine.get(11)).toBe(10);
    expect(m.rows[10]).toEqual({ kind: 'corrupt', line: 11 });
    expect(m.diagsByLine.get(11)!.map((d) => d.kind)).toContain('bad-json');
    expect(m.pairing.answers.get(2)).toEqual({ call: 1, name: 'search' });
    expect(conversationModel(o)).toBe(m); // built once per opened file
  });

  it('prepares a big file in slices to the same model, which the tab then reuses', async () => {
    const text = file(4000);
    const sliced = openText(text);
    let ticks = 0;
    const t = setInterval(() => ticks++, 0);
    await prepareConversation(sliced);
    clearInterval(t);
    expect(ticks).toBeGreaterThan(0); // it ran in later tasks, not in the caller's
    const m = conversationModel(sliced);
    const direct = conversationModel(openText(text));
    expect(m).not.toBe(direct);
    expect(m).toEqual(direct);
    expect(m.rows).toHaveLength(12_003);
    await prepareConversation(sliced);
    expect(conversationModel(sliced)).toBe(m);
  });
});
