/**
 * Every state a person reaches, not only each page's first view, in real Chromium (issue 42): axe finds
 * nothing serious or critical in empty, damaged and huge (large-file mode) sessions, every edit's preview,
 * confirm step and result, the find bar open, errors shown — in both themes, at 1280×800 and 390×844, in
 * English and Chinese; and focus follows the keyboard: Enter on a session row lands on its heading, a save
 * on its result, Escape on the control that opened the find bar or the confirm step. Every state is
 * screenshotted under test-results/e2e/a11y-*.png.
 *
 * One browser, one page: each pass (a theme, a size, a language: all four pairs of theme and size, each
 * language in both themes and both sizes) drops a fresh copy of the folder (its edits write to it) and
 * walks the states in sequence; the states the issue names are also checked in the other theme.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, dropFolder } from '../browser/harness';
import { dumps } from './hostile-fixtures';
import { axeSerious, closeAll, openAppInChromium, type Served, shot } from './support';

let b: Browser;
let app: Served;
let base: string;
let watch: { problems: string[] };

const meta = (key: string, metadata: object) => ({ _type: 'metadata', key, created_at: '2026-06-01T10:00:00', updated_at: '2026-06-01T12:00:00', metadata, last_consolidated: 0 });
const file = (lines: (object | string)[]) => lines.map((l) => (typeof l === 'string' ? l : dumps(l)) + '\n').join('');

/** A workspace: a titled 40-message session (a word only its message #7 holds), an empty one with metadata `{}`, a damaged one (line 50 cut off), and a bigger one for large-file mode. */
function workspace(name: string): string {
  const ws = path.join(base, name);
  const dir = path.join(ws, 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const trip: object[] = [meta('cli:trip', { title: 'Trip to Perth' })];
  for (let i = 1; i <= 40; i++) trip.push({ role: i % 2 ? 'user' : 'assistant', content: i === 7 ? 'Did you see the quokka on Rottnest Island yesterday?' : `Message ${i}: ${'we talked about the plans for the week '.repeat(1 + (i % 4))}` });
  fs.writeFileSync(path.join(dir, 'cli_trip.jsonl'), file(trip));
  fs.writeFileSync(path.join(dir, 'cli_empty.jsonl'), file([meta('cli:empty', {})]));
  // 60 messages, line 50 cut off: a link to it lands far down the File tab
  const damaged: (object | string)[] = [meta('cli:damaged', {})];
  for (let i = 1; i <= 60; i++) damaged.push(i === 49 ? '{"role": "assistant", "content": "cut off while being writ' : { role: i % 2 ? 'user' : 'assistant', content: `Line ${i + 1}: ${'are you there? '.repeat(1 + (i % 3))}` });
  fs.writeFileSync(path.join(dir, 'cli_damaged.jsonl'), file(damaged));
  const big: object[] = [meta('cli:big', {})];
  for (let i = 1; i <= 400; i++) big.push({ role: i % 2 ? 'user' : 'assistant', content: `Big message ${i}: ${'lorem ipsum dolor '.repeat(6)}` });
  fs.writeFileSync(path.join(dir, 'cli_big.jsonl'), file(big));
  return ws;
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-a11y-'));
  ({ app, b, watch } = await openAppInChromium({}, { width: 1280, height: 800 }));
}, 240_000);

afterAll(() => closeAll(b, app, base));

type Theme = 'light' | 'dark';
type Lang = 'en' | 'zh-CN';
interface Pass {
  theme: Theme;
  lang: Lang;
  size: { width: number; height: number };
}

/** What axe found, one line per violation, with the state it was found in. */
const found: string[] = [];
/** How many states axe checked. */
let checked = 0;

function tagOf(p: Pass, theme: Theme = p.theme): string {
  return `${p.lang === 'en' ? 'en' : 'zh'}-${theme}-${p.size.width}`;
}

/**
 * Until the page has painted what was last rendered (the theme's colours included: the app has no CSS
 * transitions, so a painted frame is the settled state) and, within `scope`, nothing says it is busy.
 */
async function settled(page: Page, scope = 'body'): Promise<void> {
  await page.waitForFunction((sel) => !document.querySelector(`${sel} [aria-busy="true"]`), scope);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** axe (serious and critical) on the page as it is, and a screenshot of it (of the window: what a person sees there). */
async function check(page: Page, p: Pass, state: string, theme: Theme = p.theme): Promise<void> {
  await settled(page, 'main');
  for (const v of await axeSerious(page)) found.push(`${tagOf(p, theme)} ${state}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html).join(' | ')}`);
  // the status line (a save's result, naming a long backup file) stays inside a phone's window
  if (await page.evaluate(() => [...document.querySelectorAll('.status')].some((e) => e.getBoundingClientRect().right > innerWidth + 1))) found.push(`${tagOf(p, theme)} ${state}: the status line runs off the window`);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  if (sideways > 0) found.push(`${tagOf(p, theme)} ${state}: the page scrolls ${sideways} px sideways`);
  checked++;
  await shot(page, `a11y-${state}-${tagOf(p, theme)}`, false);
}

/** The same state in the other theme too (the states the issue names: both themes at both sizes). */
async function checkBothThemes(page: Page, p: Pass, state: string): Promise<void> {
  await check(page, p, state);
  const other: Theme = p.theme === 'light' ? 'dark' : 'light';
  await page.evaluate((t) => void (document.documentElement.dataset.theme = t), other);
  await check(page, p, state, other);
  await page.evaluate((t) => void (document.documentElement.dataset.theme = t), p.theme);
}

/** Which element has focus, described for an assertion. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}${a.className && typeof a.className === 'string' ? `.${a.className.trim().split(/\s+/).join('.')}` : ''}`;
  });
}

const card = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}-h"]`);

/** Goes to `hash` as a link would (a hashchange, the app stays loaded). */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => void (location.hash = h), hash);
}

async function walk(p: Pass, name: string): Promise<void> {
  const page = b.page;
  await page.setViewportSize(p.size);
  await page.goto(app.url);
  await page.evaluate(([theme, lang]) => {
    localStorage.setItem('session-lens:theme', theme);
    localStorage.setItem('session-lens:language', lang);
  }, [p.theme, p.lang] as const);
  await page.reload();
  await page.locator('.start-actions').waitFor();
  expect(await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.lang])).toEqual([p.theme, p.lang]);
  await check(page, p, 'start');

  // The workspace, its list, a search hit.
  await dropFolder(b, workspace(name), 100, 300);
  await page.locator('.session-row[data-file="cli_trip.jsonl"]').waitFor();
  await check(page, p, 'workspace');
  await page.locator('#session-search').fill('quokka');
  await page.locator('.session-row .row-excerpt mark').first().waitFor();
  await check(page, p, 'search-hit');
  await page.locator('#session-search').fill('');

  // Enter on a session row: the session opens with focus on its heading.
  const row = page.locator('.session-row[data-file="cli_trip.jsonl"] a.row-link');
  await row.focus();
  await page.keyboard.press('Enter');
  await page.locator('h1.sl-title').waitFor();
  await expect.poll(() => focused(page)).toBe('h1.sl-title');
  expect(await page.locator('.status-region [data-arrival]').innerText()).toContain('cli:trip');
  await check(page, p, 'session');

  // The find bar: opened from the heading by Ctrl+F, Escape gives focus back to the heading.
  await page.keyboard.press('Control+f');
  await page.locator('.sl-find-input').fill('quokka');
  await page.locator('.sl-conversation mark.sl-find-current').first().waitFor();
  await checkBothThemes(page, p, 'find-open');
  await page.locator('.sl-find-input').press('Escape');
  await expect.poll(() => focused(page)).toBe('h1.sl-title');
  expect(await page.locator('.sl-find-input').count()).toBe(0);
  // opened by its button, Escape lands on that button drawn again
  await page.locator('.sl-conv-tools > button.sl-link').click();
  await page.locator('.sl-find-input').press('Escape');
  await expect.poll(() => focused(page)).toBe('button.sl-link');

  for (const tab of ['replay', 'context', 'file']) {
    await page.locator(`#sl-tab-${tab}`).click();
    await page.locator(`#sl-panel-${tab}`).waitFor();
    await settled(page, `#sl-panel-${tab}`);
    await check(page, p, `session-${tab}`);
  }

  // Every edit: preview, confirm step, result.
  await page.locator('#sl-tab-edit').click();
  await page.locator('#sl-edit-h').waitFor();
  await check(page, p, 'edit');
  const title = card(page, 'sl-ed-title');
  await title.locator('input').fill('Trip to Perth and Rottnest');
  await title.locator('.sl-preview').waitFor();
  await title.scrollIntoViewIfNeeded();
  await check(page, p, 'edit-title-preview');
  await title.locator('.sl-preview button').click();
  await expect.poll(() => focused(page)).toBe('div.sl-outcome.sl-ok-text');
  await checkBothThemes(page, p, 'edit-title-result');

  const lc = card(page, 'sl-ed-lc');
  await lc.locator('input').fill('4');
  await lc.locator('.sl-preview').waitFor();
  await lc.locator('.sl-preview').scrollIntoViewIfNeeded();
  await check(page, p, 'edit-consolidated-preview');
  await lc.locator('input').fill('0');

  const add = card(page, 'sl-ed-add');
  await add.locator('textarea').fill('One more thing: book the ferry.');
  await add.locator('.sl-preview').waitFor();
  await add.locator('.sl-preview').scrollIntoViewIfNeeded();
  await check(page, p, 'edit-append-preview');
  await add.locator('textarea').fill('');

  const trim = card(page, 'sl-ed-trim');
  await trim.locator('input[type="number"]').fill('1');
  await trim.locator('.sl-preview .sl-diff-list').waitFor();
  await trim.locator('.sl-preview').scrollIntoViewIfNeeded();
  await checkBothThemes(page, p, 'edit-trim-preview');
  const trimButton = trim.locator('.sl-preview > button');
  await trimButton.click();
  await trim.locator('[role="alertdialog"]').waitFor();
  await trim.locator('[role="alertdialog"]').scrollIntoViewIfNeeded();
  await checkBothThemes(page, p, 'edit-trim-confirm');
  await page.keyboard.press('Escape');
  await expect.poll(() => trim.locator('.sl-preview > button').evaluate((el) => el === document.activeElement)).toBe(true);
  await trimButton.click();
  await trim.locator('[role="alertdialog"] button').first().click();
  await trim.locator('.sl-outcome').waitFor({ timeout: 30_000 });
  await expect.poll(() => focused(page)).toBe('div.sl-outcome.sl-ok-text');
  await check(page, p, 'edit-trim-result');

  const fork = card(page, 'sl-ed-fork');
  await fork.locator('.sl-field input[type="text"]').fill('cli:trip');
  await fork.locator('[role="alert"]').waitFor();
  await fork.scrollIntoViewIfNeeded();
  await check(page, p, 'edit-fork-error');
  await fork.locator('.sl-field input[type="text"]').fill('cli:trip-fork');
  await fork.locator('.sl-preview').waitFor();
  await fork.locator('.sl-preview').scrollIntoViewIfNeeded();
  await check(page, p, 'edit-fork-preview');

  const clear = card(page, 'sl-ed-clear');
  await clear.locator('button').first().click();
  await clear.locator('.sl-preview').waitFor();
  await expect.poll(() => focused(page)).toBe('button');
  await clear.locator('.sl-preview > button').click();
  await clear.locator('[role="alertdialog"]').waitFor();
  await check(page, p, 'edit-clear-confirm');
  await page.keyboard.press('Escape');

  const del = card(page, 'sl-ed-del');
  await del.locator('.sl-preview > button').click();
  await del.locator('[role="alertdialog"]').waitFor();
  await check(page, p, 'edit-delete-confirm');
  await page.keyboard.press('Escape');
  await expect.poll(() => del.locator('.sl-preview > button').evaluate((el) => el === document.activeElement)).toBe(true);

  // An empty session, its File tab (metadata {}: the definition-list finding), and a damaged one, repaired.
  await go(page, '#/s/cli%3Aempty');
  await page.locator('h1.sl-title').waitFor();
  await expect.poll(() => focused(page)).toBe('h1.sl-title');
  await check(page, p, 'empty-session');
  await page.locator('#sl-tab-file').click();
  await page.locator('.sl-meta').waitFor();
  await page.locator('.sl-meta').scrollIntoViewIfNeeded();
  await checkBothThemes(page, p, 'empty-session-file');

  // Errors shown: the workspace's Health page, its link to the damaged line (the line stays in view: focus goes to the heading without scrolling).
  await go(page, '#/w/health');
  await page.locator('#health-title').waitFor();
  await expect.poll(() => focused(page)).toBe('h2#health-title');
  await check(page, p, 'health');
  await page.locator('.health-file', { hasText: 'cli_damaged.jsonl' }).locator('a.diag-where').first().click();
  await page.locator('#sl-panel-file .sl-hl').first().waitFor();
  await expect.poll(() => focused(page)).toBe('h1.sl-title');
  await expect.poll(() => page.locator('#sl-panel-file .sl-hl').first().evaluate((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })).toBe(true);
  await check(page, p, 'damaged-session-file');
  await page.locator('#sl-tab-conversation').click();
  await page.locator('.sl-conversation').waitFor();
  await check(page, p, 'damaged-session');
  await page.locator('#sl-tab-edit').click();
  const rm = card(page, 'sl-ed-rm');
  await rm.locator('.sl-preview').waitFor();
  await rm.scrollIntoViewIfNeeded();
  await check(page, p, 'edit-remove-line-preview');
  const repair = card(page, 'sl-ed-repair');
  await repair.locator('button').first().click();
  await repair.locator('.sl-preview > button').click();
  await repair.locator('[role="alertdialog"]').waitFor();
  await check(page, p, 'edit-repair-confirm');
  await repair.locator('[role="alertdialog"] button').first().click();
  await repair.locator('.sl-outcome').waitFor({ timeout: 30_000 });
  await check(page, p, 'edit-repair-result');

  // An error shown: a link to a session that is not there.
  await go(page, '#/s/cli%3Anowhere');
  await page.locator('.session-missing h1').waitFor();
  await check(page, p, 'session-missing');

  // Large-file mode (its line lowered by the link): the conversation, find, the File tab with metadata {}, a trim preview.
  await go(page, '#/s/cli%3Abig?large=1000');
  await page.getByTestId('large-counts').waitFor();
  await expect.poll(() => focused(page)).toBe('h1.sl-title');
  await check(page, p, 'large');
  await page.keyboard.press('Control+f');
  await page.locator('.sl-find-input').fill('message 399');
  await page.locator('mark.sl-find-current').first().waitFor();
  await check(page, p, 'large-find-open');
  await page.locator('.sl-find-input').press('Escape');
  await page.locator('#sl-tab-file').click();
  await page.locator('.sl-meta').waitFor();
  await page.locator('.sl-meta').scrollIntoViewIfNeeded();
  await checkBothThemes(page, p, 'large-file');
  await page.locator('#sl-tab-edit').click();
  const largeTrim = card(page, 'sl-ed-trim');
  await largeTrim.locator('input[type="number"]').fill('3');
  await largeTrim.locator('.sl-preview').waitFor({ timeout: 30_000 });
  await largeTrim.locator('.sl-preview').scrollIntoViewIfNeeded();
  await check(page, p, 'large-trim-preview');
  // The edits planned through the file's SessionSource: an added message's preview and result (which
  // takes focus once the saved file is indexed again), a fork's preview, a clear's confirm step.
  const largeAdd = card(page, 'sl-ed-add');
  await largeAdd.locator('textarea').fill('One more thing: book the ferry.');
  await largeAdd.locator('.sl-preview').waitFor({ timeout: 30_000 });
  await largeAdd.locator('.sl-preview').scrollIntoViewIfNeeded();
  await check(page, p, 'large-append-preview');
  await largeAdd.locator('.sl-preview > button').click();
  await card(page, 'sl-ed-add').locator('.sl-outcome').waitFor({ timeout: 30_000 });
  await expect.poll(() => focused(page)).toBe('div.sl-outcome.sl-ok-text');
  await check(page, p, 'large-append-result');
  const largeFork = card(page, 'sl-ed-fork');
  await largeFork.locator('button').first().click();
  await largeFork.locator('.sl-preview').waitFor({ timeout: 30_000 });
  await largeFork.locator('.sl-preview').scrollIntoViewIfNeeded();
  await check(page, p, 'large-fork-preview');
  const largeClear = card(page, 'sl-ed-clear');
  await largeClear.locator('button').first().click();
  await largeClear.locator('.sl-preview').waitFor({ timeout: 30_000 });
  await largeClear.locator('.sl-preview > button').click();
  await largeClear.locator('[role="alertdialog"]').waitFor();
  await check(page, p, 'large-clear-confirm');
  await page.keyboard.press('Escape');

  // Back (the browser's): focus on the page it returns to.
  await page.goBack();
  await expect.poll(() => focused(page)).not.toBe('body');
}

describe('focus after "Try the demo"', () => {
  it('Enter on the button opens the demo with focus on the workspace’s heading, and says where', async () => {
    const page = b.page;
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Try the demo' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.session-list').waitFor();
    await expect.poll(() => focused(page)).toBe('h1.workspace-title');
    expect(await page.locator('.status-region [data-arrival]').innerText()).toBe('Now showing: Demo workspace');
  }, 120_000);
});

describe('every state, both themes, both sizes, both languages', () => {
  it('light, 1280×800, English', async () => {
    await walk({ theme: 'light', lang: 'en', size: { width: 1280, height: 800 } }, 'ws-light-en');
  }, 300_000);

  it('dark, 390×844, Chinese', async () => {
    await walk({ theme: 'dark', lang: 'zh-CN', size: { width: 390, height: 844 } }, 'ws-dark-zh');
  }, 300_000);

  it('dark, 1280×800, Chinese', async () => {
    await walk({ theme: 'dark', lang: 'zh-CN', size: { width: 1280, height: 800 } }, 'ws-dark-zh-wide');
  }, 300_000);

  it('light, 390×844, English', async () => {
    await walk({ theme: 'light', lang: 'en', size: { width: 390, height: 844 } }, 'ws-light-en-narrow');
  }, 300_000);

  it('axe found nothing serious or critical in any state opened', () => {
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(150);
    expect(watch.problems).toEqual([]);
  });
});
