/**
 * End-to-end support: the built app (dist/ when it is up to date — `npm test` builds it first —
 * else a fresh build in a temp folder), served on 127.0.0.1 by a small static server that sends
 * the app's strict CSP as a header and records every request, plus an axe-core scan and
 * screenshots under test-results/. Browser launch and folder drops come from test/browser/harness.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, dropFolder, launchChromium, PAGE_WAIT_MS, withTimeout, type Browser, type LaunchOptions } from '../browser/harness';
// Imported statically: the bench bundles this file, and a dynamic import of Vite there goes through a runner it has closed.
import { build, type InlineConfig } from 'vite';
import { CSP } from '../../scripts/vite-plugins';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS = path.join(root, 'test-results', 'e2e');

function newestMtime(p: string): number {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

let built: Promise<string> | undefined;

/** The folder holding the built app: dist/ when newer than its sources, else a fresh build. */
export function builtApp(): Promise<string> {
  built ??= (async () => {
    const dist = path.join(root, 'dist', 'index.html');
    const sources = Math.max(...['src', 'public', 'index.html', 'vite.config.ts'].map((p) => newestMtime(path.join(root, p))));
    if (fs.existsSync(dist) && fs.statSync(dist).mtimeMs > sources) return path.dirname(dist);
    return buildAppInto(fs.mkdtempSync(path.join(os.tmpdir(), 'lens-app-')));
  })();
  return built;
}

/** Build the app into `outDir`; `extra` (e.g. one more plugin) makes a different version, as a redeploy would. */
export async function buildAppInto(outDir: string, extra: InlineConfig = {}): Promise<string> {
  // Vitest sets NODE_ENV=test, which Vite keeps: the bundle would get dependencies' development code.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', ...extra, build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false } });
  } finally {
    process.env.NODE_ENV = env;
  }
  return outDir;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
  '.jsonl': 'application/jsonl',
};

export interface Served {
  url: string;
  /** The port it listens on (the OS's free one unless one was named). */
  port: number;
  /** Every path requested, in order (also those refused while gone). */
  requests: string[];
  /** Serve another folder from now on (a redeploy). */
  setDir: (dir: string) => void;
  /** While gone, every request's connection is closed unanswered (a server that is down). */
  setGone: (gone: boolean) => void;
  close: () => Promise<void>;
}

export interface ServeOptions {
  /** The sub-path the app is served under, with both slashes (default '/app/'). */
  base?: string;
}

/**
 * Serve `dir` on http://127.0.0.1:port/app/ (or `base`: a sub-path, as on a static host) with the CSP
 * header; on a free port the OS picks unless `port` names one (files run side by side, and other
 * checkouts' tests on the same machine too).
 */
export async function serveApp(dir: string, port = 0, opts: ServeOptions = {}): Promise<Served> {
  const base = opts.base ?? '/app/';
  const requests: string[] = [];
  let gone = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    if (gone) {
      req.socket.destroy();
      return;
    }
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end();
      return;
    }
    const rel = decodeURIComponent(url.pathname.slice(base.length)) || 'index.html';
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'content-security-policy': CSP,
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}${base}`,
    port: bound,
    requests,
    setDir: (next) => (dir = next),
    setGone: (g) => {
      gone = g;
      if (g) server.closeAllConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Collect what must never happen: CSP violations, uncaught errors, requests leaving 127.0.0.1. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol)) return;
    if (u.hostname !== '127.0.0.1') problems.push(`network: ${r.url()}`);
  });
  return { problems };
}

const AXE = path.join(root, 'node_modules', 'axe-core', 'axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Run axe-core in the page; returns the serious and critical violations (the test asserts none). */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  // addScriptTag({ path }) would add an inline script, which the app's CSP blocks (as it should);
  // evaluating the source through DevTools is not subject to the page's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${fs.readFileSync(AXE, 'utf8')}\n;0`);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Run axe-core in the page; returns every violation, whatever its impact (moderate and minor too). */
export async function axeAll(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${fs.readFileSync(AXE, 'utf8')}\n;0`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
  });
}

/**
 * The layout facts a first-time user trips on when they break (issue 27): the h1s, how far the page
 * scrolls sideways, the tabs (a session's and the workspace's) out of their bar or the window, and those
 * whose label is cut or that are too small to hit.
 */
export function layoutFacts(page: Page): Promise<{ hidden: (string | null)[]; h1: number; sideways: number; cutTabs: (string | null)[]; tabs: number }> {
  return page.evaluate(() => {
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tablist"] [role="tab"]')];
    // Every tab of the session and of the workspace in sight: inside the window and its own bar, not scrolled away.
    const hidden = [...tabs, ...document.querySelectorAll<HTMLElement>('nav.tabs a')].filter((t) => {
      const r = t.getBoundingClientRect();
      const bar = t.parentElement!.getBoundingClientRect();
      return r.left < Math.max(0, bar.left) - 1 || r.right > Math.min(window.innerWidth, bar.right) + 1;
    });
    return {
      hidden: hidden.map((t) => t.textContent),
      h1: document.querySelectorAll('h1').length,
      sideways: document.documentElement.scrollWidth - window.innerWidth,
      cutTabs: tabs.filter((t) => t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1 || t.getBoundingClientRect().height < 24).map((t) => t.textContent),
      tabs: tabs.length,
    };
  });
}

/**
 * Until the page has painted what was last rendered: its fonts loaded, nothing within `scope` saying it
 * is busy, and two frames drawn (the app has no CSS transitions, so a painted frame is the settled
 * state; a ResizeObserver's measure, such as the chart's labels, lands in the first, its render in the
 * second). What a fixed sleep waited for, without its guess.
 */
export async function painted(page: Page, scope = 'body'): Promise<void> {
  await page.waitForFunction((sel) => !document.querySelector(`${sel} [aria-busy="true"]`), scope);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Whether the screenshots to look at are taken (`LENS_SHOTS=1 npx vitest run test/e2e`): ~350 of them, which no
 * assertion reads, cost about a tenth of the browser tests' time, so `npm test` leaves them out.
 */
export const SHOTS = Boolean(process.env.LENS_SHOTS);

/** With LENS_SHOTS, save a screenshot as test-results/e2e/<name>.png (an artifact to look at). */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (SHOTS) await screenshot(page, name, fullPage);
}

/** Save a screenshot as test-results/e2e/<name>.png, always: for a test that reads it. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Copy public/demo/sessions (or a part of it) into a fresh temp folder laid out as a workspace. */
export function demoWorkspaceCopy(name = 'nanobot-ws'): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-ws-'));
  const ws = path.join(base, name);
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const from = path.join(root, 'public', 'demo', 'sessions');
  for (const f of fs.readdirSync(from)) fs.copyFileSync(path.join(from, f), path.join(ws, 'sessions', f));
  return ws;
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Restart the browser on the same profile (stored handles and their permissions survive; with
 * only the write guard granted, readwrite drops back to 'prompt'). Headless Chromium cannot accept
 * a permission prompt (it waits forever), so `denyPrompts` makes every prompt answer 'denied'.
 */
export async function restartBrowser(b: Browser, opts: { denyPrompts?: boolean } = {}): Promise<Browser> {
  await withTimeout(b.ctx.close(), 15_000, 'closing Chromium');
  const ctx = await withTimeout(
    chromium.launchPersistentContext(b.profileDir, { executablePath: CHROMIUM, headless: true, args: opts.denyPrompts ? [...ARGS, '--deny-permission-prompts'] : ARGS, locale: 'en-US', timeout: 30_000 }),
    40_000,
    'relaunching Chromium',
  );
  // Two test files run at once on two cores: a page may wait for the other file's Chromium and Node.
  ctx.setDefaultTimeout(PAGE_WAIT_MS);
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  return {
    ctx,
    page,
    profileDir: b.profileDir,
    async close() {
      await withTimeout(ctx.close(), 15_000, 'closing Chromium').catch(() => undefined);
      fs.rmSync(b.profileDir, { recursive: true, force: true });
    },
  };
}

/** The built app served on a free port, and Chromium on it (its guards granted to that origin) with a page of `viewport`, watched for off-origin requests and CSP reports. */
export async function openAppInChromium(opts: Omit<LaunchOptions, 'port'> = {}, viewport = { width: 1280, height: 900 }): Promise<{ app: Served; b: Browser; watch: { problems: string[] } }> {
  const app = await serveApp(await builtApp());
  const b = await launchChromium({ ...opts, port: app.port });
  await b.page.setViewportSize(viewport);
  return { app, b, watch: watchPage(b.page) };
}

/** Opens the app's start screen and drops `folder` onto it, as a user would: the page then lists its sessions. */
export async function dropOnStart(b: Browser, app: Served, folder: string): Promise<void> {
  await b.page.goto(app.url);
  await b.page.getByRole('button', { name: 'Try the demo' }).waitFor();
  await dropFolder(b, folder, 400, 400);
}

/** Closes what an e2e file opened (any of them may be missing when its set-up failed): the browser, the server, the scratch folder. */
export async function closeAll(b: Browser | undefined, app: Served | undefined, dir: string | undefined): Promise<void> {
  await b?.close();
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
