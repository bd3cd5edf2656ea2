// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { jsonl, meta, mount, openText, settle, unmount, wholeHost } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const tc = (id: string, name: string) => ({ id, type: 'function', function: { name, arguments: '{"q": 1}' } });

describe('ConversationTab', () => {
  it('pairs tool calls with their results and marks orphans and unanswered calls', async () => {
    const o = openText(jsonl([
      meta(),
      { role: 'user', content: 'hi', timestamp: '2026-06-01T10:00:00' },
      { role: 'assistant', content: '', tool_calls: [tc('a', 'search'), tc('b', 'fetch')] },
      { role: 'tool', tool_call_id: 'a', name: 'search', content: 'found' },
      { role: 'tool', tool_call_id: 'zzz', name: 'x', content: 'lost' },
    ]));
    el = await mount(<ConversationTab opened={o} source={wholeHost(o).source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await settle();
    const cards = [...el.querySelectorAll('article')];
    expect(cards).toHaveLength(4);
    expect(cards[1]!.textContent).toContain('result: message #3');
    expect(cards[1]!.textContent).toContain('unanswered call');
    expect(cards[2]!.textContent).toContain('call in message #2');
    expect(cards[3]!.textContent).toContain('orphan result');
    expect(el.textContent).toContain('1 orphan tool result');
    expect(el.textContent).toContain('1 unanswered tool call');
  });
});

describe('message times', () => {
  it('use the list’s date style, with the stored value kept on hover (issue 27)', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'hi', timestamp: '2026-06-02T09:14:08.530646' }, { role: 'assistant', content: 'yo', timestamp: 12 }]));
    el = await mount(<ConversationTab opened={o} source={wholeHost(o).source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await settle();
    const times = [...el.querySelectorAll('article time')];
    expect(times[0]!.textContent).toBe('2 Jun 2026, 09:14');
    expect(times[0]!.getAttribute('title')).toBe('2026-06-02T09:14:08.530646');
    expect(times[1]!.textContent).toBe('12');
  });
});
