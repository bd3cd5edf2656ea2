/**
 * The first screen tells the story (issue 27): the workspace list starts on the first screen at
 * 1280×800 and on a phone (390×844), in English and Chinese, light and dark, on the demo and on a
 * folder of every golden fixture; the toast never covers the list; tool output is set as code.
 * Screenshots of each land in test-results/e2e/first-*.png to look at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_DIR } from '../golden-values';
import { dropFolder, type Browser as B } from '../browser/harness';
import { axeSerious, closeAll, openAppInChromium, type Served, shot } from './support';

let b: B;
let app: Served;
let base: string;
let watch: { problems: string[] };

const SIZES = [
  { name: 'desk', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-first-'));
  const sessions = path.join(base, 'golden-ws', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  for (const f of fs.readdirSync(path.join(GOLDEN_DIR, 'fixtures')).filter((x) => x.endsWith('.jsonl'))) fs.copyFileSync(path.join(GOLDEN_DIR, 'fixtures', f), path.join(sessions, f));
  const large = path.join(base, 'large-ws', 'sessions');
  fs.mkdirSync(large, { recursive: true });
  const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:big', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: { title: 'A big one' }, last_consolidated: 0 })];
  for (let i = 0; i < 3000; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `Message ${i}: ${'lorem ipsum '.repeat(6)}` }));
  fs.writeFileSync(path.join(large, 'cli_big.jsonl'), rows.join('\n') + '\n');
  ({ app, b, watch } = await openAppInChromium({}, { width: 1280, height: 800 }));
});

afterAll(() => closeAll(b, app, base));

async function setLook(lang: 'en' | 'zh-CN', theme: 'light' | 'dark'): Promise<void> {
  await b.page.evaluate(([l, t]) => {
    localStorage.setItem('session-lens:language', l!);
    localStorage.setItem('session-lens:theme', t!);
  }, [lang, theme]);
}

/** The first row's box and whether anything fixed (a toast) overlaps it. */
async function firstRow(): Promise<{ bottom: number; covered: string[]; said: string }> {
  await b.page.locator('.status-region .status').waitFor({ state: 'attached' });
  return b.page.evaluate(() => {
    const row = document.querySelector('.session-row')!.getBoundingClientRect();
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.status-region .status')) {
      const r = el.getBoundingClientRect();
      if (r.width > 2 && r.height > 2 && r.bottom > row.top && r.top < row.bottom && r.right > row.left && r.left < row.right) covered.push(el.className);
    }
    return { bottom: row.bottom, covered, said: document.querySelector('.status-region')!.textContent ?? '' };
  });
}

describe('the workspace list is on the first screen', () => {
  for (const look of [
    { lang: 'en', theme: 'light' },
    { lang: 'zh-CN', theme: 'dark' },
  ] as const) {
    for (const size of SIZES) {
      it(`demo, ${size.name} ${size.width}×${size.height}, ${look.lang}, ${look.theme}`, async () => {
        await b.page.setViewportSize({ width: size.width, height: size.height });
        await b.page.goto(app.url);
        await setLook(look.lang, look.theme);
        await b.page.reload();
        await b.page.locator('.start-actions button').nth(2).click();
        await b.page.locator('.session-row').first().waitFor();
        const r = await firstRow();
        await shot(b.page, `first-demo-${size.name}-${look.lang}-${look.theme}`, false);
        expect(r.bottom).toBeLessThanOrEqual(size.height);
        expect(r.covered).toEqual([]);
        // Opening is still announced (to screen readers), only not over the list.
        expect(r.said).toMatch(/Demo workspace|演示工作区/);
        // The folded details are reachable and the page stays clean for axe, in both themes.
        await b.page.locator('details.workspace-facts > summary').click();
        await b.page.locator('.facts-panel .version-picker select').waitFor();
        await shot(b.page, `first-demo-${size.name}-${look.lang}-${look.theme}-details`, false);
        expect(await axeSerious(b.page)).toEqual([]);
      });
    }
  }

  for (const size of SIZES) {
    it(`golden fixtures folder, ${size.name}`, async () => {
      await b.page.setViewportSize({ width: size.width, height: size.height });
      await b.page.goto(app.url);
      await setLook('en', 'light');
      await b.page.reload();
      await b.page.locator('.start-actions').waitFor();
      await dropFolder(b, path.join(base, 'golden-ws'), 200, 200);
      await b.page.locator('.session-row').first().waitFor({ timeout: 30_000 });
      const r = await firstRow();
      await shot(b.page, `first-golden-${size.name}`, false);
      expect(r.bottom).toBeLessThanOrEqual(size.height);
      expect(r.covered).toEqual([]);
      if (size.name !== 'desk') return;
      // One count per question: once every file is checked, the Health tab counts what "Only problems" counts.
      await b.page.waitForFunction(() => !document.querySelector('#search-scope')?.textContent?.includes('Checking whole files'), null, { timeout: 60_000 });
      const health = await b.page.locator('nav.tabs a[href^="#/w/health"] .count').innerText();
      expect(await b.page.locator('.toolbar label.check').innerText()).toBe(`Only problems (${health})`);
      expect(Number(health)).toBeGreaterThan(20);
    });
  }

  it('sets tool output as code: the demo’s read_file result keeps its indentation in a monospace face', async () => {
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await b.page.goto(app.url);
    await setLook('en', 'light');
    await b.page.reload();
    await b.page.locator('.start-actions button').nth(2).click();
    await b.page.locator('.session-row[data-file="cli_direct.jsonl"] a.row-link').click();
    const out = b.page.locator('article[data-message="2"] .sl-output pre');
    await out.waitFor();
    const style = await out.evaluate((e) => ({ font: getComputedStyle(e).fontFamily, space: getComputedStyle(e).whiteSpace }));
    expect(style.font).toMatch(/monospace/);
    expect(style.space).toBe('pre-wrap');
    expect(await out.textContent()).toContain('\n    up = Uploader(tmp_path)\n');
    await out.scrollIntoViewIfNeeded();
    await shot(b.page, 'first-tool-output', false);
  });

  it('the Export tab in the dark theme: its download button is readable (axe: no contrast finding)', async () => {
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await b.page.goto(app.url);
    await setLook('en', 'dark');
    await b.page.reload();
    await b.page.locator('.start-actions button').nth(2).click();
    await b.page.locator('.session-row[data-file="cli_direct.jsonl"] a.row-link').click();
    await b.page.getByRole('tab', { name: 'Export' }).click();
    const button = b.page.locator('.sl-primary').first();
    await button.waitFor();
    const colours = await button.evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]);
    expect(colours[0]).not.toBe('rgb(255, 255, 255)');
    await shot(b.page, 'first-export-dark', false);
    expect((await axeSerious(b.page)).filter((v) => v.id === 'color-contrast')).toEqual([]);
  });

  for (const size of SIZES) {
    it(`large-file mode, ${size.name}: the full view's tabs in its order, never cut, there while the file is indexed; statistics in one line`, async () => {
      await b.page.setViewportSize({ width: size.width, height: size.height });
      await b.page.goto(app.url);
      await setLook('en', 'light');
      await b.page.reload();
      await b.page.locator('.start-actions').waitFor();
      await dropFolder(b, path.join(base, 'large-ws'), 200, 200);
      await b.page.locator('.session-list').waitFor();
      await b.page.evaluate(() => (location.hash = '#/s/cli%3Abig?large=10000'));
      const tabs = b.page.getByRole('tablist', { name: 'Session views' });
      await tabs.waitFor();
      expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Conversation', 'Replay', 'Context', 'File', 'Edit', 'Export']);
      await b.page.getByTestId('large-counts').waitFor();
      for (const tab of ['File', 'Conversation']) {
        await tabs.getByRole('tab', { name: tab }).click();
        const fit = await tabs.evaluate((list) => ({
          height: list.getBoundingClientRect().height,
          cut: [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter((t) => t.scrollHeight > t.clientHeight + 1 || t.getBoundingClientRect().height < 24).map((t) => t.textContent),
        }));
        expect(fit.height).toBeGreaterThanOrEqual(28);
        expect(fit.cut).toEqual([]);
      }
      // The statistics are one line; the rest is one click away.
      expect(await b.page.locator('.sl-large-counts > p').count()).toBe(1);
      expect(await b.page.locator('.sl-large-more').getAttribute('open')).toBeNull();
      await shot(b.page, `first-large-${size.name}`, false);
    });
  }

  it('an empty folder: a clear "no sessions here" page, no success toast, not kept under Recent folders', async () => {
    const empty = path.join(base, 'Downloads');
    fs.mkdirSync(empty, { recursive: true });
    fs.writeFileSync(path.join(empty, 'notes.txt'), 'not a session');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.goto(app.url);
    await setLook('en', 'light');
    await b.page.reload();
    await b.page.locator('.start-actions').waitFor();
    await dropFolder(b, empty, 200, 200);
    await b.page.getByRole('heading', { name: 'No nanobot sessions in “Downloads”' }).waitFor();
    expect(await b.page.locator('.status-region .status').count()).toBe(0);
    expect(await b.page.locator('.app-header .chip').count()).toBe(0);
    await shot(b.page, 'first-empty-folder', false);
    expect(await axeSerious(b.page)).toEqual([]);
    await b.page.getByRole('button', { name: 'Open another folder' }).click();
    await b.page.locator('.start-actions').waitFor();
    await b.page.reload();
    await b.page.locator('.start-actions').waitFor();
    // The golden folder opened before is remembered; this one is not.
    await b.page.locator('.remembered-list').getByText('golden-ws').waitFor();
    expect(await b.page.locator('.remembered-list').innerText()).not.toContain('Downloads');
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});
