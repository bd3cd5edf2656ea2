/**
 * The find bar in real Chromium: Ctrl+F in a 2,000-message session (generated here) opens the app's
 * bar, not the browser's; typing finds a word that only message #1,873 and #1,990 hold, and the
 * virtual list scrolls to each match with its mark on screen. At 1280×800 the conversation gets
 * most of the window and is the one scroll box (the page itself does not scroll). A permalink opens its
 * message in place, and a tool call shows the message that answers it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { dumps } from './hostile-fixtures';
import { closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const N = 2000;
const NEEDLE = 'quokka';

let b: Browser;
let app: Served;
let base: string;
let watch: { problems: string[] };

/** A workspace with one 2,000-message session; the needle sits in messages #1,873 (text) and #1,990 (a tool call). */
function workspace(): string {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-find-'));
  const dir = path.join(base, 'ws', 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const lines = [dumps({ _type: 'metadata', key: 'cli:long', created_at: '2026-06-01T10:00:00', updated_at: '2026-06-01T12:00:00', metadata: { title: 'A long session' }, last_consolidated: 0 })];
  for (let i = 0; i < N; i++) {
    const n = i + 1;
    if (n === 1990) lines.push(dumps({ role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: `{"q": "${NEEDLE} habitat"}` } }] }));
    else if (n === 1991) lines.push(dumps({ role: 'tool', tool_call_id: 'c1', name: 'search', content: 'Rottnest Island' }));
    else lines.push(dumps({ role: i % 2 ? 'assistant' : 'user', content: n === 1873 ? `Message ${n}: the ${NEEDLE} is a small marsupial.` : `Message ${n}: ${'some ordinary words '.repeat(1 + (i % 6))}` }));
  }
  fs.writeFileSync(path.join(dir, 'cli_long.jsonl'), lines.map((l) => l + '\n').join(''));
  return path.join(base, 'ws');
}

beforeAll(async () => {
  const ws = workspace();
  ({ app, b, watch } = await openAppInChromium({}, { width: 1280, height: 800 }));
  await dropOnStart(b, app, ws);
  await b.page.locator('.session-list').waitFor();
});

afterAll(() => closeAll(b, app, base));

/** Whether `sel`'s first element lies inside the conversation's scroll box. */
function inView(sel: string): Promise<boolean> {
  return b.page.evaluate((s) => {
    const el = document.querySelector(s);
    const box = document.querySelector('.sl-conversation .sl-vlist');
    if (!el || !box) return false;
    const r = el.getBoundingClientRect();
    const v = box.getBoundingClientRect();
    return r.top >= v.top && r.bottom <= v.bottom && r.height > 0;
  }, sel);
}

describe('find bar in a 2,000-message session', () => {
  it('jumps to matches far down the list, one scroll box using the window', async () => {
    const page = b.page;
    await page.locator('.session-row[data-file="cli_long.jsonl"] a.row-link').click();
    await page.locator('.sl-conversation .sl-vlist article').first().waitFor();
    const height = async () => (await page.locator('.sl-conversation .sl-vlist').boundingBox())!.height;
    expect(await height()).toBeGreaterThan(800 * 0.5);
    // the workspace's one gateway notice, once dismissed, is gone: more room still
    await page.locator('.notice.gateway').getByRole('button', { name: 'Dismiss this note' }).click();
    expect(await height()).toBeGreaterThan(800 * 0.55);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight + 1)).toBe(true);

    await page.locator('.sl-conversation .sl-vlist').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+f');
    const input = page.locator('.sl-find-input');
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.pressSequentially(NEEDLE.toUpperCase());
    await expect.poll(() => page.locator('.sl-find-count').innerText()).toBe('1 of 2');
    await expect.poll(() => inView('article[data-message="1872"] mark.sl-find-current')).toBe(true);
    expect(await page.locator('article[data-message="1872"] mark.sl-find-current').innerText()).toBe(NEEDLE);
    expect(await page.locator('article.sl-hl').getAttribute('data-message')).toBe('1872');
    await shot(page, 'find-bar', false);

    await input.press('Enter');
    await expect.poll(() => page.locator('.sl-find-count').innerText()).toBe('2 of 2');
    await expect.poll(() => inView('article[data-message="1989"] mark.sl-find-current')).toBe(true);
    await input.press('Shift+Enter');
    await expect.poll(() => page.locator('.sl-find-count').innerText()).toBe('1 of 2');
    await expect.poll(() => inView('article[data-message="1872"] mark.sl-find-current')).toBe(true);

    await page.locator('.sl-jump-message').fill('12');
    await page.locator('.sl-jump-message').press('Enter');
    await expect.poll(() => inView('article[data-message="11"]')).toBe(true);
    await page.locator('.sl-jump').getByRole('button', { name: 'latest' }).click();
    await expect.poll(() => inView(`article[data-message="${N - 1}"]`)).toBe(true);

    await input.press('Escape');
    expect(await page.locator('.sl-find-input').count()).toBe(0);
    expect(await page.locator('mark.sl-find-hit').count()).toBe(0);

    // A permalink opens its message in place, highlighted, as the rows around it are read through the source.
    await page.evaluate(() => (location.hash = '#/s/cli%3Along/m/1500'));
    await expect.poll(() => inView('article.sl-hl[data-message="1499"]'), { timeout: 10_000 }).toBe(true);
    // The call is paired with its result (over the whole file), and the result links back to it.
    await page.locator('.sl-jump-message').fill('1990');
    await page.locator('.sl-jump-message').press('Enter');
    await expect.poll(() => inView('article[data-message="1989"] .sl-call')).toBe(true);
    expect(await page.locator('article[data-message="1989"] .sl-call').innerText()).toContain('result: message #1991');
    expect(watch.problems).toEqual([]);
  });
});
