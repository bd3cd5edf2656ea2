// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { indexBytes } from '../../../../src/core/line-index';
import { LargeConversation } from '../../../../src/ui/session/large/LargeConversation';
import { mount, settle, unmount } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe('the conversation of a large file', () => {
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
