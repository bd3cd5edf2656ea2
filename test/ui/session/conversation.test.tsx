// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationTab } from '../../../src/ui/session/conversation/ConversationTab';
import { bothSizes, click, conversationShown, jsonl, meta, mount, settle, unmount, waitFor } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const tc = (id: string, name: string) => ({ id, type: 'function', function: { name, arguments: '{"q": 1}' } });

const paired = jsonl([
  meta(),
  { role: 'user', content: 'hi', timestamp: '2026-06-01T10:00:00' },
  { role: 'assistant', content: '', tool_calls: [tc('a', 'search'), tc('b', 'fetch')] },
  { role: 'tool', tool_call_id: 'a', name: 'search', content: 'found' },
  '{"role": "user", "content": "cut',
  { role: 'tool', tool_call_id: 'zzz', name: 'x', content: 'lost' },
]);

for (const [size, open] of bothSizes(paired)) {
  describe(`ConversationTab (${size})`, () => {
    it('pairs tool calls with their results over the file and marks orphans, unanswered calls and corrupt lines', async () => {
      el = await mount(<ConversationTab source={open()} line={null} onOpenLine={() => {}} onLine={() => {}} />);
      await conversationShown(el);
      const cards = [...el.querySelectorAll('article')];
      expect(cards).toHaveLength(5);
      expect(cards[1]!.textContent).toContain('result: message #3');
      expect(cards[1]!.textContent).toContain('unanswered call');
      expect(cards[2]!.textContent).toContain('call in message #2');
      expect(cards[3]!.classList.contains('sl-corrupt')).toBe(true);
      expect(cards[3]!.textContent).toContain('"role": "user", "content": "cut');
      expect(cards[4]!.textContent).toContain('orphan result');
      expect(el.textContent).toContain('1 orphan tool result');
      expect(el.textContent).toContain('1 unanswered tool call');
    });

    it('shows a message’s raw line, copies its permalink, and jumps from a call to its result', async () => {
      const lines: number[] = [];
      el = await mount(<ConversationTab source={open()} line={null} onOpenLine={() => {}} onLine={(l) => lines.push(l)} />);
      await conversationShown(el);
      const card = el.querySelector('article[data-message="2"]')!;
      await click(card.querySelector('.sl-raw-toggle'));
      await waitFor(() => !!card.querySelector('.sl-raw pre'));
      expect(card.querySelector('.sl-raw pre')!.textContent).toBe('{"role": "tool", "tool_call_id": "a", "name": "search", "content": "found"}');
      const write = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
      await click(card.querySelector('.sl-permalink'));
      await settle();
      expect(write).toHaveBeenCalledWith(expect.stringMatching(/#\/s\/cli%3Adirect\/m\/3$/));
      await click([...el.querySelectorAll('article[data-message="1"] button')].find((b) => b.textContent === 'result: message #3'));
      expect(lines).toEqual([3]);
    });
  });
}

describe('message times', () => {
  for (const [size, open] of bothSizes(jsonl([meta(), { role: 'user', content: 'hi', timestamp: '2026-06-02T09:14:08.530646' }, { role: 'assistant', content: 'yo', timestamp: 12 }]))) {
    it(`use the list’s date style, with the stored value kept on hover (issue 27; ${size})`, async () => {
      el = await mount(<ConversationTab source={open()} line={null} onOpenLine={() => {}} onLine={() => {}} />);
      await conversationShown(el);
      const times = [...el.querySelectorAll('article time')];
      expect(times[0]!.textContent).toBe('2 Jun 2026, 09:14');
      expect(times[0]!.getAttribute('title')).toBe('2026-06-02T09:14:08.530646');
      expect(times[1]!.textContent).toBe('12');
    });
  }
});
