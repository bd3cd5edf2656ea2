/**
 * Exporting in large-file mode, in real Chromium: a session of BENCH_EXPORT_MB MiB (300 by default,
 * generated like app-open-large.ts's) opened through its index, the Export tab's redaction search
 * over every message, then the Markdown file made as a Blob of parts. The baseline, on the same
 * page in the same run: a bare read of the file in 4 MiB slices. Each run is a fresh Chromium on
 * the same file (an export does not change it); figures are medians with p95 and every run.
 */
import fs from 'node:fs';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { peakHeap } from './page-heap';
import { median, p95 } from './stats';
import { importTs } from './listing';
import { bareSliceRead, installLargeMarks, type LargeMarks } from './app-open-page';
import { writeLargeWorkspace } from './app-open-large';
import { traceMainThread } from './trace';

type Harness = typeof import('../test/browser/harness');

const PORT = 41949;
const FILE = 'bench_large.jsonl';
const SLICE = 4 * 1024 * 1024;

interface Run {
  bare: number;
  scan: number;
  make: number;
  /** Long Tasks API, from the tab's click to the download offered. */
  longest: number;
  over50: number;
  /** Chromium's trace of the making: every task, GC included; the longest one's CPU time. */
  traceLongest: number;
  traceCpu: number;
  /** The most CPU time any one task used while making (without the wait for a core on a busy machine). */
  traceMaxCpu: number;
  /** The heap's growth while making (largest sample less the heap just before), and the heap just before, each ÷ the file size. */
  heap: number;
  heapBefore: number;
  longestGc: number;
}

async function oneRun(ws: string, bytes: number): Promise<Run> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installLargeMarks));
  const now = () => page.evaluate(() => performance.now());
  try {
    await dropFolder(b, ws, 400, 400);
    await page.locator(`.session-row[data-file="${FILE}"]`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const bare = (await evaluate(page, bareSliceRead, { dir: 'ws', file: FILE, slice: SLICE }, 600_000)).ms;
    await page.evaluate(() => void (location.hash = '#/s/bench%3Alarge?large=1'));
    await page.getByTestId('large-counts').waitFor({ timeout: 600_000 });
    const cdp = await b.ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const t0 = await now();
    await page.getByRole('tab', { name: 'Export' }).click();
    await page.locator('.sl-findings').waitFor({ timeout: 1_800_000 });
    const t1 = await now();
    await page.getByRole('button', { name: 'Make the file' }).waitFor();
    let t2 = 0;
    let t3 = 0;
    let trace = { longest: 0, longestCpu: 0, maxCpu: 0, longestGc: 0 };
    await cdp.send('HeapProfiler.collectGarbage');
    const before = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
    const heap = await peakHeap(cdp, async () => {
      trace = await traceMainThread(cdp, async () => {
        t2 = await now();
        await page.getByRole('button', { name: 'Make the file' }).click();
        const offered = page.getByRole('button', { name: /^Download / });
        await offered.waitFor({ timeout: 1_800_000 });
        t3 = await now();
      });
    });
    const tasks = (await evaluate(page, () => (window as unknown as { __bench: LargeMarks }).__bench, undefined)).longtasks.filter((t) => t.start >= t0 && t.start < t3);
    await cdp.detach().catch(() => undefined);
    return { bare, scan: t1 - t0, make: t3 - t2, longest: Math.max(0, ...tasks.map((t) => t.dur)), over50: tasks.length, traceLongest: trace.longest, traceCpu: trace.longestCpu, traceMaxCpu: trace.maxCpu, heap: (heap - before) / bytes, heapBefore: before / bytes, longestGc: trace.longestGc };
  } finally {
    await close();
  }
}

/** Runs the large-file export benchmark `BENCH_RUNS` times (3 by default). */
export async function benchAppExportLarge(): Promise<Figure[]> {
  const runs = Number(process.env.BENCH_RUNS) || 3;
  const mib = Number(process.env.BENCH_EXPORT_MB) || 300;
  const { base, ws, bytes, messages } = writeLargeWorkspace(mib);
  const rs: Run[] = [];
  try {
    console.log(`  (${(bytes / 1024 / 1024).toFixed(0)} MiB, ${messages.toLocaleString('en-US')} messages)`);
    for (let i = 0; i < runs; i++) rs.push(await oneRun(ws, bytes));
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
  const of = (f: (r: Run) => number, d = 0) => `median ${median(rs.map(f)).toFixed(d)}, p95 ${p95(rs.map(f)).toFixed(d)}, runs: ${rs.map((r) => f(r).toFixed(d)).join(', ')}`;
  const fig = (name: string, f: (r: Run) => number, unit: string, note: string, d = 2): Figure => ({ name, value: median(rs.map(f)), p95: p95(rs.map(f)), runs, range: [Math.min(...rs.map(f)), Math.max(...rs.map(f))], unit, note: `${of(f, d)}; ${note}` });
  return [
    fig(`large-file export, ${mib} MiB: redaction search over every message vs a bare read of the file (4 MiB slices, same page, same run)`, (r) => r.scan / r.bare, '× bare-read time', `search ${of((r) => r.scan)} ms, bare read ${of((r) => r.bare)} ms`),
    fig(`large-file export, ${mib} MiB: the Markdown file made (a Blob of parts) vs the same bare read`, (r) => r.make / r.bare, '× bare-read time', `make ${of((r) => r.make)} ms`),
    fig('large-file export: longest main-thread task from opening the tab to the download offered (Long Tasks API)', (r) => r.longest, 'ms', `tasks over 50 ms per run ${rs.map((r) => r.over50).join(', ')}; while making, by Chromium's trace: longest ${of((r) => r.traceLongest)} ms, its CPU time ${of((r) => r.traceCpu)} ms, the most CPU time of any task ${of((r) => r.traceMaxCpu)} ms, the longest GC ${of((r) => r.longestGc)} ms`, 0),
    fig('large-file export: growth of the page JS heap while the file is made (largest sample every 100 ms, less the heap just before)', (r) => r.heap, '× the file size', `the heap just before (the app, the index): ${of((r) => r.heapBefore, 3)} × the file; the file made is a Blob (browser storage), not on the heap`, 3),
  ];
}
