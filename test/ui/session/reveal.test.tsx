// @vitest-environment happy-dom
/** Long text is revealed in bounded blocks, a frame at a time, never laid out whole in one go. */
import { afterEach, describe, expect, it } from 'vitest';
import { Fold } from '../../../src/ui/session/parts/Fold';
import { chunkEnd, chunkEnds, foldAt, REVEAL_CHUNK } from '../../../src/ui/session/parts/reveal';
import { button, click, mount, unmount, waitFor } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** 1 MiB of text: lines of words in several scripts, as a long tool result might be. */
function megabyte(): string {
  const words = ['hello', '世界你好', 'مرحبا', '😀', 'naïve', 'Привет', '{"a": 1}'];
  let t = '';
  for (let i = 0; t.length < 1024 * 1024; i++) t += words[i % words.length] + (i % 17 === 16 ? '\n' : ' ');
  return t;
}

const shownText = (root: HTMLElement) => [...root.querySelectorAll('pre')].map((p) => p.textContent).join('');

describe('long text reveal', () => {
  it('cuts chunks after a line break, never inside a surrogate pair, and covers the text exactly', () => {
    const text = megabyte();
    const ends = chunkEnds(text, text.length);
    expect(ends.at(-1)).toBe(text.length);
    let from = 0;
    for (const end of ends) {
      expect(end - from).toBeLessThanOrEqual(REVEAL_CHUNK + 1);
      if (end < text.length) expect(text[end - 1] === '\n' || !/[\ud800-\udbff]/.test(text[end - 1]!)).toBe(true);
      from = end;
    }
    const emoji = '😀'.repeat(REVEAL_CHUNK);
    const e = chunkEnd(emoji, 0);
    expect(e % 2).toBe(0);
  });

  it('shows a 1 MB text a block per frame after "Show all", marked busy, and all of it in the end', async () => {
    const text = megabyte();
    el = await mount(<Fold text={text} />);
    expect(shownText(el).length).toBeLessThan(1600);
    await click(button(el, 'Show all'));
    // Right after the click only a bounded first block is in the page, not the megabyte.
    expect(shownText(el).length).toBeLessThanOrEqual(REVEAL_CHUNK + 1);
    expect(el.querySelector('.sl-fold')!.getAttribute('aria-busy')).toBe('true');
    expect(el.querySelector('[role="status"]')!.textContent).toMatch(/^Showing [\d,]+ of 1,048,5\d\d characters…$/);
    await waitFor(() => shownText(el!).length === text.length, 60_000);
    expect(shownText(el)).toBe(text);
    expect(el.querySelectorAll('pre').length).toBeGreaterThan(40);
    for (const p of el.querySelectorAll('pre')) expect(p.textContent!.length).toBeLessThanOrEqual(REVEAL_CHUNK + 1);
    expect(el.querySelector('.sl-fold')!.getAttribute('aria-busy')).toBe('false');
    await click(button(el, 'Show less'));
    expect(shownText(el).length).toBeLessThan(1600);
  });

  it('adds one block per "Show more", and "Stop" halts a reveal under way', async () => {
    const text = megabyte();
    el = await mount(<Fold text={text} />);
    await click(button(el, 'Show 20,000 more'));
    const one = shownText(el).length;
    expect(one).toBeGreaterThan(REVEAL_CHUNK / 2);
    expect(one).toBeLessThanOrEqual(REVEAL_CHUNK + 1);
    await click(button(el, 'Show 20,000 more'));
    expect(shownText(el).length).toBeGreaterThan(one + REVEAL_CHUNK / 2);
    await click(button(el, 'Show all'));
    await click(button(el, 'Stop'));
    const stopped = shownText(el).length;
    await new Promise((r) => setTimeout(r, 100));
    expect(shownText(el).length).toBe(stopped);
    expect(stopped).toBeLessThan(text.length);
    expect(button(el, 'Show all')!.textContent).toBe(`Show all (${(text.length - stopped).toLocaleString('en-US')} more characters)`);
  });

  it('never folds away a scrap: a text a few characters past the limit shows whole, without "Show all"', async () => {
    // As a 272-word generated message showed (test-results/big): "answe…" then "Show all (9 more characters)".
    const text = 'word '.repeat(301) + 'last';
    expect(text.length).toBe(1509);
    expect(foldAt(text, 1500, 24)).toBe(text.length);
    el = await mount(<Fold text={text} />);
    expect(shownText(el)).toBe(text);
    expect(button(el, 'Show all')).toBeFalsy();
    // More than a tenth of the limit past it, or more than two further lines: folded as before.
    expect(foldAt('word '.repeat(400), 1500, 24)).toBe(1500);
    expect(foldAt('x'.repeat(1499) + '\na\nb\nc\nd\ne', 1500, 24)).toBe(1500);
    const lined = 'line\n'.repeat(30);
    expect(foldAt(lined, 1500, 24)).toBe(lined.indexOf('\n', 23 * 5));
  });
});
