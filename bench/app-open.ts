/**
 * Opening and scrolling a 100 MB session (50,000 messages) in the built app in real Chromium, against
 * baselines measured in the same run and page: the same file read with `text()` + `JSON.parse` per
 * line on the main thread, and the same scroll loop over a plain static list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { importTs } from './listing';
import { syntheticFile, syntheticMessages } from './synthetic';
import { traceMainThread } from './trace';
import { benchAppOpenLarge } from './app-open-large';
import { repeatRuns } from './repeat';
import { baselineParse, installMarks, plainList, scrollLoop, type PageMarks, type ScrollRun } from './app-open-page';

type Harness = typeof import('../test/browser/harness');

const PORT = 41901;
/** 50,000 by default; `BENCH_OPEN_MESSAGES=150000 npm run bench -- open` opens a 300 MiB file instead. */
const MESSAGES = Number(process.env.BENCH_OPEN_MESSAGES) || 50_000;
/** ~2,090 bytes a message: 50,000 messages make about 100 MiB. */
const WORDS = 272;
const FILE = 'bench_big.jsonl';
const FRAME = 1000 / 60;
const SCROLL_MS = 4000;
const STEP = 240;

/** Writes `<tmp>/ws/sessions/bench_big.jsonl` (key bench:big) and returns the temp root and the size. */
function writeWorkspace(): { base: string; ws: string; bytes: number } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-appopen-'));
  const ws = path.join(base, 'ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const text = syntheticFile(syntheticMessages(MESSAGES, 7, WORDS)).replace('"key": "bench:session"', '"key": "bench:big"');
  const file = path.join(ws, 'sessions', FILE);
  fs.writeFileSync(file, text);
  return { base, ws, bytes: fs.statSync(file).size };
}

const longest = (ts: PageMarks['longtasks']) => Math.max(0, ...ts.map((t) => t.dur));
const within = (ts: PageMarks['longtasks'], from: number, to: number) => ts.filter((t) => t.start >= from && t.start < to);
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Frame intervals of a scroll run: how many exceed 1.5 frames, and the worst. */
function frameStats(r: ScrollRun): { total: number; dropped: number; worst: number } {
  const gaps = r.frames.slice(1).map((t, i) => t - r.frames[i]!);
  return { total: gaps.length, dropped: gaps.filter((g) => g > 1.5 * FRAME).length, worst: Math.max(0, ...gaps) };
}

/** Runs the open and scroll benchmarks BENCH_RUNS times (a fresh browser each) and returns the figures' medians and p95s. */
export async function benchAppOpen(): Promise<Figure[]> {
  // BENCH_BIG=1 (1,024 MiB) or BENCH_OPEN_MB=<MiB>: the large-file mode as well (bench/app-open-large.ts);
  // BENCH_LARGE_ONLY=1 runs only that.
  const largeMb = Number(process.env.BENCH_OPEN_MB) || (process.env.BENCH_BIG ? 1024 : 0);
  const figures = largeMb && process.env.BENCH_LARGE_ONLY ? [] : await repeatRuns(openOnce);
  return largeMb ? [...figures, ...(await benchAppOpenLarge(largeMb))] : figures;
}

/** One run: a 100 MiB session opened after its baseline read in the same page. */
async function openOnce(): Promise<Figure[]> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { base, ws, bytes } = writeWorkspace();
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installMarks, MESSAGES.toLocaleString('en-US')));
  try {
    await dropFolder(b, ws, 400, 400);
    const row = page.locator(`.session-row[data-file="${FILE}"] a.row-link`);
    await row.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);

    const base0 = await evaluate(page, baselineParse, { dir: 'ws', file: FILE }, 60_000);
    await page.waitForTimeout(300);
    const cdp = await b.ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(300);

    const trace = await traceMainThread(cdp, async () => {
      // The normal view, whatever the size: from 32 MiB a click on the row opens large-file mode.
      await page.evaluate((q) => {
        (window as unknown as { __bench: PageMarks }).__bench.click = performance.now();
        location.hash = `#/s/bench%3Abig?${q}`;
      }, `large=${2 ** 40}`);
      await page.waitForFunction(() => (window as unknown as { __bench: PageMarks }).__bench.loaded !== undefined, undefined, { timeout: 90_000, polling: 100 });
      await page.waitForTimeout(1000);
    });
    const marks = await evaluate(page, () => (window as unknown as { __bench: PageMarks }).__bench, undefined);
    const click = marks.click!;
    const appTasks = within(marks.longtasks, click, marks.loaded! + 1000);
    const baseTasks = within(marks.longtasks, base0.start, base0.end + 50);
    const baseMs = base0.end - base0.start;
    const first = marks.firstMessage! - click;
    const full = marks.loaded! - click;
    const worker = marks.worker.filter(([, t]) => t >= click);
    const at = (type: string) => worker.find(([k]) => k === type)?.[1];
    const done = at('done');
    const timeline = (['preview', 'head', 'batch', 'done'] as const).map((k) => `${k} +${ms((at(k) ?? NaN) - click)}`).join(', ');

    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const appScroll = await evaluate(page, scrollLoop, { selector: '.sl-conversation .sl-vlist', ms: SCROLL_MS, step: STEP }, SCROLL_MS + 20_000);
    const appScrollTasks = within((await evaluate(page, () => (window as unknown as { __bench: PageMarks }).__bench, undefined)).longtasks, appScroll.frames[0]!, appScroll.frames.at(-1)!);
    await evaluate(page, plainList, { over: '.sl-conversation .sl-vlist', count: MESSAGES, height: appScroll.scrollHeight }, 60_000);
    await page.waitForTimeout(1000);
    const plainScroll = await evaluate(page, scrollLoop, { selector: '#bench-plain', ms: SCROLL_MS, step: STEP }, SCROLL_MS + 20_000);
    await cdp.detach().catch(() => undefined);

    const a = frameStats(appScroll);
    const p = frameStats(plainScroll);
    const mb = (bytes / 1024 / 1024).toFixed(0);
    const env = 'headless Chromium, --disable-gpu (software raster), 2 cores';
    return [
      { name: `baseline: ${mb} MiB through its handle, text() + JSON.parse per line, main thread`, value: baseMs, unit: 'ms', note: `read ${ms(base0.read - base0.start)}, parse ${ms(base0.end - base0.read)} of ${base0.lines.toLocaleString('en-US')} lines; longest task ${ms(longest(baseTasks))}, ${baseTasks.length} long tasks` },
      { name: `open ${mb} MiB (${MESSAGES.toLocaleString('en-US')} messages): first message on screen`, value: first / baseMs, unit: '× baseline time', goal: { max: 1, label: '≤ 1.0× the baseline (and ≤ 0.5 s, see the next figure)' }, note: `${ms(first)} after the click${full - first < FRAME ? `, in the same render as the full load: the worker's preview reached the page at +${ms((at('preview') ?? NaN) - click)} but is not shown` : ''}` },
      { name: `open ${mb} MiB: first message on screen, absolute`, value: first / 1000, unit: 's', baseline: baseMs / 1000, goal: { max: 0.5, label: '≤ 0.5 s' }, note: `after the click; the baseline's whole read and parse ${ms(baseMs)}` },
      { name: `open ${mb} MiB: fully loaded (summary shows all ${MESSAGES.toLocaleString('en-US')})`, value: full / baseMs, unit: '× baseline time', note: `${ms(full)} after the click; worker replies reach the page at ${timeline}${done ? `; render after done ${ms(marks.loaded! - done)}` : ''}` },
      { name: 'open: longest main-thread task', value: longest(appTasks), unit: 'ms', baseline: longest(baseTasks), goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: `${(longest(appTasks) / longest(baseTasks)).toFixed(2)}× the baseline's longest (${ms(longest(baseTasks))}); goal ≤ 50 ms` },
      { name: 'open: main-thread tasks > 50 ms', value: appTasks.length, unit: 'tasks', note: `from the click to 1 s after the full load (goal: none; baseline: ${baseTasks.length}); at ${appTasks.map((t) => `+${ms(t.start - click)} ${ms(t.dur)}`).join(', ') || '-'}; parsed in a worker: ${worker.length > 0 ? 'yes' : 'NO'}` },
      { name: 'open: longest main-thread task in a Chromium trace', value: trace.longest, unit: 'ms', goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: `all ${trace.tasks} tasks of the page's main thread from the click to 1 s after the full load, including those that run no script (a GC scheduled as a task), which the Long Tasks API leaves out; over 50 ms: ${trace.over50.map(ms).join(', ') || 'none'}; longest GC pause ${ms(trace.longestGc)}; the trace itself slows the page a little` },
      { name: 'open: page JS heap once opened (after a full GC)', value: heap.usedSize / bytes, unit: '× the file size', goal: { max: 0.5, label: '≤ 0.5× the file' }, note: `${(heap.usedSize / 1024 / 1024).toFixed(0)} MiB for a ${mb} MiB file (the file's bytes themselves are kept outside the JS heap)` },
      { name: `scroll the ${MESSAGES.toLocaleString('en-US')}-message conversation: frames dropped`, value: (100 * a.dropped) / a.total, unit: '% of frames', note: `${a.dropped} of ${a.total} frame intervals > 25 ms, worst ${ms(a.worst)}, ${appScrollTasks.length} long tasks; plain static list, same loop: ${p.dropped} of ${p.total} (${((100 * p.dropped) / p.total).toFixed(1)}%), worst ${ms(p.worst)}; ${SCROLL_MS / 1000} s, ${STEP} px/frame plus 6 jumps over ${(appScroll.scrollHeight / 1e6).toFixed(1)} M px; ${env}` },
    ];
  } finally {
    await close();
    fs.rmSync(base, { recursive: true, force: true });
  }
}
