/**
 * Shipping in real Chromium: the built app served from a sub-folder with no server rules (its footer
 * naming its version), opened again by its service worker with the network and the server gone, a new
 * version announced but never forced mid-edit, and hash deep links that carry any session key and
 * replay settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFolder, evaluate, launchChromium, type Browser } from '../browser/harness';
import { buildAppInto, builtApp, serveApp, shot, watchPage, type Served } from './support';

const BASE = '/x/y/';
let b: Browser;
let app: Served;
let dist: string;
let redeploy: Promise<string>;
const temps: string[] = [];
const problems: string[][] = [];
const consoleText: string[] = [];
const nonGet: string[] = [];

/** The second version: the same app, its index.html marked (so the precache manifest changes). */
const deployMarker: Plugin = {
  name: 'test-deploy-marker',
  apply: 'build',
  transformIndexHtml: (html) => html.replace('</head>', '<meta name="x-deploy" content="2" /></head>'),
};

function watch(page: Page): Page {
  problems.push(watchPage(page).problems);
  page.on('console', (m) => consoleText.push(m.text()));
  return page;
}

beforeAll(async () => {
  dist = await builtApp();
  const next = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-app-v2-'));
  temps.push(next);
  redeploy = buildAppInto(next, { plugins: [deployMarker] });
  redeploy.catch(() => undefined); // awaited by the update test
  app = await serveApp(dist, 0, { base: BASE });
  b = await launchChromium({ port: app.port });
  await b.page.setViewportSize({ width: 1280, height: 900 });
  b.ctx.on('request', (r) => {
    if (r.method() !== 'GET') nonGet.push(`${r.method()} ${r.url()}`);
  });
  watch(b.page);
});

afterAll(async () => {
  await b?.close();
  await app?.close();
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer): string {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

/** Every URL in Cache Storage, over all caches. */
/** Resolves once no request has reached the server for 500 ms (at most 20 s). */
async function waitQuiet(requests: string[]): Promise<void> {
  const end = Date.now() + 20_000;
  for (let n = -1; n !== requests.length && Date.now() < end; ) {
    n = requests.length;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function cachedUrls(page: Page): Promise<string[]> {
  return evaluate(page, async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) out.push(r.url);
    return out;
  }, undefined);
}

/** "nanobot sends N messages of M": N, once token counts are in (so the budget has applied). */
async function sentCount(page: Page): Promise<number> {
  const headline = page.locator('.sl-headline', { hasText: 'tokens' });
  await headline.waitFor({ timeout: 20_000 });
  const m = /nanobot sends ([\d,]+) messages? of ([\d,]+)/.exec(await headline.innerText());
  expect(m).not.toBeNull();
  return Number(m![1]!.replace(/,/g, ''));
}

describe('shipping: sub-folder, offline, updates, deep links', () => {
  it('works from /x/y/ with relative URLs, an installable manifest and a worker scoped to the folder', async () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const refs = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.filter((u) => u.startsWith('./assets/')).length).toBeGreaterThanOrEqual(2); // entry script and stylesheet
    expect(refs.filter((u) => !u.startsWith('./'))).toEqual([]);

    const page = b.page;
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Open a nanobot workspace' }).waitFor();
    // The footer names the release this build is (package.json's version, as `session-lens --version`).
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(await page.getByRole('contentinfo').innerText()).toBe(`Session Lens ${version} · Runs entirely in this browser: nothing you open leaves it.`);
    const reg = await evaluate(page, async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL };
    }, undefined);
    expect(reg).toEqual({ scope: app.url, script: `${app.url}sw.js` });

    const href = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href);
    expect(href).toBe(`${app.url}manifest.webmanifest`);
    const manifest = (await (await fetch(href)).json()) as { name: string; start_url: string; scope: string; display: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest.name).toBe('Session Lens');
    for (const u of [manifest.start_url, manifest.scope, ...manifest.icons.map((i) => i.src)]) expect(u).not.toMatch(/^(\/|[a-z]+:)/i);
    expect(new URL(manifest.start_url, href).href).toBe(app.url);
    expect(new URL(manifest.scope, href).href).toBe(app.url);
    const pngs: string[] = [];
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, href));
      expect(res.status, icon.src).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      if (icon.type === 'image/png') {
        expect(pngSize(body), icon.src).toBe(icon.sizes);
        pngs.push(icon.sizes + (icon.purpose ? ` ${icon.purpose}` : ''));
      } else expect(body.toString('utf8')).toContain('<svg');
    }
    expect(pngs).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // What Chromium itself makes of the manifest: parsed without errors, nothing against installing it.
    const cdp = await b.ctx.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed.url).toBe(href);
    expect(parsed.errors).toEqual([]);
    const install = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(install.installabilityErrors.map((e) => e.errorId)).toEqual([]);
    await cdp.detach();

    expect(app.requests.filter((p) => !p.startsWith(BASE))).toEqual([]);
    expect(app.requests).toContain(`${BASE}sw.js`);
  });

  it('after one visit, opens with the network and the server gone, and caches no session file', async () => {
    const page = b.page;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.locator('.session-list').waitFor();
    expect(await page.locator('.session-row').count()).toBe(10);
    expect(app.requests.some((p) => p.startsWith(`${BASE}demo/sessions/`))).toBe(true); // seeded over the network, once
    // The session page's code, loaded while the list is read (App.tsx), is in before the network goes:
    // what the page fetched then is this visit's, not the offline one's.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/SessionView-[^/]+\.js$/.test(e.name)));
    await waitQuiet(app.requests);

    app.setGone(true);
    await b.ctx.setOffline(true);
    const before = app.requests.length;
    try {
      expect(await evaluate(page, () => fetch('demo/manifest.json', { cache: 'no-store' }).then(() => 'reached', () => 'failed'), undefined)).toBe('failed');
      await page.reload();
      await page.locator('.session-list').waitFor();
      expect(await page.locator('.session-row').count()).toBe(10);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.url}sw.js`);
      await shot(page, 'offline-start');
      // The last visit's rows come first and the listing read now replaces them: a click on a row being
      // replaced can be lost, and the row's own preview text would then pass for the session page.
      await page.locator('.from-cache-note').waitFor({ state: 'detached' });
      await page.locator('.session-row[data-file="telegram_12345.jsonl"] a.row-link').click();
      await page.getByRole('tab', { name: 'Conversation' }).waitFor();
      await page.getByText('Weekend trip to Porto').first().waitFor();
      await page.getByRole('tab', { name: 'Replay' }).click();
      expect(await sentCount(page)).toBeGreaterThan(0); // the tokenizer (a dynamic import) came from the worker's cache
      const tokenizer = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\/assets\/cl100k_base-[^/]+\.js$/.test(n)));
      expect(tokenizer.length).toBe(1);
      await shot(page, 'offline-replay');

      const cached = await cachedUrls(page);
      const paths = cached.map((u) => new URL(u).pathname);
      expect(paths).toEqual(expect.arrayContaining([`${BASE}index.html`, `${BASE}manifest.webmanifest`]));
      expect(paths.some((p) => /\/assets\/cl100k_base-[^/]+\.js$/.test(p))).toBe(true);
      expect(paths.filter((p) => p.endsWith('.jsonl') || p.endsWith('.jsonl.tmp') || p.startsWith(`${BASE}demo/`))).toEqual([]);
      expect(cached.filter((u) => new URL(u).host !== `127.0.0.1:${app.port}`)).toEqual([]);
      // Nothing the app asked for reached the (closed) server. Only the browser's own update check of
      // the worker script may knock (setOffline does not cover it), and the server refuses it.
      expect(app.requests.slice(before).filter((p) => p !== `${BASE}sw.js`)).toEqual([]);
    } finally {
      await b.ctx.setOffline(false);
      app.setGone(false);
    }
  });

  it('announces a new version without reloading mid-edit; the banner’s reload applies it', async () => {
    const page = b.page;
    await page.goto(`${app.url}#/s/cli%3Adirect?tab=edit`);
    const title = page.locator('#sl-ed-title-h').locator('..').locator('input[type="text"]');
    await title.fill('A half-typed title, not saved');
    await page.getByRole('button', { name: 'Save title' }).waitFor(); // the unsaved preview is up
    await page.evaluate(() => ((window as unknown as { beforeUpdate: string }).beforeUpdate = 'same page'));
    let loads = 0;
    const onLoad = () => loads++;
    page.on('load', onLoad);

    app.setDir(await redeploy);
    const from = app.requests.length;
    await evaluate(page, async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    }, undefined);
    const banner = page.getByRole('button', { name: 'Reload to update' });
    await banner.waitFor({ timeout: 20_000 });
    expect(app.requests.slice(from)).toEqual(expect.arrayContaining([`${BASE}sw.js`, `${BASE}index.html`])); // the new worker precached the new page
    await shot(page, 'update-banner', false);
    expect(loads).toBe(0);
    expect(await title.inputValue()).toBe('A half-typed title, not saved');
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: string }).beforeUpdate)).toBe('same page');
    expect(await page.evaluate(() => document.querySelector('meta[name="x-deploy"]'))).toBeNull();

    await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), banner.click()]);
    page.off('load', onLoad);
    await page.locator('.session-page').waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: string }).beforeUpdate)).toBeUndefined();
    expect(await page.locator('meta[name="x-deploy"]').getAttribute('content')).toBe('2');
    expect(await page.getByRole('button', { name: 'Reload to update' }).count()).toBe(0);
    const v2 = fs.readFileSync(path.join(await redeploy, 'sw.js'), 'utf8');
    const revision = /\{url:"index.html",revision:"([0-9a-f]+)"\}/.exec(v2)?.[1];
    expect(revision).toBeTruthy();
    expect((await cachedUrls(page)).some((u) => u.endsWith(`index.html?__WB_REVISION__=${revision}`))).toBe(true);
  });

  it('a link carries the replay settings, in a fresh load and after a reload', async () => {
    const page = watch(await b.ctx.newPage());
    await page.goto(`${app.url}#/s/telegram%3A88001?tab=replay`);
    expect(await sentCount(page)).toBeGreaterThan(10); // the agent loop's window of 120

    const link = `${app.url}#/s/telegram%3A88001?tab=replay&max_messages=10&ts=0`;
    const fresh = watch(await b.ctx.newPage());
    await fresh.goto(link);
    for (const round of ['fresh load', 'reload']) {
      await fresh.getByRole('tab', { name: 'Replay', selected: true }).waitFor();
      expect(await fresh.getByRole('spinbutton', { name: /max_messages/ }).inputValue(), round).toBe('10');
      expect(await fresh.getByRole('checkbox', { name: /include_timestamps/ }).isChecked(), round).toBe(false);
      expect(await fresh.getByRole('checkbox', { name: /extend_to_user/ }).isChecked(), round).toBe(false);
      const sent = await sentCount(fresh);
      expect(sent, round).toBeGreaterThan(0);
      expect(sent, round).toBeLessThanOrEqual(10);
      await fresh.getByText('include_timestamps is off').waitFor();
      expect(await fresh.locator('.sl-tag', { hasText: 'timestamp added' }).count(), round).toBe(0);
      if (round === 'fresh load') await fresh.reload();
    }
    expect(fresh.url()).toBe(link);
    await page.close();
    await fresh.close();
  });

  it('a key with / ? # spaces and non-ASCII round-trips through a link', async () => {
    const key = 'tg:chat/42?x=1#frag café 名前';
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-ws-keys-'));
    temps.push(base);
    const sessions = path.join(base, 'odd-keys', 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    const lines = [
      { _type: 'metadata', key, created_at: '2026-06-01T10:00:00', updated_at: '2026-06-01T10:01:00', metadata: { title: 'Odd key' }, last_consolidated: 0 },
      { role: 'user', content: 'Is this key safe in a link?', timestamp: '2026-06-01T10:00:00' },
      { role: 'assistant', content: 'It is percent-encoded in the hash.', timestamp: '2026-06-01T10:01:00' },
    ];
    fs.writeFileSync(path.join(sessions, 'tg_chat_42_x=1#frag café 名前.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');

    const page = b.page;
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Try the demo' }).waitFor();
    await dropFolder(b, path.join(base, 'odd-keys'), 400, 400);
    await page.locator('.session-row').first().waitFor();
    expect(await page.locator('.session-row').count()).toBe(1);
    await page.locator('.session-row a.row-link').click();
    await page.getByText('Is this key safe in a link?').first().waitFor();
    const hash = new URL(page.url()).hash;
    expect(hash.startsWith(`#/s/${encodeURIComponent(key)}`)).toBe(true);

    const fresh = watch(await b.ctx.newPage());
    await fresh.goto(`${app.url}#/s/${encodeURIComponent(key)}?tab=replay&max_messages=1`);
    for (const round of ['fresh load', 'reload']) {
      await fresh.locator('.sl-facts code').first().waitFor();
      expect(await fresh.locator('.sl-facts code').first().innerText(), round).toBe(key);
      expect(await fresh.getByRole('spinbutton', { name: /max_messages/ }).inputValue(), round).toBe('1');
      expect(await fresh.title(), round).toBe(`${key} — Session Lens`);
      if (round === 'fresh load') await fresh.reload();
    }
    await fresh.close();
  });

  it('sent nothing but GETs to 127.0.0.1, logged no session text and broke no CSP rule', () => {
    expect(problems.flat()).toEqual([]);
    expect(nonGet).toEqual([]);
    expect(consoleText.filter((t) => /Weekend trip to Porto|Fix the flaky upload test|Is this key safe/.test(t))).toEqual([]);
  });
});
