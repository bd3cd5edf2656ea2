// @vitest-environment happy-dom
/** Raw or formatted: each message on its own, and every message at once (remembered in localStorage). */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConversationTab } from '../../../../src/ui/session/conversation/ConversationTab';
import { loadMarkdown } from '../../../../src/ui/session/markdown/loader';
import { rawEverywhere, setRawEverywhere } from '../../../../src/ui/session/markdown/prefs';
import type { SessionSource } from '../../../../src/store/source/session-source';
import { bothSizes, button, check, click, conversationShown, jsonl, meta, mount, unmount } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  setRawEverywhere(false);
});
beforeAll(async () => {
  await loadMarkdown();
});

const first = '**Bold** and a [link](https://example.com)\n\n- item &amp; more';
const second = [{ type: 'text', text: '# Title\n\n`x`' }, { type: 'image_url', image_url: { url: 'https://x.example/a.png' } }];

const text = jsonl([meta(), { role: 'user', content: first }, { role: 'assistant', content: second }]);

async function mountTab(open: () => SessionSource) {
  el = await mount(<ConversationTab source={open()} line={null} onOpenLine={() => {}} onLine={() => {}} />);
  await conversationShown(el);
  return [...el.querySelectorAll('article')];
}

const formatted = (card: Element) => card.querySelector('.sl-md') !== null;

for (const [size, open] of bothSizes(text)) describe(`raw toggles (${size})`, () => {
  it('switches one message to its exact stored text and back', async () => {
    const [a, b] = await mountTab(open);
    expect(formatted(a!)).toBe(true);
    expect(a!.querySelector('.sl-md strong')!.textContent).toBe('Bold');
    await click(button(a!, 'Raw text'));
    expect(button(a!, 'Raw text')!.getAttribute('aria-pressed')).toBe('true');
    expect(formatted(a!)).toBe(false);
    // Exactly the stored string: markup characters and entities as written.
    expect(a!.querySelector('.sl-is-raw pre')!.textContent).toBe(first);
    expect(formatted(b!)).toBe(true);
    await click(button(a!, 'Raw text'));
    expect(formatted(a!)).toBe(true);
  });

  it('switches every message with one control, remembered in localStorage; a message can still differ', async () => {
    const [a, b] = await mountTab(open);
    const all = el!.querySelector<HTMLInputElement>('.sl-raw-all input')!;
    expect(all.checked).toBe(false);
    await check(all, true);
    expect(rawEverywhere.value).toBe(true);
    expect(localStorage.getItem('session-lens.markdown-raw')).toBe('1');
    expect(formatted(a!)).toBe(false);
    expect(formatted(b!)).toBe(false);
    expect(b!.querySelector('.sl-is-raw pre')!.textContent).toBe('# Title\n\n`x`');
    await click(button(b!, 'Raw text'));
    expect(formatted(b!)).toBe(true);
    expect(formatted(a!)).toBe(false);
    await check(all, false);
    expect(localStorage.getItem('session-lens.markdown-raw')).toBe('0');
    expect(formatted(a!)).toBe(true);
    expect(formatted(b!)).toBe(true);
  });

  it('starts raw when the remembered choice says so', async () => {
    localStorage.setItem('session-lens.markdown-raw', '1');
    vi.resetModules();
    const fresh = await import('../../../../src/ui/session/markdown/prefs');
    expect(fresh.rawEverywhere.value).toBe(true);
    setRawEverywhere(true);
    const [a] = await mountTab(open);
    expect(el!.querySelector<HTMLInputElement>('.sl-raw-all input')!.checked).toBe(true);
    expect(formatted(a!)).toBe(false);
  });
});
