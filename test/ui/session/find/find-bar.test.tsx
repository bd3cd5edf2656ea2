// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { SessionView } from '../../../../src/ui/session/SessionView';
import type { SessionHostProps } from '../../../../src/ui/session-host';
import { findOpen, findQuery } from '../../../../src/ui/session/find/state';
import { findMatches, searchIndex } from './find-reference';
import { setRawEverywhere } from '../../../../src/ui/session/markdown/prefs';
import { NOW, jsonl, meta, mount, openText, type, unmount, waitFor, wholeHost } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  setRawEverywhere(false);
});

function props(over: Partial<SessionHostProps> & Pick<SessionHostProps, 'opened'>): SessionHostProps {
  return { ...wholeHost(over.opened!), adapter: null, now: () => NOW, onSaved: () => {}, onDeleted: () => {}, onForked: () => {}, route: { params: {} }, onRoute: () => {}, ...over };
}

const tc = (id: string, name: string, args: string) => ({ id, type: 'function', function: { name, arguments: args } });

/** user/assistant turns; "needle" in messages #2, #3 (twice: text block and tool call), #4 (tool result). */
const file = () =>
  openText(jsonl([
    meta(),
    { role: 'user', content: 'hello there' },
    { role: 'assistant', content: 'a Needle here' },
    { role: 'assistant', content: [{ type: 'text', text: 'block needle' }, { type: 'image_url', image_url: { url: 'needle.png' } }, 7], tool_calls: [tc('c1', 'grep', '{"pattern": "needle"}')] },
    { role: 'tool', tool_call_id: 'c1', name: 'grep', content: 'found needle <script>alert(1)</script>' },
    { role: 'user', content: ['not a block', { type: 'text', text: 42 }] },
  ]));

const key = (k: string, opts: KeyboardEventInit = {}) => act(() => {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...opts }));
});
const input = () => el!.querySelector<HTMLInputElement>('.sl-find-input');
const countText = () => el!.querySelector('.sl-find-count')!.textContent;
const enter = (shift = false) => act(() => {
  input()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: shift, bubbles: true, cancelable: true }));
});
const highlightedCard = () => el!.querySelector('article.sl-hl')?.getAttribute('data-message');

describe('find bar', () => {
  it('searches text, text blocks, tool calls and results; ignores non-text values', () => {
    const o = file();
    const idx = searchIndex(o);
    expect(findMatches(idx, 'NEEDLE').map((m) => [m.message, m.nth])).toEqual([[1, 0], [2, 0], [2, 1], [3, 0]]);
    expect(findMatches(idx, '42')).toEqual([]);
    expect(findMatches(idx, '   ')).toEqual([]);
  });

  it('opens on Ctrl/⌘+F (the browser’s own find prevented), counts, steps with Enter / Shift+Enter and closes on Escape', async () => {
    setRawEverywhere(true);
    el = await mount(<SessionView {...props({ opened: file() })} />);
    expect(input()).toBeNull();
    const ev = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true });
    await act(() => void window.dispatchEvent(ev));
    expect(ev.defaultPrevented).toBe(true);
    expect(input()).not.toBeNull();
    await type(input(), 'needle');
    // The matches come through the file's source once typing pauses.
    await waitFor(() => countText() === '1 of 4');
    expect(highlightedCard()).toBe('1');
    await enter();
    expect(countText()).toBe('2 of 4');
    expect(highlightedCard()).toBe('2');
    await enter();
    await enter();
    expect(countText()).toBe('4 of 4');
    expect(highlightedCard()).toBe('3');
    await enter();
    expect(countText()).toBe('1 of 4');
    await enter(true);
    expect(countText()).toBe('4 of 4');
    await type(input(), 'nothing like it');
    await waitFor(() => countText() === 'No matches');
    await act(() => void input()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })));
    expect(input()).toBeNull();
    expect(findOpen.value).toBe(false);
    expect(findQuery.value).toBe('');
    await key('f', { metaKey: true });
    expect(input()).not.toBeNull();
  });

  it('marks matches as text nodes, never as HTML', async () => {
    setRawEverywhere(true);
    el = await mount(<SessionView {...props({ opened: file() })} />);
    await key('f', { ctrlKey: true });
    await type(input(), '<script>');
    await waitFor(() => countText() === '1 of 1');
    const marks = [...el.querySelectorAll('mark.sl-find-hit')];
    expect(marks.map((m) => m.textContent)).toEqual(['<script>']);
    expect(el.querySelector('article script')).toBeNull();
    expect(marks[0]!.children).toHaveLength(0);
    await type(input(), 'needle');
    await waitFor(() => countText() === '1 of 4');
    // The text block and the tool call are counted; the image block's JSON is marked as shown, not counted.
    expect(el.querySelectorAll('article[data-message="2"] mark.sl-find-hit')).toHaveLength(3);
    expect(el.querySelectorAll('article[data-message="2"] :is(.sl-msgtext, .sl-calls) mark.sl-find-hit')).toHaveLength(2);
    await waitFor(() => el!.querySelector('mark.sl-find-current') !== null);
    expect(el.querySelector('mark.sl-find-current')!.closest('article')!.getAttribute('data-message')).toBe('1');
  });

  it('marks matches in formatted Markdown too, and switches to the conversation from another tab', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'ask' }, { role: 'assistant', content: '- **bold needle** item\n\n`needle()`' }]));
    el = await mount(<SessionView {...props({ opened: o, route: { tab: 'file', params: {} } })} />);
    expect(el.querySelector('.sl-conversation')).toBeNull();
    await key('f', { ctrlKey: true });
    expect(el.querySelector('.sl-conversation')).not.toBeNull();
    await type(input(), 'needle');
    await waitFor(() => el!.querySelector('.sl-md strong mark.sl-find-hit') !== null);
    expect(el.querySelector('.sl-md code mark.sl-find-hit')!.textContent).toBe('needle');
  });
});
