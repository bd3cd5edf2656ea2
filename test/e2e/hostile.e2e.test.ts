/**
 * Untrusted content stays inert (issue 5): a dropped workspace whose sessions carry script tags,
 * event-handler attributes, javascript: and data: URLs, SVG payloads, bidi overrides, control
 * characters, a 1 MB line and JSON nested 900 and 5,000 levels deep in every field the app shows.
 * Every view is opened and expanded (message text rendered as Markdown, the app's own elements);
 * nothing may run, load, navigate or open a dialog, the text must show literally, overrides must not
 * reorder the UI around them, nothing may freeze the page (no main-thread task doing 2 s of work: CPU
 * time from Chromium's trace, cpu-tasks.ts), and a title edit must keep every other line byte for byte.
 *
 * The app's CSP would block inline payloads anyway, so the page runs with CSP bypassed (CDP
 * Page.setBypassCSP): a payload that reached the DOM as markup would really run and be caught by
 * its flag and its request, which tests the rendering itself rather than the CSP.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFolder, launchChromium, type Browser } from '../browser/harness';
import { hostileWorkspace, OPEN, RLO, type HostileWorkspace } from './hostile-fixtures';
import { longestCpu, traceMainThread, type MainThreadTrace } from './cpu-tasks';
import { expandThrough, installProbes, type Probe } from './hostile-probes';
import { visible } from '../../src/ui/parts/iso';
import { axeSerious, builtApp, serveApp, shot, watchPage, type Served } from './support';

/** Generous bound on the work (CPU time) of any single main-thread task: a real freeze, not noise, fails it. */
const LONGEST_TASK_MS = 2000;
const FOLDS = '^(Raw JSON|Show all|entry$)';

let b: Browser;
let app: Served;
let dist: string;
let fx: HostileWorkspace;
let watch: { problems: string[] };
let cdp: CDPSession;
const dialogs: string[] = [];
const urls: string[] = [];
const longest: Record<string, number> = {};

beforeAll(async () => {
  fx = hostileWorkspace();
  dist = await builtApp();
  app = await serveApp(dist);
  b = await launchChromium({ port: app.port });
  await b.page.setViewportSize({ width: 1280, height: 900 });
  watch = watchPage(b.page);
  b.page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  b.ctx.on('request', (r) => urls.push(r.url()));
  await b.ctx.addInitScript(installProbes);
  cdp = await b.ctx.newCDPSession(b.page);
  await cdp.send('Page.setBypassCSP', { enabled: true });
});

afterAll(async () => {
  await cdp?.detach().catch(() => undefined);
  await b?.close();
  await app?.close();
  if (fx) fs.rmSync(path.dirname(fx.ws), { recursive: true, force: true });
});

const page = (): Page => b.page;
const probe = <R>(fn: (p: Probe) => R): Promise<R> => page().evaluate(`(${fn.toString()})(window.__probe)`) as Promise<R>;
const row = (file: string) => page().locator(`.session-row[data-file=${JSON.stringify(file)}]`);

/** What must hold on every view: no markup from the files, no backwards UI text, no sideways scroll. */
async function assertInert(where: string): Promise<void> {
  // Soft: one run reports every view that fails, not only the first.
  expect.soft(await probe((p) => p.findInjected()), `${where}: injected markup`).toEqual([]);
  expect.soft(await probe((p) => p.injectedEver), `${where}: markup seen at any time`).toEqual([]);
  expect.soft(await probe((p) => p.reversedText()), `${where}: text laid out backwards`).toEqual([]);
  expect.soft(await probe((p) => p.overflow()), `${where}: page scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(await page().evaluate(() => (window as { __pwned?: string }).__pwned ?? ''), `${where}: a payload ran`).toBe('');
}

/** The main thread draws a frame again, and no task since `trace` started did more work than the bound. */
async function assertResponsive(where: string, stop: () => Promise<MainThreadTrace>): Promise<void> {
  await page().evaluate(() => new Promise((r) => requestAnimationFrame(() => r(0))));
  const { tasks } = await stop();
  longest[where] = Math.round(longestCpu(tasks));
  expect(longest[where], `${where}: longest task (ms of CPU)`).toBeLessThan(LONGEST_TASK_MS);
}

/** From here on, the page's main-thread tasks are traced (until assertResponsive). */
const now = () => traceMainThread(page());

async function openTab(name: 'Conversation' | 'Replay' | 'File' | 'Edit'): Promise<void> {
  await page().getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await page().locator(`.sl-tab[aria-selected="true"]`, { hasText: name }).waitFor();
}

/** Open a session from the list by its file name. */
async function openFromList(file: string): Promise<void> {
  await page().goto(`${app.url}#/w`);
  await row(file).locator('a.row-link').click();
  await page().locator('.sl-session').waitFor();
}

/** Payload sites (`+'<site>;'`) in a text. */
function sitesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\+'(\w+);'/g)].map((m) => m[1]!))].sort();
}

const fileText = (file: string) => fs.readFileSync(path.join(fx.sessions, file), 'utf8');
const messageLines = (file: string) => fileText(file).split('\n').slice(1).join('\n');

/** Expand everything in a scroll box (see expandThrough); no screen may show backwards text. */
async function expand(selector: string, labels = FOLDS, find: string[] = []) {
  // The box is drawn once its tab's answer is in (the Replay tab's after the tokenizer's table loads).
  await page().locator(selector).first().waitFor();
  const r = await page().evaluate(expandThrough, { selector, labels, find });
  expect.soft(r.reversed, `${selector}: text laid out backwards`).toEqual([]);
  return { ...r, sites: r.sites.sort() };
}

describe('hostile session files', () => {
  it('lists them with their titles and keys as literal text', async () => {
    await page().goto(app.url);
    await page().getByRole('button', { name: 'Try the demo' }).waitFor();
    const t = await now();
    await dropFolder(b, fx.ws, 400, 400);
    await page().locator('.session-list').waitFor();
    await row(fx.files.big).locator('.badge', { hasText: 'nanobot loads nothing' }).waitFor();
    await row(fx.files.bidi).locator('.badge', { hasText: 'key ≠ file name' }).waitFor();
    expect(await page().locator('.session-row').count()).toBe(4);
    expect(await row(fx.files.payloads).locator('a.row-link').innerText()).toContain(`<script>window.__pwned=(window.__pwned||'')+'title;'`);
    expect(await row(fx.files.payloads).locator('.row-preview').innerText()).toContain(`<script>window.__pwned=(window.__pwned||'')+'user;'`);
    expect(await row(fx.files.key).locator('a.row-link').innerText()).toBe(fx.keys.key);
    await assertInert('list');
    await assertResponsive('list', t);
    await shot(page(), 'hostile-list');
    expect(await axeSerious(page())).toEqual([]);
  });

  it('shows every payload as text in the Conversation tab, folds, reasoning and raw JSON open', async () => {
    const t = await now();
    await openFromList(fx.files.payloads);
    const title = JSON.parse(fileText(fx.files.payloads).split('\n')[0]!).metadata.title as string;
    expect(await page().locator('.sl-title').innerText()).toBe(title);
    const r = await expand('.sl-conversation .sl-vlist');
    expect(r.clicked).toBeGreaterThanOrEqual(9);
    expect(r.sites).toEqual(sitesIn(messageLines(fx.files.payloads)));
    // In their own places too, not only in the raw lines.
    await page().locator('.sl-vlist').evaluate((el) => (el.scrollTop = 0));
    await page().locator('.sl-call-name', { hasText: `<script>window.__pwned=(window.__pwned||'')+'toolname;'` }).first().waitFor();
    await page().locator('.sl-crumb', { hasText: `image: /tmp/<img src=x onerror=` }).waitFor();
    await page().locator('.sl-reasoning', { hasText: `+'thinking;'` }).waitFor();
    await page().getByText(`<iframe srcdoc="<script>parent.window.__pwned=(window.__pwned||'')+'user;'`, { exact: false }).first().waitFor();
    // Message text is rendered as Markdown, by the app's own elements: the markup stays text, the
    // javascript: link stays text, the image is a link (never fetched) opening a new tab.
    const md = page().locator('.sl-conversation .sl-md');
    await md.first().waitFor();
    expect(await md.first().innerText()).toContain(`<script>window.__pwned=(window.__pwned||'')+'user;'`);
    expect(await md.first().innerText()).toContain(`[click me](javascript:window.__pwned=`);
    const links = await page().locator('.sl-md a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel'), a.className]));
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l).toEqual([expect.stringMatching(/^http:\/\/evil-\w+\.invalid\/md\.png$/), '_blank', 'noopener noreferrer', 'sl-md-img']);
    expect(await page().locator('.sl-md :is(img, script, iframe, svg, object, embed, style, details)').count()).toBe(0);
    await assertInert('conversation');
    await assertResponsive('conversation', t);
    await shot(page(), 'hostile-conversation');
    expect(await axeSerious(page())).toEqual([]);
  });

  it('shows them as text in the Replay, File and Edit tabs', async () => {
    const t = await now();
    await openTab('Replay');
    await page().locator('.sl-replay .sl-vlist').waitFor();
    const replay = await expand('.sl-replay .sl-vlist');
    expect(replay.clicked).toBeGreaterThan(0);
    expect(replay.sites).toEqual(expect.arrayContaining(['last', 'answer']));
    await assertInert('replay');
    await openTab('File');
    const meta = await expand('.sl-meta');
    expect(meta.sites).toEqual(expect.arrayContaining(['title', 'title2', 'metakey', 'metaval', 'summary']));
    const lines = await expand('.sl-file .sl-vlist');
    expect(lines.sites).toEqual(sitesIn(fileText(fx.files.payloads)));
    await assertInert('file');
    expect(await axeSerious(page())).toEqual([]);
    await openTab('Edit');
    const title = JSON.parse(fileText(fx.files.payloads).split('\n')[0]!).metadata.title as string;
    expect(await page().getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title);
    await assertInert('edit');
    await assertResponsive('replay-file-edit', t);
  });

  it('keeps bidi overrides and invisible characters from reordering the UI around them', async () => {
    const t = await now();
    await openFromList(fx.files.bidi);
    // The key's bidi controls are written out (⟨U+202E⟩), so it cannot pass for another key or reorder what follows.
    expect(await page().locator('.sl-facts code').first().innerText()).toBe(visible(fx.keys.bidi));
    expect(await page().locator('.sl-facts code').first().innerText()).toContain('⟨U+202E⟩');
    await page().getByRole('alert').filter({ hasText: 'nanobot loads nothing from this file' }).waitFor();
    const conv = await expand('.sl-conversation .sl-vlist', FOLDS, ['WWWWWWWWWW', 'NUL']);
    expect(conv.found).toEqual(['WWWWWWWWWW', 'NUL']);
    // The overrides sit in Markdown here: each piece of text isolated, nothing after it reordered.
    expect(await page().locator('.sl-conversation .sl-md').count()).toBeGreaterThan(0);
    await assertInert('bidi conversation');
    await shot(page(), 'hostile-bidi');
    expect(await axeSerious(page())).toEqual([]);
    await openTab('Replay');
    await expand('.sl-replay .sl-vlist');
    await assertInert('bidi replay');
    await openTab('File');
    await expand('.sl-meta');
    await expand('.sl-file .sl-vlist');
    expect(await probe((p) => p.readsForward('belongs in'))).toEqual({ found: 2, backwards: [] });
    await assertInert('bidi file');
    // An edit's preview quotes the old and the new line side by side.
    await openTab('Edit');
    await page().getByRole('textbox', { name: 'Title' }).fill('a plain title');
    await page().getByRole('button', { name: 'Save title' }).waitFor();
    await assertInert('bidi edit preview');
    await shot(page(), 'hostile-bidi-edit');
    await assertResponsive('bidi', t);
  });

  it('shows the 1 MB line and the deep JSON, folded with a way to see all, without freezing', async () => {
    let t = await now();
    await openFromList(fx.files.big);
    await page().getByRole('alert').filter({ hasText: 'nanobot loads nothing from this file' }).waitFor();
    await assertResponsive('big: open', t);
    const mbShown = page().locator('.sl-msg', { hasText: `+'mbhead;'` }).first();
    await mbShown.getByRole('button', { name: /^Show all \([\d,]+ more characters\)$/ }).waitFor();
    t = await now();
    const conv = await expand('.sl-conversation .sl-vlist', FOLDS, ['not closed', 'raw NUL', 'maximum recursion depth', '[[[[[[[[[[', `bottom <script>`]);
    await assertResponsive('big: conversation, all expanded', t);
    expect(conv.found.sort()).toEqual(['[[[[[[[[[[', 'bottom <script>', 'maximum recursion depth', 'not closed', 'raw NUL'].sort());
    expect(conv.sites).toEqual(expect.arrayContaining(['mbhead', 'mbtail', 'corrupt', 'deep']));
    await assertInert('big conversation');
    await shot(page(), 'hostile-big-conversation', false);
    t = await now();
    await openTab('File');
    const file = await expand('.sl-file .sl-vlist', '^Show all', ['maximum recursion depth']);
    await assertResponsive('big: file, all lines shown in full', t);
    expect(file.sites).toEqual(sitesIn(fileText(fx.files.big)));
    expect(file.clicked).toBeGreaterThanOrEqual(2);
    expect(await page().locator('.sl-diag-list').innerText()).toContain('maximum recursion depth exceeded');
    await assertInert('big file');
    t = await now();
    await openTab('Replay');
    await page().locator('.sl-replay .sl-vlist').waitFor();
    await page().getByText(/Recomputed in/).waitFor();
    const replay = await expand('.sl-replay .sl-vlist');
    await assertResponsive('big: replay with token counts', t);
    expect(replay.sites).toEqual(expect.arrayContaining(['mbhead']));
    await assertInert('big replay');
  });

  it('keeps every other line byte for byte when the title of that file is edited', async () => {
    await openTab('Edit');
    await page().getByRole('textbox', { name: 'Title' }).fill('Renamed safely');
    await page().getByRole('button', { name: 'Save title' }).click();
    expect(await page().locator('.sl-outcome[role="status"]').innerText()).toContain('Saved cli_big.jsonl');
    const after = fileText(fx.files.big).split('\n');
    expect(after.pop()).toBe('');
    expect(after.length).toBe(fx.bigLines.length);
    expect(JSON.parse(after[0]!).metadata.title).toBe('Renamed safely');
    expect(after.slice(1)).toEqual(fx.bigLines.slice(1));
    const raw = fs.readFileSync(path.join(fx.sessions, fx.files.big));
    const tail = Buffer.from(fx.bigLines.slice(1).map((l) => l + '\n').join(''));
    expect(raw.subarray(raw.length - tail.length).equals(tail)).toBe(true);
    for (const i of Object.values(fx.bigIndex)) expect(after[i]).toBe(fx.bigLines[i]);
    await assertInert('big edit');
  });

  it('opens the session whose key is markup', async () => {
    await openFromList(fx.files.key);
    expect(await page().locator('.sl-facts code').first().innerText()).toBe(fx.keys.key);
    expect(await page().title()).toBe(`${fx.keys.key} — Session Lens`);
    const conv = await expand('.sl-conversation .sl-vlist');
    expect(conv.sites).toEqual(['keyfirst']);
    await openTab('Replay');
    await expand('.sl-replay .sl-vlist');
    await openTab('File');
    expect((await expand('.sl-file .sl-vlist')).sites).toEqual(['key', 'keyfirst']);
    await openTab('Edit');
    await assertInert('hostile key');
  });

  it('searches with hostile queries and shows the matches as text', async () => {
    await page().goto(`${app.url}#/w`);
    const search = page().locator('#session-search');
    await search.fill(`<img src=x onerror="window.__pwned=(window.__pwned||'')+'part;'`);
    await page().locator('.row-excerpt mark').first().waitFor();
    expect(await page().locator('.session-row').count()).toBe(1);
    expect(await page().locator('.row-excerpt mark').innerText()).toContain(`<img src=x onerror=`);
    await assertInert('search markup');
    await search.fill(`${RLO}txet`);
    await page().locator('.row-excerpt mark').first().waitFor();
    await assertInert('search bidi');
    await search.fill(`${OPEN}eman`);
    await page().locator('.row-excerpt mark').first().waitFor();
    await assertInert('search open isolates');
    await shot(page(), 'hostile-search');
    await search.fill('(.*)+[\\');
    await page().getByText('No session matches.').waitFor();
    await search.fill('');
    await assertInert('search');
  });

  it('shows the health view with hostile names as text', async () => {
    await page().getByRole('link', { name: /^Health/ }).click();
    await page().locator('.health-files').waitFor();
    const text = await page().locator('.health-files').innerText();
    expect(text).toContain(fx.keys.bidi);
    expect(text).toContain('RecursionError');
    // The key-mismatch diagnostic quotes the key mid-sentence: the rest must still read forward.
    expect(await probe((p) => p.readsForward('belongs in'))).toEqual({ found: 1, backwards: [] });
    await assertInert('health');
    await shot(page(), 'hostile-health');
    expect(await axeSerious(page())).toEqual([]);
  });

  it('stays usable: back to the list, another session, typing in the search', async () => {
    const t = await now();
    await page().getByRole('link', { name: 'Workspace' }).click();
    await page().locator('.session-list').waitFor();
    await page().locator('#session-search').fill('');
    await row(fx.files.payloads).locator('a.row-link').click();
    await page().locator('.sl-title').waitFor();
    await page().getByRole('link', { name: '← ws' }).click();
    await page().locator('#session-search').click();
    await page().keyboard.type('plain answer');
    await page().locator('.row-excerpt mark', { hasText: 'plain answer' }).waitFor();
    expect(await page().locator('.session-row').count()).toBe(1);
    await assertResponsive('usable afterwards', t);
    await assertInert('afterwards');
  });

  it('ran nothing, loaded nothing outside the app, opened no dialog, froze nowhere', async () => {
    expect(await page().evaluate(() => (window as { __pwned?: string }).__pwned ?? '')).toBe('');
    expect(dialogs).toEqual([]);
    expect(urls.filter((u) => !u.startsWith(app.url) && !/^(data|blob):/.test(u))).toEqual([]);
    const notApp = app.requests.filter((p) => {
      const rel = decodeURIComponent(p.slice('/app/'.length)) || 'index.html';
      return !p.startsWith('/app/') || !fs.existsSync(path.join(dist, rel));
    });
    expect(notApp).toEqual([]);
    expect(new URL(page().url()).origin).toBe(`http://127.0.0.1:${app.port}`);
    expect(watch.problems).toEqual([]);
    expect(await probe((p) => p.injectedEver)).toEqual([]);
    console.log(`hostile: longest main-thread task per step (ms of CPU): ${JSON.stringify(longest)}`);
    expect(Math.max(...Object.values(longest))).toBeLessThan(LONGEST_TASK_MS);
  });

  it('would have noticed: markup injected on purpose runs, requests, and is found; an override leaks', async () => {
    await page().evaluate((html) => {
      const d = document.createElement('div');
      d.innerHTML = html;
      document.querySelector('#main')!.append(d);
      // Outside #app, where the app's isolation does not reach: the override reorders what follows.
      const p = document.createElement('p');
      p.innerHTML = '<span>\u202eabc</span> canary text';
      document.body.append(p);
    }, `<img src="http://evil-canary.invalid/i.png" onerror="window.__pwned=(window.__pwned||'')+'canary;'">`);
    await page().waitForFunction(() => (window as { __pwned?: string }).__pwned === 'canary;');
    expect(urls).toContain('http://evil-canary.invalid/i.png');
    expect((await probe((p) => p.findInjected())).join('\n')).toContain('attribute onerror');
    expect((await probe((p) => p.injectedEver)).length).toBeGreaterThan(0);
    expect((await probe((p) => p.reversedText())).join('\n')).toContain('canary text');
  });
});
