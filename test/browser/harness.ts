/**
 * Real-Chromium test harness: launches Debian's /usr/bin/chromium through playwright-core (it
 * installs nothing), serves a folder on 127.0.0.1, and drops a real local folder onto the page via
 * CDP — the only way to get a writable local FileSystemDirectoryHandle headless (chromium.md).
 */

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Throw a clear message when Chromium is missing (CI installs it in .ci/run). */
export function requireChromium(): void {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: run 'apt-get update && apt-get install -y chromium' (as .ci/run does).`);
  }
}

/** Reject after `ms` — every wait on the browser gets one, since an invisible prompt waits forever. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.css': 'text/css',
};

/**
 * Serve `dir` statically on http://127.0.0.1:port (a secure context, so OPFS and FSA work). The port is
 * the OS's free one unless named: test files run side by side, and other checkouts' tests beside them.
 */
export async function serveDir(dir: string, port = 0): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/`,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How long a page waits for what a test expects to appear (the browser tests' default). */
export const PAGE_WAIT_MS = 30_000;

export interface LaunchOptions {
  /** The port of the origin the FSA guards are granted to (the server's, once it listens). */
  port: number;
  /** Pre-granted File System Access guards for the origin (default both). */
  guards?: { read?: boolean; write?: boolean };
  /** Answer every permission prompt 'denied' at once (tests of the refusal path). */
  denyPrompts?: boolean;
  /** More Chromium flags (experiments). */
  extraArgs?: string[];
  /** The browser's language (default en-US, so the interface is English whatever the machine's). */
  locale?: string;
}

export interface Browser {
  ctx: BrowserContext;
  page: Page;
  profileDir: string;
  close(): Promise<void>;
}

/** Launch Chromium with a fresh profile whose Preferences grant the FSA guards for 127.0.0.1:port. */
export async function launchChromium(opts: LaunchOptions): Promise<Browser> {
  requireChromium();
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-profile-'));
  fs.mkdirSync(path.join(profileDir, 'Default'));
  const origin = `http://127.0.0.1:${opts.port},*`;
  const exceptions: Record<string, unknown> = {};
  if (opts.guards?.read ?? true) exceptions.file_system_read_guard = { [origin]: { setting: 1 } };
  if (opts.guards?.write ?? true) exceptions.file_system_write_guard = { [origin]: { setting: 1 } };
  fs.writeFileSync(path.join(profileDir, 'Default', 'Preferences'), JSON.stringify({ profile: { content_settings: { exceptions } } }));
  const args = [...ARGS, ...(opts.denyPrompts ? ['--deny-permission-prompts'] : []), ...(opts.extraArgs ?? [])];
  const ctx = await withTimeout(
    chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, headless: true, args, locale: opts.locale ?? 'en-US', timeout: 30_000 }),
    40_000,
    'launching Chromium',
  );
  // Two test files run at once on two cores: a page may wait for the other file's Chromium and Node.
  ctx.setDefaultTimeout(PAGE_WAIT_MS);
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  return {
    ctx,
    page,
    profileDir,
    async close() {
      await withTimeout(ctx.close(), 15_000, 'closing Chromium').catch(() => undefined);
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Drop a real folder onto the page at (x, y) with CDP drag events (the page's drop handler takes it). */
export async function dropFolder(b: Browser, absDir: string, x = 20, y = 20): Promise<void> {
  const cdp = await b.ctx.newCDPSession(b.page);
  try {
    const data = { items: [], files: [path.resolve(absDir)], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await withTimeout(cdp.send('Input.dispatchDragEvent', { type, x, y, data }), 10_000, `CDP ${type}`);
    }
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** page.evaluate with a timeout (Playwright's evaluate has none of its own). */
export function evaluate<R, A>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A, ms = 20_000): Promise<R> {
  const run = page.evaluate as (f: (arg: A) => R | Promise<R>, a: A) => Promise<R>;
  return withTimeout(run.call(page, fn, arg), ms, 'page.evaluate');
}
