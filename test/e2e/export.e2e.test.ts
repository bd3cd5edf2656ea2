/**
 * Export in real Chromium: a session with an API key, an e-mail, a home folder and markup planted
 * in it is exported as one HTML page. The redaction step lists and masks them, the download holds
 * no secret and no script, and the saved file opens from disk (file://) with the network blocked:
 * it loads nothing, and its CSP refuses any fetch a page might try.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { API_KEY, markdownWorkspace, type MdWorkspace } from './markdown-fixtures';
import { axeSerious, closeAll, dropOnStart, openAppInChromium, RESULTS, screenshot, type Served, shot } from './support';

let b: Browser;
let app: Served;
let fx: MdWorkspace;
let watch: { problems: string[] };
let saved: string;

beforeAll(async () => {
  fx = markdownWorkspace();
  ({ app, b, watch } = await openAppInChromium({}, { width: 1100, height: 1000 }));
});

afterAll(() => closeAll(b, app, fx && path.dirname(fx.ws)));

const page = () => b.page;

describe('exporting a session as an offline HTML page', () => {
  it('lists and masks what it finds, and saves a page without the key or any script', async () => {
    await dropOnStart(b, app, fx.ws);
    await page().locator(`.session-row[data-file="${fx.files.secret}"] a.row-link`).click();
    await page().getByRole('button', { name: 'Export / share…' }).click();
    await page().getByRole('radio', { name: /HTML page/ }).check();
    const list = page().locator('.sl-findings-list li');
    await list.first().waitFor();
    const items = await list.allInnerTexts();
    expect(items.map((t) => t.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^#1 session key in key: telegram:424242 Unmask$/),
      expect.stringMatching(/^#2 OpenAI-style API key \(sk-…\) in message 1 · content: sk-pro…m8Tx Unmask$/),
      expect.stringMatching(/^#3 e-mail address in message 1 · content: ops@corp\.example Unmask$/),
      expect.stringMatching(/^#4 user name in a home folder path in message 2 · content: ann Unmask$/),
    ]);
    const preview = page().locator('.sl-export-preview');
    expect(await preview.innerText()).not.toContain(API_KEY);
    expect(await preview.innerText()).toContain('[redacted OpenAI-style API key (sk-…) #2]');
    // Unmask the e-mail, then mask it again: the preview follows.
    await list.nth(2).getByRole('button', { name: 'Unmask' }).click();
    await preview.getByText('ops@corp.example', { exact: false }).waitFor();
    await list.nth(2).getByRole('button', { name: 'Mask again' }).click();
    await preview.getByText('[redacted e-mail address #3]', { exact: false }).waitFor();
    await shot(page(), 'export-panel', false);
    expect(await axeSerious(page())).toEqual([]);
    const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: /^Download telegram-session-2026-06-01\.html$/ }).click()]);
    saved = path.join(RESULTS, 'export.html');
    fs.mkdirSync(RESULTS, { recursive: true });
    await download.saveAs(saved);
    const html = fs.readFileSync(saved, 'utf8');
    expect(html).not.toContain(API_KEY);
    expect(html).not.toContain('ops@corp.example');
    expect(html).not.toContain('telegram:424242');
    expect(html).toContain('[redacted OpenAI-style API key (sk-…) #2]');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
    expect(watch.problems).toEqual([]);
  });

  it('opens the saved file from disk with the network blocked: nothing loads, its CSP refuses fetches', async () => {
    const requests: string[] = [];
    const routed: string[] = [];
    const failures: string[] = [];
    const viewer = await b.ctx.newPage();
    await viewer.setViewportSize({ width: 1000, height: 800 });
    // Whatever would reach the network is caught (and aborted) here.
    await viewer.route(/^(?!file:)/, (r) => {
      routed.push(r.request().url());
      return r.abort();
    });
    viewer.on('request', (r) => requests.push(r.url()));
    viewer.on('requestfailed', (r) => failures.push(`${r.url()} ${r.failure()?.errorText}`));
    await b.ctx.setOffline(true);
    try {
      const url = pathToFileURL(saved).href;
      await viewer.goto(url);
      // The page itself asks for nothing but its own file.
      expect(requests).toEqual([url]);
      expect(await viewer.locator('h1').innerText()).toBe('Deploying with a key');
      expect(await viewer.locator('article').count()).toBe(2);
      expect(await viewer.locator('article').first().innerText()).toContain('Use my key [redacted OpenAI-style API key (sk-…) #2]');
      expect(await viewer.locator('script, img, iframe, a, link[rel="stylesheet"]').count()).toBe(0);
      // Anything that tried to load would be refused by the page's own CSP, before any network.
      const refused = await viewer.evaluate(async () => {
        const seen: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
        const img = new Image();
        img.src = 'http://127.0.0.1:9/pixel.png';
        document.body.append(img);
        const fetched = await fetch('http://127.0.0.1:9/data').then(() => 'fetched', () => 'refused');
        await new Promise((r) => setTimeout(r, 100));
        return { fetched, seen: [...new Set(seen)].sort() };
      });
      expect(refused).toEqual({ fetched: 'refused', seen: ['connect-src', 'img-src'] });
      await viewer.evaluate(() => document.querySelectorAll('img').forEach((i) => i.remove()));
      const file = await screenshot(viewer, 'export-html');
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      // The probes' own attempts were stopped by the CSP inside the page, before any network.
      expect(routed).toEqual([]);
      expect(failures).toEqual(requests.filter((u) => u !== url).map((u) => `${u} csp`));
    } finally {
      await b.ctx.setOffline(false);
      await viewer.close();
    }
  });
});
