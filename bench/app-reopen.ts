/**
 * Reopening a 1,000-session workspace seen before, in the built app in real Chromium: from the page
 * load to its cached list on screen (goal < 150 ms), then to the listing reconciled with the folder,
 * where 10 files changed between the visits. Baselines from the same run and browser: the first
 * visit's listing from nothing (drop → listing settled), a bare load of the app's start screen, and an
 * empty page's first paint (the floor). Each mark is the next frame after the DOM shows it (rAF, then a task),
 * in ms from the page's timeOrigin (navigation start). `BENCH_REOPEN_BEFORE=<dir>` runs an older build
 * (its `vite build` output) too, interleaved run by run, its figures named "before · …";
 * `BENCH_REOPEN_TRACE=1` prints each reopen's main-thread timeline from Chromium's trace.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { ConsoleMessage, Page } from 'playwright-core';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { expectedOrder, writeWorkspace } from './app-workspace';
import { installReopenMarks, type ReopenMarks } from './app-reopen-page';
import { installWorkspaceMarks, type WorkspaceMarks } from './app-workspace-page';
import { importTs } from './listing';
import { repeatRuns } from './repeat';
import { traceLoad } from './load-timeline';
import { profileBursts } from './cpu-bursts';

type Harness = typeof import('../test/browser/harness');

const PORT = Number(process.env.BENCH_REOPEN_PORT) || 41907;
const SESSIONS = 1000;
const CHANGED = 10;
const ms = (n: number) => `${n.toFixed(0)} ms`;
/** The empty page of the floor baseline: one line of text, no script, no style (served on a free port, same site). */
const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p id="bench-blank">Session Lens</p></body></html>';

/** Serves BLANK on a free port of 127.0.0.1 (same site as the app; no caching, as the app is served). */
async function serveBlank(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(BLANK));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/blank.html`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Resolves when the page logs `bench:<mark>` (app-reopen-page.ts): no polling, so nothing of Playwright's runs in the page meanwhile. */
function logged(page: Page, mark: string, timeout = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('console', on);
      reject(new Error(`the page never logged bench:${mark}`));
    }, timeout);
    const on = (m: ConsoleMessage) => {
      if (m.text() !== `bench:${mark}`) return;
      clearTimeout(timer);
      page.off('console', on);
      resolve();
    };
    page.on('console', on);
  });
}

/** One run: a fresh browser, the first visit (dropped), then two page loads: the start screen, and the workspace link. */
async function reopenOnce(ws: string, files: ReturnType<typeof writeWorkspace>['files'], run: number, dir?: string): Promise<Figure[]> {
  const { dropFolder } = await importTs<Harness>('test/browser/harness.ts');
  const total = SESSIONS.toLocaleString('en-US');
  const { b, page, close } = await startBuiltApp(PORT, async (p) => {
    await p.addInitScript(installWorkspaceMarks, total);
    await p.addInitScript(installReopenMarks, total);
  }, dir ?? process.env.BENCH_REOPEN_DIR);
  try {
    await page.waitForTimeout(300);
    await dropFolder(b, ws, 400, 400);
    await page.waitForFunction(() => (window as unknown as { __ws: WorkspaceMarks }).__ws.listed !== undefined, undefined, { timeout: 60_000, polling: 100 });
    const first = await page.evaluate(() => (window as unknown as { __ws: WorkspaceMarks }).__ws);
    const firstMs = first.listed! - first.drop!;
    await page.waitForTimeout(1500); // the listing is written to IndexedDB after it is shown
    const url = page.url().replace(/#.*$/, '');

    // Between the visits: 10 sessions are saved again (same bytes, a later mtime), so they must be re-read.
    const dated = files.filter((f) => f.updatedAt);
    const changed = Array.from({ length: CHANGED }, (_, i) => dated[(run * 37 + i * 97) % dated.length]!);
    for (const f of changed) {
      const t = f.mtime + 86_400 * (run + 1);
      fs.utimesSync(`${ws}/sessions/${f.name}`, t, t);
    }

    const marks = () => page.evaluate(() => (window as unknown as { __re: ReopenMarks }).__re);
    // The floor: an empty page's first paint, measured the same way in the same browser.
    const blank = await serveBlank();
    let blankMs: number;
    try {
      await page.goto('about:blank');
      const painted = logged(page, 'blank', 30_000);
      await page.goto(blank.url);
      await painted;
      blankMs = (await marks()).blank!;
    } finally {
      await blank.close();
    }

    await page.goto('about:blank');
    const started = logged(page, 'start', 30_000);
    await page.goto(url);
    await started;
    const startMs = (await marks()).start!;

    await page.goto('about:blank');
    const reopen = async () => {
      const reconciled = logged(page, 'reconciled');
      await page.goto(`${url}#/w`);
      await reconciled;
      await page.waitForTimeout(300);
    };
    if (process.env.BENCH_REOPEN_PROFILE) {
      const cdp = await b.ctx.newCDPSession(page);
      const lines = await profileBursts(cdp, reopen);
      await cdp.detach().catch(() => undefined);
      console.log(`reopen CPU profile, run ${run + 1}${dir ? ` (${dir})` : ''}:\n  ${lines.join('\n  ')}`);
    } else if (process.env.BENCH_REOPEN_TRACE) {
      const cdp = await b.ctx.newCDPSession(page);
      const lines = await traceLoad(cdp, reopen);
      await cdp.detach().catch(() => undefined);
      console.log(`reopen trace, run ${run + 1}${dir ? ` (${dir})` : ''}:\n  ${lines.join('\n  ')}`);
    } else await reopen();
    const m = await marks();
    const rendered = await page.locator('.session-row[data-file]').evaluateAll((els) => els.map((e) => e.getAttribute('data-file')!));
    const expected = expectedOrder(files).slice(0, rendered.length);
    const bad = rendered.findIndex((f, i) => f !== expected[i]);
    if (bad >= 0 || rendered.length === 0) throw new Error(`reconciled order differs from nanobot's at row ${bad + 1} (${rendered.length} rows rendered)`);
    if (m.cached === undefined) throw new Error('the reopened workspace never showed cached rows');
    const longest = Math.max(0, ...m.longtasks.filter((t) => t.start < m.reconciled!).map((t) => t.dur));
    return [
      { name: `baseline: first visit, ${total} sessions dropped → listing settled`, value: firstMs, unit: 'ms', note: 'listing read from nothing, same browser and run' },
      { name: 'baseline: page load → an empty page painted (one line of text, no script)', value: blankMs, unit: 'ms', note: 'the floor: navigation, a renderer and a first paint, same browser and run' },
      { name: 'baseline: page load → start screen painted (no workspace)', value: startMs, unit: 'ms', baseline: blankMs, note: `the app itself, same browser and run; ${(startMs / blankMs).toFixed(2)}× the empty page (${ms(blankMs)})` },
      { name: `reopen ${total} sessions: page load → cached list on screen`, value: m.cached, unit: 'ms', baseline: startMs, goal: { max: 150, label: '< 150 ms' }, note: `${(m.cached / startMs).toFixed(2)}× the bare start screen (${ms(startMs)}), ${(m.cached / blankMs).toFixed(2)}× the empty page (${ms(blankMs)}), ${(m.cached / firstMs).toFixed(3)}× the first visit's listing (${ms(firstMs)})` },
      { name: 'reopen: cached list on screen, beyond the empty page', value: m.cached - blankMs, unit: 'ms', note: 'what the app and its cache read add to the floor any page pays (same run)' },
      { name: 'reopen: cached list on screen, beyond the bare start screen', value: m.cached - startMs, unit: 'ms', goal: { max: 150, label: '< 150 ms beyond the app’s own start (same run)' }, note: 'what reopening adds to loading the app at all: the remembered handle, the layout, the cache read and the first rows; on a busy machine the app’s start alone can exceed 150 ms' },
      { name: `reopen: page load → folder statted (unchanged rows confirmed, ${CHANGED} marked changed)`, value: m.checked ?? m.reconciled!, unit: 'ms', note: `${m.changedRows ?? '?'} rows marked changed on screen (only rows rendered count)` },
      { name: `reopen: page load → listing reconciled (${CHANGED} files re-read, nanobot's order from every row)`, value: m.reconciled! / firstMs, unit: '× first visit time', note: `${ms(m.reconciled!)} vs ${ms(firstMs)} from nothing; ${rendered.length} rendered rows in nanobot's order; longest task until then ${ms(longest)}` },
      { name: 'reopen: longest main-thread task, page load → reconciled', value: longest, unit: 'ms', goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: `${m.longtasks.filter((t) => t.start < m.reconciled! && t.dur > 50).length} tasks over 50 ms, at ${m.longtasks.filter((t) => t.start < m.reconciled!).map((t) => `${ms(t.start)} ${ms(t.dur)}`).join(', ') || '-'} (cached rows at ${ms(m.cached)}, statted at ${ms(m.checked ?? NaN)})` },
    ];
  } finally {
    await close();
  }
}

/** Runs the reopen benchmark BENCH_RUNS times (fresh browser each) over one written workspace. */
export async function benchAppReopen(): Promise<Figure[]> {
  const { base, ws, files } = writeWorkspace();
  let run = 0;
  const before = process.env.BENCH_REOPEN_BEFORE;
  // With an older build: both in each run, in alternating order, the older's figures renamed and without goals.
  const both = async (i: number) => {
    // Each visit its own index: the files it touches get new mtimes, never the ones the last visit set.
    const older = async () => (await reopenOnce(ws, files, 2 * i, before)).map(({ goal: _, ...f }) => ({ ...f, name: `before · ${f.name}` }));
    const now = () => reopenOnce(ws, files, 2 * i + 1);
    if (i % 2) return [...(await now()), ...(await older())];
    return [...(await older()), ...(await now())];
  };
  try {
    return await repeatRuns(() => (before ? both(run++) : reopenOnce(ws, files, run++)));
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}
