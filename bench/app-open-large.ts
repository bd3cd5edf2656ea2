/**
 * Large-file mode in real Chromium: a session of BENCH_OPEN_MB MiB (1,024 with BENCH_BIG=1; written
 * to a temp folder in streaming batches, never held whole) opened through its index, against a
 * bare read of the same file in slices on the same page in the same run. Each run is a fresh
 * Chromium; figures are medians with the worst run (BENCH_RUNS runs, 5 by default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { importTs } from './listing';
import { pyDumps } from '../src/core/python/pyjson';
import type { PyDict } from '../src/core/python/pyvalue';
import { syntheticMessages } from './synthetic';
import { traceMainThread } from './trace';
import { bareSliceRead, bareStreamRead, installLargeMarks, type LargeMarks } from './app-open-page';
import { median, p95 } from './stats';

type Harness = typeof import('../test/browser/harness');

const PORT = 41903;
const FILE = 'bench_large.jsonl';
const WORDS = 272;
const SLICE = 8 * 1024 * 1024;

/**
 * Writes `<tmp>/ws/sessions/bench_large.jsonl` of at least `mib` MiB, batch by batch. `distinct`: every
 * batch its own messages (slower to write), for a page that keeps the values: the full view internalizes
 * long strings (src/store/analyze/tenure.ts), so repeated batches would share their text and shrink its heap.
 */
export function writeLargeWorkspace(mib: number, distinct = false): { base: string; ws: string; bytes: number; messages: number } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-applarge-'));
  const ws = path.join(base, 'ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const file = path.join(ws, 'sessions', FILE);
  const fd = fs.openSync(file, 'w');
  const meta = { _type: 'metadata', key: 'bench:large', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: { title: 'Benchmark' }, last_consolidated: 0 };
  let bytes = fs.writeSync(fd, pyDumps(meta as PyDict) + '\n');
  // Eight distinct batches, serialized once and written over and over: pyDumps of 500,000 messages
  // would take minutes, and the file's mix of messages is the same.
  const batch = (k: number) => Buffer.from(syntheticMessages(4000, k + 1, WORDS).map((m) => pyDumps(m) + '\n').join(''));
  const batches = Array.from({ length: 8 }, (_, k) => batch(k));
  let messages = 0;
  for (let k = 0; bytes < mib * 1024 * 1024; k++) {
    bytes += fs.writeSync(fd, distinct && k >= batches.length ? batch(k) : batches[k % batches.length]!);
    messages += 4000;
  }
  fs.closeSync(fd);
  return { base, ws, bytes, messages };
}

interface Run {
  first: number;
  indexed: number;
  /** The baseline: the fastest bare read found (the byte stream into one reused buffer). */
  bare: number;
  /** The baseline before 2026-12-04: the same file in 8 MiB `slice().arrayBuffer()` reads. */
  bareSlice: number;
  longest: number;
  over50: number;
  traceLongest: number;
  traceLongestCpu: number;
  traceOver50: number;
  heap: number;
  /** The index workers' account: how many, when the first began reading after the link opened, ms waiting for slices and ms indexing them (summed over the workers), and the last one's end to the page's having the index. */
  workers: number;
  /** Whether the index workers read with the byte pass's SIMD kernel (src/core/bytes/plain-run.ts). */
  kernel: string;
  began: number;
  waited: number;
  scanned: number;
  handover: number;
  /** From the link: the page's first worker made and first message to a worker (the index asked for), the first part of the index back; the parts (slices) in all. */
  made: number;
  asked: number;
  firstPart: number;
  parts: number;
  /** Long tasks as `+start dur` from the link, with the first message and the counts for reference. */
  where: string;
}

const worst = (xs: number[]) => Math.max(...xs);
const least = (xs: number[]) => Math.min(...xs);

async function oneRun(ws: string, bytes: number, dir?: string): Promise<Run> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installLargeMarks), dir);
  try {
    await dropFolder(b, ws, 400, 400);
    await page.locator(`.session-row[data-file="${FILE}"]`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const bareSlice = await evaluate(page, bareSliceRead, { dir: 'ws', file: FILE, slice: SLICE }, 300_000);
    const bare = await evaluate(page, bareStreamRead, { dir: 'ws', file: FILE, slice: SLICE }, 300_000);
    const cdp = await b.ctx.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(300);
    // BENCH_PROFILE=<dir>: a CPU profile of the page's thread during the open, to see what a long task ran.
    const profile = process.env.BENCH_PROFILE;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    // `large=1` opens even a small file in large-file mode (1 GiB is above the line anyway).
    const trace = await traceMainThread(cdp, async () => {
      await page.evaluate(() => {
        (window as unknown as { __bench: LargeMarks }).__bench.click = performance.now();
        location.hash = '#/s/bench%3Alarge?large=1';
      });
      await page.waitForFunction(() => (window as unknown as { __bench: LargeMarks }).__bench.loaded !== undefined, undefined, { timeout: 600_000, polling: 200 });
      await page.waitForTimeout(1000);
    });
    const marks = await evaluate(page, () => (window as unknown as { __bench: LargeMarks }).__bench, undefined);
    const click = marks.click!;
    if (profile) {
      const { profile: p } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      fs.mkdirSync(profile, { recursive: true });
      fs.writeFileSync(path.join(profile, `open-${Date.now()}.cpuprofile`), JSON.stringify(p));
      fs.writeFileSync(path.join(profile, `open-${Date.now()}.marks.json`), JSON.stringify(marks));
    }
    const tasks = marks.longtasks.filter((t) => t.start >= click && t.start < marks.loaded! + 1000);
    // The index is whole when the last indexing worker is done (the page joins the parts then).
    const index = marks.worker.filter(([k, t]) => (k === 'index' || k === 'done') && t >= click).at(-1)?.[1] ?? marks.loaded!;
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.detach().catch(() => undefined);
    const epoch = (t: number) => t - marks.origin;
    const sp = marks.spent;
    const sum = (f: (x: LargeMarks['spent'][number]) => number) => sp.reduce((n, x) => n + f(x), 0);
    const after = (k: string) => (marks.worker.find(([w, t]) => w === k && t >= click)?.[1] ?? NaN) - click;
    return {
      made: after('new'),
      asked: after('asked'),
      firstPart: after('part'),
      parts: marks.worker.filter(([k, t]) => k === 'part' && t >= click).length,
      workers: sp.length,
      kernel: sp.length ? (sp.every((x) => x.kernel) ? 'SIMD kernel' : sp.some((x) => x.kernel) ? 'SIMD kernel in some' : 'no SIMD kernel (word loop)') : '-',
      began: sp.length ? epoch(Math.min(...sp.map((x) => x.began))) - click : NaN,
      waited: sp.length ? sum((x) => x.waited) : NaN,
      scanned: sp.length ? sum((x) => x.indexed) : NaN,
      handover: sp.length ? index - epoch(Math.max(...sp.map((x) => x.ended))) : NaN,
      first: marks.firstMessage! - click,
      indexed: index - click,
      bare: bare.ms,
      bareSlice: bareSlice.ms,
      longest: Math.max(0, ...tasks.map((t) => t.dur)),
      over50: tasks.length,
      traceLongest: trace.longest,
      traceLongestCpu: trace.longestCpu,
      traceOver50: trace.over50.length,
      heap: heap.usedSize / bytes,
      where: `${tasks.map((t) => `+${(t.start - click).toFixed(0)} ${t.dur.toFixed(0)}ms`).join(' ')} (first message +${(marks.firstMessage! - click).toFixed(0)}, counts +${(marks.loaded! - click).toFixed(0)})`,
    };
  } finally {
    await close();
  }
}

/**
 * Runs the large-file open benchmark `BENCH_RUNS` times and returns its figures. With
 * BENCH_OPEN_BEFORE=<a built app folder> each run also opens that build (alternating which goes
 * first), so a change is measured against the code before it in the same period.
 */
export async function benchAppOpenLarge(mib: number): Promise<Figure[]> {
  const runs = Number(process.env.BENCH_RUNS) || 5;
  const beforeDir = process.env.BENCH_OPEN_BEFORE ? path.resolve(process.env.BENCH_OPEN_BEFORE) : null;
  const { base, ws, bytes, messages } = writeLargeWorkspace(mib);
  try {
    const rs: Run[] = [];
    const old: Run[] = [];
    for (let i = 0; i < runs; i++) {
      if (beforeDir && i % 2) old.push(await oneRun(ws, bytes, beforeDir));
      rs.push(await oneRun(ws, bytes));
      if (beforeDir && !(i % 2)) old.push(await oneRun(ws, bytes, beforeDir));
    }
    const figures = figuresOf(rs, bytes, messages, '');
    if (beforeDir) figures.push(...figuresOf(old, bytes, messages, ` — before (BENCH_OPEN_BEFORE=${path.basename(beforeDir)}, same runs)`).map(({ goal: _goal, ...f }) => ({ ...f, note: f.note.replace(/goal [≤≥] [\d.]+( ms|×)?/g, 'goal as above') })));
    return figures;
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

function figuresOf(rs: Run[], bytes: number, messages: number, label: string): Figure[] {
  const mb = (bytes / 1024 / 1024).toFixed(0);
  const of = (f: (r: Run) => number, d = 0) => `median ${median(rs.map(f)).toFixed(d)}, p95 ${p95(rs.map(f)).toFixed(d)} (runs: ${rs.map((r) => f(r).toFixed(d)).join(', ')})`;
  // Each figure: its median over the runs, its p95 (with 5 runs the worst) and range, for the closing table.
  const fig = (f: (r: Run) => number) => {
    const xs = rs.map(f);
    return { value: median(xs), p95: p95(xs), runs: rs.length, range: [least(xs), worst(xs)] as [number, number] };
  };
  const speed = (r: Run) => r.bare / r.indexed;
  const sliceSpeed = (r: Run) => r.bareSlice / r.indexed;
  const perMiB = (ms: number) => (ms / (bytes / 1024 / 1024)).toFixed(2);
  const where = (r: Run) => `${r.workers} index worker(s), ${r.kernel} (made +${r.made.toFixed(0)} ms, index asked +${r.asked.toFixed(0)}), began +${r.began.toFixed(0)} ms, first part back +${r.firstPart.toFixed(0)}, ${r.parts} parts, waited for slices ${r.waited.toFixed(0)} ms (${perMiB(r.waited)} ms/MiB), indexed ${r.scanned.toFixed(0)} ms (${perMiB(r.scanned)} ms/MiB; both summed over the workers), index whole ${r.handover.toFixed(0)} ms after the last worker's end`;
  // The speed's p95 is its lowest run (more is better).
  const lowest = (f: (r: Run) => number) => [...rs.map(f)].sort((a, b) => a - b)[Math.max(0, rs.length - Math.ceil(0.95 * rs.length))]!;
  return [
    { name: `large-file mode, ${mb} MiB (${messages.toLocaleString('en-US')} messages)${label}: first message on screen`, ...fig((r) => r.first), unit: 'ms', goal: { max: 500, label: '≤ 500 ms' }, note: `${of((r) => r.first)} ms after the link opens` },
    { name: `large-file mode, ${mb} MiB${label}: index speed vs a bare read of the same file (its byte stream into a reused 8 MiB buffer, same page, same run)`, ...fig(speed), p95: undefined, unit: '× bare-read speed', goal: { min: 0.8, label: '≥ 0.8×' }, note: `median ${median(rs.map(speed)).toFixed(2)}, p95 (lowest) ${lowest(speed).toFixed(2)} (runs: ${rs.map((r) => speed(r).toFixed(2)).join(', ')}); indexed in ${of((r) => r.indexed)} ms from the link, bare stream read ${of((r) => r.bare)} ms; against the old baseline (8 MiB slices by slice().arrayBuffer(), ${of((r) => r.bareSlice)} ms): median ${median(rs.map(sliceSpeed)).toFixed(2)}×, lowest ${lowest(sliceSpeed).toFixed(2)}× (runs: ${rs.map((r) => sliceSpeed(r).toFixed(2)).join(', ')}); the worker per run: ${rs.map(where).join(' | ')}; goal ≥ 0.8×` },
    { name: `large-file mode, ${mb} MiB${label}: longest main-thread task (Long Tasks API)`, ...fig((r) => r.longest), unit: 'ms', goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: `${of((r) => r.longest)} ms; tasks > 50 ms per run: ${rs.map((r) => r.over50).join(', ')}; goal ≤ 50 ms; where: ${rs.map((r) => r.where).join(' | ')}` },
    { name: `large-file mode, ${mb} MiB${label}: longest main-thread task in a Chromium trace`, ...fig((r) => r.traceLongest), unit: 'ms', goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: `${of((r) => r.traceLongest)} ms; of which the thread ran (CPU time, the rest it waited for a core) ${of((r) => r.traceLongestCpu)} ms; tasks > 50 ms per run: ${rs.map((r) => r.traceOver50).join(', ')}` },
    { name: `large-file mode, ${mb} MiB${label}: page JS heap once indexed (after a full GC)`, ...fig((r) => r.heap), unit: '× the file size', goal: { max: 0.5, label: '≤ 0.5×' }, note: `${of((r) => r.heap, 3)}; plus the index's typed arrays, which V8 keeps outside the JS heap: ${((19 * (messages + 1) + 4 * messages) / 1024 / 1024).toFixed(1)} MiB (${((19 * (messages + 1) + 4 * messages) / bytes).toFixed(3)}× the file: 19 bytes a line, 4 a message); goal ≤ 0.5×` },
  ];
}
