// @vitest-environment happy-dom
/** The preview a big file shows while the worker parses it: text only, capped, with the parse progress. */
import { afterEach, describe, expect, it } from 'vitest';
import type { PyDict } from '../../../src/core/python/pyvalue';
import { OpeningPreview } from '../../../src/ui/session/OpeningPreview';
import { mount, unmount } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe('OpeningPreview', () => {
  it('shows the first messages as plain text, markup included, and says how far the parse is', async () => {
    const messages: PyDict[] = [
      { role: 'user', content: '<img src=x onerror="window.__hit=1">hello' },
      { role: 'assistant', content: [{ type: 'text', text: '<script>window.__hit=2</script>' }] },
      { content: 'no role here' },
    ];
    el = await mount(<OpeningPreview messages={messages} progress={[12_000, 50_001]} />);
    const cards = [...el.querySelectorAll('article.sl-msg')];
    expect(cards.map((c) => c.querySelector('.sl-role')!.textContent)).toEqual(['user', 'assistant', 'no role']);
    expect(cards[0]!.textContent).toContain('<img src=x onerror="window.__hit=1">hello');
    expect(el.querySelector('img, script')).toBeNull();
    expect(el.querySelector('[role="status"]')!.textContent).toContain('12,000 of 50,001 lines received');
    expect(el.querySelector('section')!.getAttribute('aria-busy')).toBe('true');
  });

  it('lays out at most 30 messages however many the worker sent', async () => {
    const messages: PyDict[] = Array.from({ length: 400 }, (_, i) => ({ role: 'user', content: `m${i}` }));
    el = await mount(<OpeningPreview messages={messages} progress={null} />);
    expect(el.querySelectorAll('article.sl-msg')).toHaveLength(30);
    expect(el.querySelector('[role="status"]')!.textContent).toContain('Parsing the whole file');
  });
});
