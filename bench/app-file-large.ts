/**
 * The File tab of large-file mode in real Chromium: a session of BENCH_FILE_MB MiB (1,024 by
 * default; written in batches, never held whole) with a blank line near the start, one in the
 * middle and a line that is not JSON near the end, opened through its index. Each run, in one page:
 * the baseline, the Conversation tab's jump to the latest message (a page turn to the last 20,000
 * messages, their cards read from the file's end); then the subject, opening the File tab (the
 * health counted from the index in slices), jumping to the corrupt line (a page turn to the last
 * 20,000 lines, read from the file's end), to the first blank line, and "next" to the middle one
 * (a scan of half the index). Each run is a fresh Chromium; medians and p95 over BENCH_RUNS runs (5).
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
import { traceMainThread, type MainThreadTrace } from './trace';
import { installLargeMarks, type LargeMarks } from './app-open-page';
import { median, p95 } from './stats';

type Harness = typeof import('../test/browser/harness');

const PORT = 41909;
const FILE = 'bench_file.jsonl';

interface Planted {
  base: string;
  ws: string;
  bytes: number;
  lines: number;
  messages: number;
  /** 0-based lines: the corrupt one, the two blank ones. */
  corrupt: number;
  blanks: [number, number];
}

/** Writes `<tmp>/ws/sessions/bench_file.jsonl` of at least `mib` MiB with the planted lines. */
function writeWorkspace(mib: number): Planted {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-filelarge-'));
  const ws = path.join(base, 'ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const fd = fs.openSync(path.join(ws, 'sessions', FILE), 'w');
  const meta = { _type: 'metadata', key: 'bench:file', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-02T00:00:00', metadata: {}, last_consolidated: 0 };
  const batches = Array.from({ length: 8 }, (_, k) => Buffer.from(syntheticMessages(4000, k + 1, 272).map((m) => pyDumps(m) + '\n').join('')));
  let bytes = fs.writeSync(fd, pyDumps(meta as PyDict) + '\n\n');
  let lines = 2;
  let messages = 0;
  const target = mib * 1024 * 1024;
  let middle = -1;
  for (let k = 0; bytes < target; k++) {
    if (middle < 0 && bytes >= target / 2) {
      bytes += fs.writeSync(fd, '\n');
      middle = lines++;
    }
    bytes += fs.writeSync(fd, batches[k % batches.length]!);
    messages += 4000;
    lines += 4000;
  }
  const corrupt = lines;
  bytes += fs.writeSync(fd, '{"role": "user", "content": "cut off while being writ\n');
  lines++;
  bytes += fs.writeSync(fd, batches[0]!);
  messages += 4000;
  lines += 4000;
  fs.closeSync(fd);
  return { base, ws, bytes, lines, messages, corrupt, blanks: [1, middle] };
}

interface Side {
  /** Longest task (Long Tasks API), tasks over 50 ms, and the trace's view of the same span. */
  longest: number;
  over50: number;
  trace: MainThreadTrace;
}

interface Run {
  base: Side;
  file: Side;
  /** Baseline: from the click on "latest" to the last message's card shown. */
  baseMs: number;
  /** From the File tab's click to the health counted. */
  countMs: number;
  /** From the jump's click to the corrupt line's text shown. */
  jumpMs: number;
  /** From "next" to the middle blank line shown. */
  nextMs: number;
}

async function oneRun(p: Planted): Promise<Run> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const { b, page, close } = await startBuiltApp(PORT, (pg) => pg.addInitScript(installLargeMarks));
  try {
    await dropFolder(b, p.ws, 400, 400);
    await page.locator(`.session-row[data-file="${FILE}"]`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    await page.evaluate(() => (location.hash = '#/s/bench%3Afile?large=1'));
    await page.locator('[data-testid="large-counts"]').waitFor({ timeout: 600_000 });
    await page.locator('.sl-large-list .sl-msg:not([aria-busy])').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const cdp = await b.ctx.newCDPSession(page);
    const now = () => page.evaluate(() => performance.now());
    const tasks = async (from: number, to: number) => {
      const marks = await evaluate(page, () => (window as unknown as { __bench: LargeMarks }).__bench, undefined);
      const ts = marks.longtasks.filter((t) => t.start >= from && t.start < to);
      return { longest: Math.max(0, ...ts.map((t) => t.dur)), over50: ts.length };
    };

    let b0 = 0;
    let b1 = 0;
    const baseTrace = await traceMainThread(cdp, async () => {
      b0 = await now();
      await page.locator('.sl-jump').getByRole('button', { name: 'latest' }).click();
      await page.locator(`article[data-large-index="${p.messages - 1}"]`).getByText(/./).first().waitFor({ timeout: 60_000 });
      b1 = await now();
      await page.waitForTimeout(500);
    });
    const base = { ...(await tasks(b0, (await now()) + 1)), trace: baseTrace };

    let f0 = 0;
    let counted = 0;
    let j0 = 0;
    let j1 = 0;
    let n0 = 0;
    let n1 = 0;
    const fileTrace = await traceMainThread(cdp, async () => {
      f0 = await now();
      await page.getByRole('tab', { name: 'File' }).click();
      const health = page.getByTestId('large-health');
      await health.locator('[data-problem="badJson"]').waitFor({ timeout: 60_000 });
      counted = await now();
      await page.locator('.sl-line[data-line="1"] pre').getByText(/./).waitFor();
      j0 = await now();
      await health.locator('[data-problem="badJson"]').getByRole('button', { name: 'line' }).click();
      await page.locator(`.sl-line[data-line="${p.corrupt + 1}"] pre`).getByText('cut off').waitFor({ timeout: 60_000 });
      j1 = await now();
      await health.locator('[data-problem="blank"]').getByRole('button', { name: 'first' }).click();
      await page.locator(`.sl-line.sl-hl[data-line="${p.blanks[0] + 1}"]`).waitFor({ timeout: 60_000 });
      n0 = await now();
      await health.locator('[data-problem="blank"]').getByRole('button', { name: 'next' }).click();
      await page.locator(`.sl-line.sl-hl[data-line="${p.blanks[1] + 1}"]`).waitFor({ timeout: 60_000 });
      n1 = await now();
      await page.waitForTimeout(500);
    });
    const file = { ...(await tasks(f0, (await now()) + 1)), trace: fileTrace };
    await cdp.detach().catch(() => undefined);
    return { base, file, baseMs: b1 - b0, countMs: counted - f0, jumpMs: j1 - j0, nextMs: n1 - n0 };
  } finally {
    await close();
  }
}

/** Runs the large-file File tab benchmark `BENCH_RUNS` times (5 by default) and returns its figures. */
export async function benchAppFileLarge(): Promise<Figure[]> {
  const mib = Number(process.env.BENCH_FILE_MB) || 1024;
  const runs = Math.max(3, Number(process.env.BENCH_RUNS) || 5);
  const planted = writeWorkspace(mib);
  try {
    const rs: Run[] = [];
    for (let i = 0; i < runs; i++) {
      rs.push(await oneRun(planted));
      console.log(`  (file run ${i + 1}: ${JSON.stringify({ base: [rs[i]!.base.longest, rs[i]!.base.trace.longest, rs[i]!.base.trace.longestCpu, rs[i]!.base.trace.maxCpu], file: [rs[i]!.file.longest, rs[i]!.file.trace.longest, rs[i]!.file.trace.longestCpu, rs[i]!.file.trace.maxCpu], ms: [rs[i]!.baseMs, rs[i]!.countMs, rs[i]!.jumpMs, rs[i]!.nextMs].map(Math.round) })})`);
    }
    const mb = (planted.bytes / 1024 / 1024).toFixed(0);
    const list = (f: (r: Run) => number, d = 0) => rs.map((r) => f(r).toFixed(d)).join(', ');
    const stat = (f: (r: Run) => number) => ({ value: median(rs.map(f)), p95: p95(rs.map(f)), runs, range: [Math.min(...rs.map(f)), Math.max(...rs.map(f))] as [number, number] });
    const lines = planted.lines.toLocaleString('en-US');
    return [
      {
        name: `large-file File tab, ${mb} MiB (${lines} lines): longest main-thread task while opening it and jumping (Long Tasks API), vs the Conversation's jump to the latest message in the same page`,
        unit: 'ms',
        ...stat((r) => r.file.longest),
        baseline: median(rs.map((r) => r.base.longest)),
        goal: { max: 50, label: '≤ 50 ms (p95)', on: 'p95' },
        note: `runs: ${list((r) => r.file.longest)} ms (baseline ${list((r) => r.base.longest)}); tasks > 50 ms per run: ${list((r) => r.file.over50)} (baseline ${list((r) => r.base.over50)}); ratio to the baseline per run: ${list((r) => r.file.longest / Math.max(1, r.base.longest), 2)}`,
      },
      {
        name: 'large-file File tab: longest main-thread task (Chromium trace; wall / CPU), vs the same baseline',
        unit: 'ms',
        ...stat((r) => r.file.trace.longest),
        baseline: median(rs.map((r) => r.base.trace.longest)),
        goal: { max: 50, label: '≤ 50 ms (p95)', on: 'p95' },
        note: `wall: ${list((r) => r.file.trace.longest)} ms (baseline ${list((r) => r.base.trace.longest)}); CPU of that task: ${list((r) => r.file.trace.longestCpu)} ms (baseline ${list((r) => r.base.trace.longestCpu)}); tasks > 50 ms: ${list((r) => r.file.trace.over50.length)} (baseline ${list((r) => r.base.trace.over50.length)}); longest GC: ${list((r) => r.file.trace.longestGc)} ms`,
      },
      {
        name: 'large-file File tab: the most CPU time any one main-thread task used (Chromium trace), vs the same baseline: what a task costs without the wait for a core on a busy machine',
        unit: 'ms',
        ...stat((r) => r.file.trace.maxCpu),
        baseline: median(rs.map((r) => r.base.trace.maxCpu)),
        note: `runs: ${list((r) => r.file.trace.maxCpu)} ms (baseline ${list((r) => r.base.trace.maxCpu)}); ratio per run: ${list((r) => r.file.trace.maxCpu / Math.max(1, r.base.trace.maxCpu), 2)}`,
      },
      {
        name: 'large-file File tab: from the click to the health counted / jump to the corrupt line near the end / "next" blank line (half the index scanned), vs the Conversation\'s jump to the latest message',
        unit: '× the baseline',
        ...stat((r) => r.jumpMs / r.baseMs),
        note: `jump ÷ baseline per run: ${list((r) => r.jumpMs / r.baseMs, 2)}; counted ${list((r) => r.countMs)} ms, jump ${list((r) => r.jumpMs)} ms, next ${list((r) => r.nextMs)} ms; baseline ${list((r) => r.baseMs)} ms`,
      },
    ];
  } finally {
    fs.rmSync(planted.base, { recursive: true, force: true });
  }
}
