// @vitest-environment happy-dom
// The Conversation tab read past the size line (its source on the line index) is the same tab as the whole document's.
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationTab } from '../../../../src/ui/session/conversation/ConversationTab';
import { MessageRow } from '../../../../src/ui/session/conversation/MessageRow';
import { setRawEverywhere } from '../../../../src/ui/session/markdown/prefs';
import { bothSizes, click, conversationShown, indexHost, indexedText, mount, settle, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** `n` messages of `size` characters of text each. */
const messages = (n: number, size: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i} ` + 'x'.repeat(size) })).join('\n') + '\n';

const rows = (root: Element) => root.querySelectorAll('.sl-vlist-row').length;
const tab = (text: string) => mount(<ConversationTab source={indexedText(text)} line={null} onOpenLine={() => {}} onLine={() => {}} />);

describe('the conversation of a large file', () => {
  it('guesses row heights from the records’ sizes, so long messages render only the few rows a screen holds', async () => {
    el = await tab(messages(500, 2000));
    await conversationShown(el);
    // happy-dom has no layout: the list assumes a 900 px screen; a 2 KB message fills about 400 px of it
    const longRows = rows(el);
    await unmount(el);
    el = await tab(messages(500, 10));
    await conversationShown(el);
    expect(longRows).toBeLessThanOrEqual(5);
    expect(rows(el)).toBeGreaterThanOrEqual(12);
  });

  it('reads only the messages in and near view', async () => {
    const source = indexedText(messages(5000, 10));
    const asked: [number, number][] = [];
    const messagesOf = source.messages.bind(source);
    source.messages = (lens, from, to) => {
      asked.push([from, to]);
      return messagesOf(lens, from, to);
    };
    el = await mount(<ConversationTab source={source} line={null} onOpenLine={() => {}} onLine={() => {}} />);
    await conversationShown(el);
    await settle(50);
    expect(asked.length).toBeGreaterThan(0);
    expect(Math.max(...asked.map(([from, to]) => to - from))).toBeLessThanOrEqual(33);
    expect(asked.reduce((n, [from, to]) => n + to - from, 0)).toBeLessThan(200);
  });

  it('shows 50,000 messages in pages of 20,000, so the virtual list never holds more rows', async () => {
    el = await tab(Array.from({ length: 50_000 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` })).join('\n') + '\n');
    await conversationShown(el);
    expect(el.querySelector('.sl-pages')?.textContent).toContain('Messages 1–20,000 of 50,000');
    const last = [...el.querySelectorAll('.sl-pages button')].find((b) => b.textContent === 'Last page') as HTMLButtonElement;
    last.click();
    await waitFor(() => !!el!.querySelector('article[data-message="40000"]'));
    expect(el.querySelector('.sl-pages')?.textContent).toContain('Messages 40,001–50,000 of 50,000');
  });
});

describe('the Conversation of the line index’s page', () => {
  it('opens at the route’s line (`line=`) or a permalink’s message (`m=`), highlighted; a corrupt line links to the File tab', async () => {
    const { SessionView } = await import('../../../../src/ui/session/SessionView');
    const { createMemoryAdapter } = await import('../../../../src/store/adapter/memory-adapter');
    const path = 'sessions/cli_direct.jsonl';
    const text = messages(6, 10).replace('\n', '\n{"role": "user", "content": "cut\n');
    const adapter = createMemoryAdapter();
    adapter.setFile(path, text);
    const routes: [string, Record<string, string>][] = [];
    const page = async (params: Record<string, string>) => <SessionView {...await indexHost(adapter, path, 'v0.2', { route: { params }, onRoute: (tab, p) => void routes.push([tab, p]) })} />;
    el = await mount(await page({ line: '4' }));
    await waitFor(() => el!.querySelector('article.sl-hl')?.getAttribute('data-message') === '2');
    await unmount(el);
    el = await mount(await page({ m: '5' }));
    await waitFor(() => el!.querySelector('article.sl-hl')?.getAttribute('data-message') === '4');
    await click([...el.querySelectorAll('article.sl-corrupt button')].find((b) => b.textContent === 'open in File tab'));
    expect(routes.at(-1)).toEqual(['file', { line: '2' }]);
  });
});

describe('a message card', () => {
  it('for a turn that reasons and calls tools: no "(empty)", the reasoning folded, the call named (issue 27)', async () => {
    const value = { role: 'assistant', content: '', reasoning_content: 'Look at the upload test first.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.py"}' } }] };
    el = await mount(<MessageRow index={1} line={2} m={value} />);
    expect(el.textContent).not.toContain('(empty)');
    expect(el.querySelector('details.sl-reasoning summary')!.textContent).toContain('Reasoning');
    expect(el.querySelector('.sl-call-name')!.textContent).toBe('read_file');
    await unmount(el);
    // an assistant turn with nothing else still says its text is empty
    el = await mount(<MessageRow index={1} line={2} m={{ role: 'assistant', content: '' }} />);
    expect(el.textContent).toContain('(empty)');
  });
});

describe('the Markdown/raw switch', () => {
  const text = Array.from({ length: 6 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `**bold ${i}**` })).join('\n') + '\n';
  for (const [size, open] of bothSizes(text)) {
    it(`turns every message to its raw text, and back (${size})`, async () => {
      setRawEverywhere(false);
      el = await mount(<ConversationTab source={open()} line={null} onOpenLine={() => {}} onLine={() => {}} />);
      await waitFor(() => el!.querySelectorAll('.sl-msgtext').length === 6);
      const box = el.querySelector<HTMLInputElement>('.sl-conv-tools .sl-raw-all input')!;
      expect(box.checked).toBe(false);
      expect(el.querySelectorAll('.sl-msgtext.sl-is-raw').length).toBe(0);
      box.click();
      await waitFor(() => el!.querySelectorAll('.sl-msgtext.sl-is-raw').length === 6);
      expect(el.querySelector('.sl-msgtext')!.textContent).toContain('**bold 0**');
      box.click();
      await waitFor(() => el!.querySelectorAll('.sl-msgtext.sl-is-raw').length === 0);
      setRawEverywhere(false);
    });
  }
});
