/**
 * Editing in large-file mode, in real Chromium: a session of BENCH_EDIT_MB MiB (1,024 by default,
 * generated like app-open-large.ts's) opened through its index, then its title saved (the whole
 * file streamed through the atomic save: the worst case for copying) and a trim to its last 1,000
 * messages planned and saved (without the backup). Baselines on the same page in the same run: a
 * bare read of the file in slices, and a bare copy (the same slices written to a new file through
 * createWritable). Each run is a fresh Chromium; medians with every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { peakHeap } from './page-heap';
import { median, p95 } from './stats';
import { importTs } from './listing';
import { bareSliceRead, installLargeMarks, type LargeMarks } from './app-open-page';
import { writeLargeWorkspace } from './app-open-large';
import type { FolderLookup } from './page-folders';

type Harness = typeof import('../test/browser/harness');

const PORT = 41937;
const FILE = 'bench_large.jsonl';
const SLICE = 4 * 1024 * 1024;

/** The bare copy: the file's slices written to a new file beside it through createWritable, then removed. */
async function bareCopy(args: { dir: string; file: string; slice: number }): Promise<{ ms: number; start: number }> {
  const root = await (window as unknown as FolderLookup).__rememberedFolder(args.dir);
  const dir = await root.getDirectoryHandle('sessions');
  const f = await (await dir.getFileHandle(args.file)).getFile();
  const start = performance.now();
  const out = await (await dir.getFileHandle('bare-copy.tmp', { create: true })).createWritable();
  for (let a = 0; a < f.size; a += args.slice) await out.write(new Uint8Array(await f.slice(a, a + args.slice).arrayBuffer()));
  await out.close();
  const ms = performance.now() - start;
  await dir.removeEntry('bare-copy.tmp');
  return { ms, start };
}

interface Run {
  bare: number;
  copy: number;
  title: number;
  titleLongest: number;
  titleOver50: number;
  copyLongest: number;
  copyOver50: number;
  /** Long tasks from the click to 2 s after "Saved", as `+start dur`. */
  titleTasks: string;
  titleHeap: number;
  trimPlan: number;
  trim: number;
  trimLongest: number;
  trimTasks: string;
  written: number;
}

/**
 * The trim's plan alone (BENCH_EDIT_PLAN_ONLY=1): the file opened in large-file mode, the Edit tab,
 * 1,000 messages asked for; the longest task from the input to the plan shown. Nothing is written,
 * so one file serves every run and both builds.
 */
async function planRun(ws: string, dir?: string): Promise<{ longest: number; plan: number; tasks: string }> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installLargeMarks), dir);
  const marks = () => evaluate(page, () => (window as unknown as { __bench: LargeMarks }).__bench, undefined);
  const now = () => page.evaluate(() => performance.now());
  try {
    await dropFolder(b, ws, 400, 400);
    await page.locator(`.session-row[data-file="${FILE}"]`).waitFor({ timeout: 60_000 });
    await page.evaluate(() => void (location.hash = '#/s/bench%3Alarge?large=1'));
    await page.getByTestId('large-counts').waitFor({ timeout: 600_000 });
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.waitForTimeout(1000);
    const trimCard = page.locator('#sl-large-ed-trim-h').locator('xpath=..');
    const p0 = await now();
    await trimCard.getByLabel('Messages to keep (max)').fill('1000');
    await trimCard.getByText('Messages that go:').waitFor({ timeout: 300_000 });
    const p1 = await now();
    const ts = (await marks()).longtasks.filter((t) => t.start >= p0 && t.start < p1);
    return { longest: Math.max(0, ...ts.map((t) => t.dur)), plan: p1 - p0 - 250, tasks: ts.map((t) => `+${(t.start - p0).toFixed(0)} ${t.dur.toFixed(0)}ms`).join(' ') || 'none' };
  } finally {
    await close();
  }
}

/** BENCH_EDIT_PLAN_ONLY: the plan's longest task, this build against BENCH_EDIT_BEFORE's (another build's dist/), interleaved, order alternating. */
async function benchPlanOnly(runs: number, mib: number): Promise<Figure[]> {
  const before = process.env.BENCH_EDIT_BEFORE;
  const { base, ws, bytes, messages } = writeLargeWorkspace(mib);
  console.log(`  (${(bytes / 1024 / 1024).toFixed(0)} MiB, ${messages.toLocaleString('en-US')} messages; plan only${before ? `, against ${before}` : ''})`);
  const after: Awaited<ReturnType<typeof planRun>>[] = [];
  const was: typeof after = [];
  try {
    for (let i = 0; i < runs; i++) {
      const order = before ? (i % 2 ? ['after', 'before'] : ['before', 'after']) : ['after'];
      for (const which of order) (which === 'after' ? after : was).push(await planRun(ws, which === 'before' ? before : undefined));
    }
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
  const stat = (rs: typeof after) => `median ${median(rs.map((r) => r.longest)).toFixed(0)} ms, p95 ${p95(rs.map((r) => r.longest)).toFixed(0)}, runs: ${rs.map((r) => r.longest.toFixed(0)).join(', ')}; plan ${rs.map((r) => r.plan.toFixed(0)).join(', ')} ms; long tasks: ${rs.map((r) => r.tasks).join(' | ')}`;
  const figs: Figure[] = [{ name: `large-file edit, ${mib} MiB: longest main-thread task from asking the trim's plan to seeing it (Long Tasks API)`, value: median(after.map((r) => r.longest)), p95: p95(after.map((r) => r.longest)), runs, unit: 'ms', goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: stat(after) }];
  if (was.length) figs.push({ name: 'large-file edit: the same with the build before (BENCH_EDIT_BEFORE), interleaved', value: median(was.map((r) => r.longest)), p95: p95(was.map((r) => r.longest)), runs, unit: 'ms', note: stat(was) });
  return figs;
}

async function oneRun(ws: string, bytes: number): Promise<Run> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installLargeMarks));
  const marks = () => evaluate(page, () => (window as unknown as { __bench: LargeMarks }).__bench, undefined);
  const longestSince = async (t0: number, t1: number) => Math.max(0, ...(await marks()).longtasks.filter((t) => t.start >= t0 && t.start < t1).map((t) => t.dur));
  const now = () => page.evaluate(() => performance.now());
  const file = path.join(ws, 'sessions', FILE);
  try {
    await dropFolder(b, ws, 400, 400);
    await page.locator(`.session-row[data-file="${FILE}"]`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const bare = (await evaluate(page, bareSliceRead, { dir: 'ws', file: FILE, slice: SLICE }, 300_000)).ms;
    const bareCopied = await evaluate(page, bareCopy, { dir: 'ws', file: FILE, slice: SLICE }, 600_000);
    const copy = bareCopied.ms;
    // The baseline for the save's long tasks: those of the bare copy, on the same page.
    const copyLongest = await longestSince(bareCopied.start, bareCopied.start + bareCopied.ms);
    const copyOver50 = (await marks()).longtasks.filter((t) => t.start >= bareCopied.start && t.start < bareCopied.start + bareCopied.ms).length;
    await page.evaluate(() => {
      (window as unknown as { __bench: LargeMarks }).__bench.click = performance.now();
      location.hash = '#/s/bench%3Alarge?large=1';
    });
    await page.getByTestId('large-counts').waitFor({ timeout: 600_000 });
    await page.getByRole('tab', { name: 'Edit' }).click();
    const cdp = await b.ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');

    // The title: every byte but the metadata line copied from the file.
    const titleCard = page.locator('#sl-large-ed-title-h').locator('xpath=..');
    await titleCard.locator('input').fill('Benchmark, edited');
    await titleCard.getByRole('button', { name: 'Save title' }).waitFor();
    let t0 = 0;
    let t1 = 0;
    // When the page shows "Saved", as the page saw it (the file is then indexed again: not the save's work).
    await page.evaluate(() => {
      const w = window as unknown as { __savedAt?: number };
      w.__savedAt = undefined;
      const o = new MutationObserver(() => {
        if (w.__savedAt === undefined && document.querySelector('.status')?.textContent?.includes('Saved bench_large.jsonl')) {
          w.__savedAt = performance.now();
          o.disconnect();
        }
      });
      o.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const titleHeap = await peakHeap(cdp, async () => {
      t0 = await now();
      await titleCard.getByRole('button', { name: 'Save title' }).click();
      await page.waitForFunction(() => (window as unknown as { __savedAt?: number }).__savedAt !== undefined, undefined, { timeout: 900_000, polling: 100 });
      t1 = await page.evaluate(() => (window as unknown as { __savedAt: number }).__savedAt);
    });
    const titleLongest = await longestSince(t0, t1);
    const titleTasks = (await marks()).longtasks.filter((t) => t.start >= t0 && t.start < t1 + 2000).map((t) => `+${(t.start - t0).toFixed(0)} ${t.dur.toFixed(0)}ms`).join(' ');
    if (fs.statSync(file).size <= bytes) throw new Error('the title save did not grow the file');

    // The trim: planned (stand-ins over every message, the last 1,000 read), then saved.
    await page.getByTestId('large-counts').waitFor({ timeout: 600_000 });
    await page.getByRole('tab', { name: 'Edit' }).click();
    const trimCard = page.locator('#sl-large-ed-trim-h').locator('xpath=..');
    const p0 = await now();
    await trimCard.getByLabel('Messages to keep (max)').fill('1000');
    await trimCard.getByText('Messages that go:').waitFor({ timeout: 300_000 });
    const p1 = await now();
    await trimCard.getByRole('button', { name: 'Trim', exact: true }).click();
    await trimCard.getByRole('checkbox', { name: /Back up the file first/ }).uncheck();
    const s0 = await now();
    const before = fs.statSync(file).size;
    await trimCard.getByRole('button', { name: 'Yes, trim' }).click();
    // The title's "Saved" may still be on screen: wait for the file itself.
    for (let k = 0; k < 9000 && fs.statSync(file).size === before; k++) await new Promise((r) => setTimeout(r, 100));
    const s1 = await now();
    const trimLongest = await longestSince(p0, s1);
    const trimTasks = (await marks()).longtasks.filter((t) => t.start >= p0 && t.start < s1).map((t) => `+${(t.start - p0).toFixed(0)} ${t.dur.toFixed(0)}ms`).join(' ');
    await cdp.detach().catch(() => undefined);
    const titleOver50 = (await marks()).longtasks.filter((t) => t.start >= t0 && t.start < t1).length;
    return { bare, copy, copyLongest, copyOver50, titleOver50, title: t1 - t0, titleLongest, titleTasks: `${titleTasks || 'none'} (saved +${(t1 - t0).toFixed(0)})`, titleHeap: titleHeap / bytes, trimPlan: p1 - p0 - 250, trim: s1 - s0, trimLongest, trimTasks: `${trimTasks || 'none'} (planned +${(p1 - p0).toFixed(0)}, save clicked +${(s0 - p0).toFixed(0)})`, written: fs.statSync(file).size };
  } finally {
    await close();
  }
}

/** Runs the large-file edit benchmark `BENCH_RUNS` times (3 by default: each writes the file twice). */
export async function benchAppEditLarge(): Promise<Figure[]> {
  const runs = Number(process.env.BENCH_RUNS) || 3;
  const mib = Number(process.env.BENCH_EDIT_MB) || 1024;
  if (process.env.BENCH_EDIT_PLAN_ONLY) return benchPlanOnly(Number(process.env.BENCH_RUNS) || 5, mib);
  const rs: Run[] = [];
  for (let i = 0; i < runs; i++) {
    // Each run edits the file: a fresh one every time.
    const { base, ws, bytes, messages } = writeLargeWorkspace(mib);
    try {
      rs.push(await oneRun(ws, bytes));
      if (i === 0) console.log(`  (${(bytes / 1024 / 1024).toFixed(0)} MiB, ${messages.toLocaleString('en-US')} messages)`);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  }
  const of = (f: (r: Run) => number, d = 0) => `median ${median(rs.map(f)).toFixed(d)}, runs: ${rs.map((r) => f(r).toFixed(d)).join(', ')}`;
  return [
    { name: `large-file edit, ${mib} MiB: title saved (whole file streamed) vs a bare read of it (4 MiB slices, same page, same run)`, value: median(rs.map((r) => r.title / r.bare)), unit: '× bare-read time', note: `${of((r) => r.title / r.bare, 2)}; save ${of((r) => r.title)} ms, bare read ${of((r) => r.bare)} ms` },
    { name: `large-file edit, ${mib} MiB: title saved vs a bare copy (the same slices written through createWritable, same page, same run)`, value: median(rs.map((r) => r.title / r.copy)), unit: '× bare-copy time', note: `${of((r) => r.title / r.copy, 2)}; bare copy ${of((r) => r.copy)} ms` },
    { name: 'large-file edit: page JS heap during the title save (largest sample, every 100 ms)', value: median(rs.map((r) => r.titleHeap)), unit: '× the file size', note: of((r) => r.titleHeap, 3) },
    { name: 'large-file edit: longest main-thread task during the title save (Long Tasks API)', value: Math.max(...rs.map((r) => r.titleLongest)), unit: 'ms', note: `worst of ${runs}; ${of((r) => r.titleLongest)}; tasks over 50 ms per run ${rs.map((r) => r.titleOver50).join(', ')}; the bare copy on the same page: longest ${of((r) => r.copyLongest)} ms, over 50 ms per run ${rs.map((r) => r.copyOver50).join(', ')}; long tasks from the click to 2 s after "Saved": ${rs.map((r) => r.titleTasks).join(' | ')}` },
    { name: 'large-file edit: trim to the last 1,000 messages, planned (after the 250 ms settle) and saved', value: median(rs.map((r) => r.trim)), unit: 'ms', note: `save ${of((r) => r.trim)} ms; plan ${of((r) => r.trimPlan)} ms; longest task while planning and saving ${of((r) => r.trimLongest)} ms; file after: ${of((r) => r.written / 1024 / 1024, 1)} MiB; long tasks: ${rs.map((r) => r.trimTasks).join(' | ')}` },
  ];
}
