// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { indexBytes } from '../../../../src/core/index/line-index';
import { LargeConversation } from '../../../../src/ui/session/large/conversation/LargeConversation';
import { LargeMessage } from '../../../../src/ui/session/large/conversation/LargeMessage';
import { indexedText, mount, NOW, settle, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** An index of `n` messages of `size` characters of text each. */
function messages(n: number, size: number) {
  const text = Array.from({ length: n }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i} ` + 'x'.repeat(size) })).join('\n') + '\n';
  const bytes = new TextEncoder().encode(text);
  return { file: new Blob([bytes]), index: indexBytes(bytes, 'v0.2') };
}

const rows = (root: Element) => root.querySelectorAll('.sl-vlist-row').length;

describe('the conversation of a large file', () => {
  it('guesses row heights from the records’ sizes, so long messages render only the few rows a screen holds', async () => {
    const long = messages(500, 2000);
    el = await mount(<LargeConversation file={long.file} index={long.index} />);
    // happy-dom has no layout: the list assumes a 900 px screen; a 2 KB message fills about 400 px of it
    const longRows = rows(el);
    await unmount(el);
    const short = messages(500, 10);
    el = await mount(<LargeConversation file={short.file} index={short.index} />);
    const shortRows = rows(el);
    expect(longRows).toBeLessThanOrEqual(5);
    expect(shortRows).toBeGreaterThanOrEqual(12);
  });

  it('adds no more long rows a frame later: the overscan stays short (each row of long text is a lot of layout)', async () => {
    const long = messages(500, 2000);
    el = await mount(<LargeConversation file={long.file} index={long.index} />);
    const first = rows(el);
    await settle(50);
    expect(rows(el)).toBe(first);
    expect(first).toBeLessThanOrEqual(5);
  });

  it('shows 50,000 messages in pages of 20,000, so the virtual list never holds more rows', async () => {
    const text = Array.from({ length: 50_000 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` })).join('\n') + '\n';
    const bytes = new TextEncoder().encode(text);
    const index = indexBytes(bytes, 'v0.2');
    expect(index.messageCount).toBe(50_000);
    el = await mount(<LargeConversation file={new Blob([bytes])} index={index} />);
    await settle(50);
    expect(el.querySelector('.sl-pages')?.textContent).toContain('Messages 1–20,000 of 50,000');
    const last = [...el.querySelectorAll('.sl-pages button')].find((b) => b.textContent === 'Last page') as HTMLButtonElement;
    last.click();
    await settle(50);
    expect(el.querySelector('.sl-pages')?.textContent).toContain('Messages 40,001–50,000 of 50,000');
    expect(el.querySelector('[data-large-index="40000"]')).not.toBeNull();
  });
});

describe('a large file’s message card', () => {
  it('is the full view’s card for a turn that reasons and calls tools: no "(empty)", the reasoning folded, the call named (issue 27)', async () => {
    const value = { role: 'assistant', content: '', reasoning_content: 'Look at the upload test first.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.py"}' } }] };
    el = await mount(<LargeMessage index={1} line={2} value={value} id="m1" />);
    expect(el.textContent).not.toContain('(empty)');
    expect(el.querySelector('details.sl-reasoning summary')!.textContent).toContain('Reasoning');
    expect(el.querySelector('.sl-call-name')!.textContent).toBe('read_file');
    await unmount(el);
    // an assistant turn with nothing else still says its text is empty
    el = await mount(<LargeMessage index={1} line={2} value={{ role: 'assistant', content: '' }} id="m2" />);
    expect(el.textContent).toContain('(empty)');
  });
});

describe('the Markdown/raw switch of a large file’s conversation', () => {
  it('is the full view’s: one switch turns every message to its raw text, and back', async () => {
    const { LargeConversationTab } = await import('../../../../src/ui/session/large/conversation/LargeConversationTab');
    const { loadLarge } = await import('../../../../src/store/large/large-load');
    const { setRawEverywhere } = await import('../../../../src/ui/session/markdown/prefs');
    setRawEverywhere(false);
    const text = Array.from({ length: 6 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `**bold ${i}**` })).join('\n') + '\n';
    const bytes = new TextEncoder().encode(text);
    const index = indexBytes(bytes, 'v0.2');
    const load = await loadLarge(new Blob([bytes]), index, 'v0.2', NOW, 'cli_direct.jsonl');
    el = await mount(<LargeConversationTab source={indexedText(text)} file={new Blob([bytes])} index={index} load={load} version="v0.2" />);
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
});
