/**
 * Mid-size files in real Chromium: the same generated session (16–200 MiB) opened in the normal view
 * (the whole file parsed, every value kept in the page) and in large-file mode (an index; rows decoded
 * on demand), interleaved in the same runs, a fresh Chromium each. It measured where the normal view
 * stops meeting issue 16's goals, which set the size at which large-file mode becomes the default.
 * BENCH_OPEN_BEFORE=<a built app folder> adds that build's default open (and this build's) to each run.
 */
import path from 'node:path';
import fs from 'node:fs';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { importTs } from './listing';
import { writeLargeWorkspace } from './app-open-large';
import { median, p95 } from './stats';
import { benchRuns } from './repeat';
import { traceMainThread } from './trace';

type Harness = typeof import('../test/browser/harness');

const PORT = 41917;
const FILE = 'bench_large.jsonl';
/** A threshold above any file: `large=<this>` opens the normal view in every build. */
const NEVER_LARGE = 2 ** 40;

/** What the init script collects on `window.__bench`: long tasks, the first card and the full count, in either view. */
interface MidMarks {
  longtasks: { start: number; dur: number }[];
  click?: number;
  firstMessage?: number;
  loaded?: number;
  /** Which view showed the file: 'full' or 'large'. */
  view?: string;
}

/** Init script: the first message card of either view, and the moment the whole file is known (the normal view's summary with the full count; large mode's counts header). */
function installMidMarks(expectedCount: string): void {
  const b: MidMarks = { longtasks: [] };
  (window as unknown as { __bench: MidMarks }).__bench = b;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (b.click === undefined) return;
    if (b.firstMessage === undefined && document.querySelector('.sl-conversation .sl-msg, .sl-large .sl-msg:not([aria-busy])')) b.firstMessage = performance.now();
    if (b.loaded === undefined) {
      if (document.querySelector('[data-testid="large-counts"]')) {
        b.loaded = performance.now();
        b.view = 'large';
      } else if ((document.querySelector('.sl-conversation .sl-summary')?.textContent ?? '').startsWith(`${expectedCount} messages`)) {
        b.loaded = performance.now();
        b.view = 'full';
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

interface Mode {
  label: string;
  /** The link's query (`large=…`), or '' for the build's default. */
  query: string;
  dir?: string;
}

interface Run {
  first: number;
  full: number;
  longest: number;
  over50: number;
  heap: number;
  /** The heap the open added: after a full GC, opened minus the listing before it, as a share of the file. */
  added: number;
  heapMiB: number;
  /** From a Chromium trace of the open: the longest task, and the most CPU any one task used (the rest of a long task was the wait for a core). */
  traceLongest: number;
  maxCpu: number;
  view: string;
}

async function oneRun(mode: Mode, ws: string, bytes: number, messages: number): Promise<Run> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installMidMarks, messages.toLocaleString('en-US')), mode.dir);
  try {
    await dropFolder(b, ws, 400, 400);
    await page.locator(`.session-row[data-file="${FILE}"]`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const cdp = await b.ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(300);
    const heap0 = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const trace = await traceMainThread(cdp, async () => {
      await page.evaluate((q) => {
        (window as unknown as { __bench: MidMarks }).__bench.click = performance.now();
        location.hash = `#/s/bench%3Alarge${q ? `?${q}` : ''}`;
      }, mode.query);
      await page.waitForFunction(() => (window as unknown as { __bench: MidMarks }).__bench.loaded !== undefined, undefined, { timeout: 600_000, polling: 200 });
      await page.waitForTimeout(1000);
    });
    const m = await evaluate(page, () => (window as unknown as { __bench: MidMarks }).__bench, undefined);
    const tasks = m.longtasks.filter((t) => t.start >= m.click! && t.start < m.loaded! + 1000);
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.detach().catch(() => undefined);
    return { first: m.firstMessage! - m.click!, full: m.loaded! - m.click!, longest: Math.max(0, ...tasks.map((t) => t.dur)), over50: tasks.length, heap: heap.usedSize / bytes, added: (heap.usedSize - heap0.usedSize) / bytes, heapMiB: heap.usedSize / 1024 / 1024, traceLongest: trace.longest, maxCpu: trace.maxCpu, view: m.view ?? '?' };
  } finally {
    await close();
  }
}

/**
 * For each size of BENCH_MID_SIZES (MiB, default 16,32,64,100,200), BENCH_RUNS runs (default 5), each
 * opening the file in every mode, the order rotating from run to run; figures are medians with p95.
 */
export async function benchAppOpenMidsize(): Promise<Figure[]> {
  const sizes = (process.env.BENCH_MID_SIZES ?? '16,32,64,100,200').split(',').map(Number).filter((n) => n > 0);
  const runs = benchRuns();
  const before = process.env.BENCH_OPEN_BEFORE ? path.resolve(process.env.BENCH_OPEN_BEFORE) : null;
  const all: Record<string, Mode> = {
    full: { label: 'normal view (large=2^40)', query: `large=${NEVER_LARGE}` },
    large: { label: 'large-file mode (large=1)', query: 'large=1' },
    ...(before ? { before: { label: `default, build before (${path.basename(before)})`, query: '', dir: before } } : {}),
    default: { label: 'default, this build', query: '' },
  };
  // BENCH_MID_MODES: which of full, large, before (needs BENCH_OPEN_BEFORE), default; by default the first two, and the last two with a build before.
  const wanted = (process.env.BENCH_MID_MODES ?? (before ? 'full,large,before,default' : 'full,large')).split(',');
  const modes = wanted.flatMap((k) => (all[k] ? [all[k]] : []));
  const figures: Figure[] = [];
  for (const mib of sizes) {
    const { base, ws, bytes, messages } = writeLargeWorkspace(mib, true);
    try {
      const rs: Run[][] = modes.map(() => []);
      for (let i = 0; i < runs; i++) {
        for (let k = 0; k < modes.length; k++) {
          const j = (i + k) % modes.length;
          const r = await oneRun(modes[j]!, ws, bytes, messages);
          rs[j]!.push(r);
          console.error(`midsize ${mib} MiB run ${i + 1} ${modes[j]!.label}: first ${r.first.toFixed(0)} ms, full ${r.full.toFixed(0)} ms, longest ${r.longest.toFixed(0)} ms (${r.over50} > 50), heap ${r.heap.toFixed(3)}× (added ${r.added.toFixed(3)}×, ${r.heapMiB.toFixed(0)} MiB), trace ${r.traceLongest.toFixed(0)} ms, most CPU in a task ${r.maxCpu.toFixed(0)} ms, shown in ${r.view}`);
        }
      }
      const mb = (bytes / 1024 / 1024).toFixed(0);
      modes.forEach((mode, j) => {
        const xs = rs[j]!;
        const fig = (name: string, f: (r: Run) => number, unit: string, goal?: Figure['goal'], d = 0) => {
          const v = xs.map(f);
          figures.push({ name: `midsize ${mb} MiB (${messages.toLocaleString('en-US')} messages), ${mode.label}: ${name}`, value: median(v), p95: p95(v), runs: v.length, range: [Math.min(...v), Math.max(...v)], unit, ...(goal ? { goal } : {}), note: `median ${median(v).toFixed(d)}, p95 ${p95(v).toFixed(d)} (runs: ${v.map((x) => x.toFixed(d)).join(', ')}); shown in ${[...new Set(xs.map((r) => r.view))].join('/')}` });
        };
        fig('first message on screen', (r) => r.first, 'ms', { max: 500, label: '≤ 500 ms' });
        fig('fully usable (every message counted)', (r) => r.full, 'ms');
        fig('longest main-thread task (Long Tasks API)', (r) => r.longest, 'ms', { max: 50, label: '≤ 50 ms', on: 'p95' });
        fig('tasks over 50 ms', (r) => r.over50, 'tasks');
        fig('longest main-thread task in a Chromium trace', (r) => r.traceLongest, 'ms');
        fig('most CPU any one main-thread task used (trace)', (r) => r.maxCpu, 'ms', { max: 50, label: '≤ 50 ms of CPU', on: 'p95' });
        fig('page JS heap once opened (after a full GC)', (r) => r.heap, '× the file size', { max: 0.5, label: '≤ 0.5×' }, 3);
        fig('page JS heap added by the open (opened minus the listing before it)', (r) => r.added, '× the file size', undefined, 3);
        fig('page JS heap once opened, absolute', (r) => r.heapMiB, 'MiB', undefined, 1);
      });
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  }
  return figures;
}
