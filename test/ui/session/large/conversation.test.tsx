// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { indexBytes } from '../../../../src/core/index/line-index';
import { LargeConversation } from '../../../../src/ui/session/large/LargeConversation';
import { mount, settle, unmount } from '../helpers';

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
    expect(el.querySelector('.sl-large-pages')?.textContent).toContain('Messages 1–20,000 of 50,000');
    const last = [...el.querySelectorAll('.sl-large-pages button')].find((b) => b.textContent === 'Last page') as HTMLButtonElement;
    last.click();
    await settle(50);
    expect(el.querySelector('.sl-large-pages')?.textContent).toContain('Messages 40,001–50,000 of 50,000');
    expect(el.querySelector('[data-large-index="40000"]')).not.toBeNull();
  });
});
