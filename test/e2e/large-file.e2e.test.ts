/**
 * Large-file mode in real Chromium: a dropped folder holds a session above the (lowered) size line;
 * the page shows its first messages, the index's counts, scrolls to the last message (decoded on
 * demand from the file's bytes), and shows nanobot's replay computed from the reachable tail; its
 * find bar lands on a word planted far down, and jumps and permalinks open their message in place; then its
 * Edit tab trims it to the last 100 messages through the streamed save, checked byte for byte on disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../src/core/lens/document';
import { trimToLegalSuffix } from '../../src/core/edit/edits';
import { type Browser, evaluate } from '../browser/harness';
import { closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const MESSAGES = 3000;
/** The message holding the only "Zanzibar" of the file, far down. */
const PLANTED = 2950;
let b: Browser;
let app: Served;
let dir: string;
let size: number;
let file: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-large-'));
  const ws = path.join(dir, 'big-ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:big', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: 0 })];
  for (let i = 0; i < MESSAGES; i++) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    const planted = i === PLANTED ? 'the word Zanzibar is planted here, ' : '';
    rows.push(JSON.stringify({ role, content: `${role === 'user' ? 'Question' : 'Answer'} number ${i}: ${planted}${'lorem ipsum '.repeat(40)}`, timestamp: '2026-06-01T09:00:00' }));
  }
  file = path.join(ws, 'sessions', 'cli_big.jsonl');
  fs.writeFileSync(file, rows.join('\n') + '\n');
  size = fs.statSync(file).size;
  ({ app, b } = await openAppInChromium());
}, 240_000);

afterAll(() => closeAll(b, app, dir));

describe('a session above the large-file line', () => {
  it('opens from its index: first messages, counts, the last message, the replay', async () => {
    const page = b.page;
    // Each indexing worker says at its end whether the byte pass had its SIMD kernel: WebAssembly
    // must compile under the app's CSP, which this server sends with every file, workers' too.
    await page.addInitScript(() => {
      const kernels: unknown[] = [];
      (window as unknown as { __kernels: unknown[] }).__kernels = kernels;
      const Base = window.Worker;
      window.Worker = class extends Base {
        constructor(url: string | URL, opts?: WorkerOptions) {
          super(url, opts);
          this.addEventListener('message', (e: MessageEvent<{ type?: string; spent?: { kernel?: unknown } }>) => {
            if (e.data?.type === 'done' && e.data.spent) kernels.push(e.data.spent.kernel);
          });
        }
      };
    });
    await dropOnStart(b, app, path.join(dir, 'big-ws'));
    await page.locator('.session-list').waitFor();
    // Lower the line below this file's size through the link parameter.
    await page.evaluate((threshold) => (location.hash = `#/s/cli%3Abig?large=${threshold}`), Math.floor(size / 2));
    await page.getByText('Question number 0:').first().waitFor();
    const counts = page.getByTestId('large-counts');
    await counts.waitFor();
    await counts.locator('summary').click(); // the counts are one click away
    expect(await counts.innerText()).toContain(`${(MESSAGES + 1).toLocaleString('en-US')} lines · ${MESSAGES.toLocaleString('en-US')} messages`);
    expect(await counts.innerText()).toContain(`nanobot loads ${MESSAGES.toLocaleString('en-US')} messages.`);
    const kernels = await page.evaluate(() => (window as unknown as { __kernels: unknown[] }).__kernels);
    expect(kernels.length).toBeGreaterThan(0);
    expect(kernels.every((k) => k === true)).toBe(true);
    // Large-file mode's view, not the full view's: the page never parsed the whole file.
    expect(await page.locator('.sl-session.sl-large').count()).toBe(1);
    expect(await page.locator('.sl-session:not(.sl-large)').count()).toBe(0);

    // Scroll the virtual list to its end: the last message is read back from the file when it comes into view.
    const list = page.getByRole('region', { name: 'Messages' });
    for (let k = 0; k < 20 && !(await page.getByText(`Answer number ${MESSAGES - 1}:`).count()); k++) {
      await evaluate(page, () => {
        const el = document.querySelector('.sl-conversation .sl-vlist') as HTMLElement;
        el.scrollTop = el.scrollHeight;
      }, null);
      await page.waitForTimeout(150);
    }
    await page.getByText(`Answer number ${MESSAGES - 1}:`).first().waitFor();
    expect(await list.locator('[aria-busy="true"]').count()).toBe(0);
    await shot(page, 'large-file-end', false);

    await page.getByRole('tab', { name: 'Replay' }).click();
    // v0.2: a window of 120 messages, the last ones.
    await page.locator('.sl-replay .sl-headline', { hasText: `sends 120 messages of ${MESSAGES.toLocaleString('en-US')}` }).waitFor({ timeout: 60_000 });
    // Its first entry is message #2,881 (index 2,880), read from the tail of the file.
    await page.locator('.sl-replay').getByText(`Question number ${MESSAGES - 120}:`).first().waitFor();
    expect(await page.locator('.sl-replay').getByText(`Question number ${MESSAGES - 122}:`).count()).toBe(0);
    expect(await page.locator('.sl-replay .sl-counts').innerText()).toContain('2,880');
    await shot(page, 'large-file', false);
  }, 120_000);

  it('finds a word planted far down and lands on it; jumps and a permalink open their message in place', async () => {
    const page = b.page;
    await page.getByRole('tab', { name: 'Conversation' }).click();
    const list = page.locator('.sl-conversation .sl-vlist');
    await list.waitFor();
    await page.keyboard.press('Control+f');
    const input = page.locator('.sl-find-input');
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('zanzibar');
    await page.locator('.sl-find-count').getByText('1 of 1', { exact: true }).waitFor();
    // The card is read from the file, decoded, scrolled into the list's view, and its mark outlined.
    const current = page.locator(`article[data-message="${PLANTED}"] mark.sl-find-current`);
    await current.waitFor();
    expect(await current.innerText()).toBe('Zanzibar');
    const inView = async (sel: string) =>
      evaluate(page, (s) => {
        const el = document.querySelector(s);
        const box = document.querySelector('.sl-conversation .sl-vlist')!.getBoundingClientRect();
        const r = el?.getBoundingClientRect();
        return !!r && r.bottom > box.top && r.top < box.bottom;
      }, sel);
    // The list may still be measuring the rows around it: the jump keeps aiming until they settle.
    await expect.poll(() => inView(`article[data-message="${PLANTED}"] mark.sl-find-current`), { timeout: 5000 }).toBe(true);
    await shot(page, 'large-file-find', false);
    await input.press('Escape');
    expect(await page.locator('.sl-findbar').count()).toBe(0);

    // Jump to message #1,500, then to the latest.
    await page.locator('.sl-jump-message').fill('1500');
    await page.locator('.sl-jump-message').press('Enter');
    await page.locator('article[data-message="1499"]').getByText('number 1499:').waitFor();
    // The list may still be measuring the rows around it: the jump keeps aiming until they settle.
    await expect.poll(() => inView('article[data-message="1499"]'), { timeout: 5000 }).toBe(true);
    await page.locator('.sl-jump').getByRole('button', { name: 'latest' }).click();
    await page.locator(`article[data-message="${MESSAGES - 1}"]`).getByText(`number ${MESSAGES - 1}:`).waitFor();

    // A permalink opens its message.
    await page.evaluate((threshold) => (location.hash = `#/s/cli%3Abig/m/700?large=${threshold}`), Math.floor(size / 2));
    await page.locator('article[data-message="699"]').getByText('number 699:').waitFor();
    // The list may still be measuring the rows around it: the jump keeps aiming until they settle.
    await expect.poll(() => inView('article[data-message="699"]'), { timeout: 5000 }).toBe(true);
  });

  it('trims it from the Edit tab: a streamed save of the kept bytes, the same bytes the normal save writes', async () => {
    const page = b.page;
    const before = fs.readFileSync(file);
    await page.evaluate(() => (location.hash = '#/'));
    await page.evaluate((threshold) => (location.hash = `#/s/cli%3Abig?large=${threshold}`), Math.floor(size / 2));
    await page.getByTestId('large-counts').waitFor();
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.getByLabel('Messages to keep (max)').fill('100');
    await page.getByText('Messages that go: #1–2,900.').waitFor();
    const preview = page.locator('#sl-ed-trim-h').locator('xpath=..');
    expect(await preview.innerText()).toContain(`Drops 2,900 of ${MESSAGES.toLocaleString('en-US')} messages (0 already archived, 2,900 never archived) and keeps 100.`);
    await preview.locator('.sl-preview').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'large-file-edit', false);
    await preview.getByRole('button', { name: 'Trim', exact: true }).click();
    await preview.getByRole('button', { name: 'Yes, trim' }).click();
    for (let k = 0; k < 300 && fs.statSync(file).size === before.length; k++) await page.waitForTimeout(100);
    await page.getByText('Saved cli_big.jsonl').first().waitFor();
    const after = fs.readFileSync(file);
    // The page's clock wrote updated_at: the normal path, given the same time, writes the same bytes.
    const updated = JSON.parse(after.subarray(0, after.indexOf(10)).toString()).updated_at as string;
    const normal = trimToLegalSuffix(parseDocument(new Uint8Array(before), { version: 'v0.2' }), 'cli:big', 100, false, updated, 'v0.2');
    if (!normal.ok) throw new Error(JSON.stringify(normal.error));
    expect(after.equals(Buffer.from(serializeDocument(normal.doc)))).toBe(true);
    expect(after.subarray(after.indexOf(10) + 1).equals(before.subarray(before.length - (after.length - after.indexOf(10) - 1)))).toBe(true);
    // The backup (kept on in the confirm step) holds the file as it was; no tmp is left.
    const left = fs.readdirSync(path.dirname(file)).filter((f) => f !== 'cli_big.jsonl');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^cli_big\.jsonl\.\d{8}T\d{9}Z\.bak$/);
    expect(fs.readFileSync(path.join(path.dirname(file), left[0]!)).equals(before)).toBe(true);
    await shot(page, 'large-file-edit-saved', false);
  }, 120_000);
});
