/**
 * Listing benchmark (`npm run bench`): 1,000 sessions of ~1 MB each in a temp folder, listed by the
 * store over the Node adapter (the CLI path) and in real Chromium (dropped folder, OPFS), against
 * bench/listing.py — nanobot's own listing I/O pattern — measured in the same run.
 * The Node listing and the Python baseline alternate round by round (BENCH_RUNS rounds; each ratio is of one
 * round); BENCH_LISTING_BEFORE=<an older source tree> times that tree's store in the same rounds, and
 * BENCH_LISTING_BROWSER=0 leaves out Chromium.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pyDumps } from '../src/core/python/pyjson';
import type { PyDict } from '../src/core/python/pyvalue';
import type { createNodeAdapter } from '../src/store/adapter/node-adapter';
import type { listSessions } from '../src/store/listing/session-list';
import type { Figure } from './core';
import type { ChromiumListing } from './listing-browser';
import { benchRuns, repeatRuns } from './repeat';
import { median, p95 } from './stats';

const NOW = '2031-07-08T09:10:11.121314';
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(here); // from bench/ or from the bundle in .bench/

/** Load a TypeScript module at run time through Vite (kept out of the Node bundle: it drives Chromium). */
export async function importTs<T>(rel: string): Promise<T> {
  const vite = 'vite';
  const { runnerImport } = (await import(/* @vite-ignore */ vite)) as typeof import('vite');
  return (await runnerImport<T>(path.join(repo, rel), { configFile: false, logLevel: 'error' })).module;
}

/** The first two lines of session i: metadata (distinct updated_at) and the first user turn. */
export function sessionHead(i: number): string {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const meta = { _type: 'metadata', key: `bench:s${i}`, created_at: '2026-06-01T09:00:00', updated_at: `2026-06-${day}T10:00:00.${String(i).padStart(6, '0')}`, metadata: { title: `Bench ${i}` }, last_consolidated: 0 };
  return pyDumps(meta) + '\n' + pyDumps({ role: 'user', content: `Question ${i}: what is on my calendar today?`, timestamp: '2026-06-01T09:00:01' }) + '\n';
}

/** ~`bytes` of a realistic session body: tool calls, tool results with non-ASCII text, answers, follow-ups. */
export function sessionBody(bytes: number): string {
  const messages: PyDict[] = [
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_7', type: 'function', function: { name: 'read_file', arguments: '{"path": "calendar/today.md"}' } }], timestamp: '2026-06-01T09:00:02' },
    { role: 'tool', tool_call_id: 'call_7', name: 'read_file', content: '09:00 stand-up · 11:30 Café with Zoë · 14:00 天气 review · '.repeat(24), timestamp: '2026-06-01T09:00:03' },
    { role: 'assistant', content: 'You have three things today: the stand-up, coffee with Zoë and the weather review. '.repeat(6), timestamp: '2026-06-01T09:00:04' },
    { role: 'user', content: 'Move the review to tomorrow, please.', timestamp: '2026-06-01T09:01:00' },
  ];
  const block = messages.map((m) => pyDumps(m) + '\n').join('');
  return block.repeat(Math.max(1, Math.round(bytes / Buffer.byteLength(block))));
}

/** How many 1 MB sessions fit: 1,000 unless the temp disk has less than 3 GB free. */
function sessionCount(dir: string): number {
  const s = fs.statfsSync(dir);
  const free = s.bavail * s.bsize;
  return free > 3e9 ? 1000 : Math.max(50, Math.floor(free / 3e6));
}

const pct = (read: number, stored: number) => (100 * read) / stored;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

interface ListingCase {
  count: number;
  bodyBytes: number;
  /** Also fill and list an OPFS copy (slow to fill at 10,000 files). */
  opfs: boolean;
}

/**
 * Lists `count` sessions of ~`bodyBytes` each: the Python baseline (bench/listing.py, nanobot's
 * listing I/O), the store over the Node adapter (the CLI path) and in Chromium, all in this run;
 * `BENCH_RUNS` timed runs each (default 5) after a warm-up, median and p95.
 */
async function listingCase(c: ListingCase): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-listing-'));
  try {
    const runs = benchRuns();
    const body = sessionBody(c.bodyBytes);
    const bodyBytes = Buffer.from(body);
    const heads = Array.from({ length: c.count }, (_, i) => sessionHead(i));
    const t0 = performance.now();
    heads.forEach((h, i) => fs.writeFileSync(path.join(dir, `bench_s${i}.jsonl`), Buffer.concat([Buffer.from(h), bodyBytes])));
    const genMs = performance.now() - t0;
    // Flush the files just written: otherwise the first rounds of either side compete with the
    // kernel writing 1 GB back to disk.
    spawnSync('sync');

    // Rounds interleave the Python baseline (a fresh process: a warm-up, then one timed listing), the
    // store over the Node adapter and, with BENCH_LISTING_BEFORE=<an older source tree>, that tree's
    // store: each round's ratio is measured under the same load.
    const pyRound = () => {
      const py = spawnSync('python3', [path.join(repo, 'bench/listing.py'), dir, '1'], { encoding: 'utf8', maxBuffer: 1 << 28 });
      if (py.status !== 0) throw new Error(`bench/listing.py failed: ${py.stderr}`);
      return JSON.parse(py.stdout) as { ms: number; times: number[]; cpu: number[]; bytes: number; stored: number; rows: number; order: string[] };
    };
    // The store is timed as its own bundle, as the CLI ships it: this bench's bundled copy of the same
    // code ran ~2× slower (an A/A run, 15 rounds: 90 vs 48 ms of CPU per listing; cause not found).
    const current = await bundledStore(repo);
    const adapter = current.createNodeAdapter(dir);
    const beforeDir = process.env.BENCH_LISTING_BEFORE ? path.resolve(process.env.BENCH_LISTING_BEFORE) : null;
    const before = beforeDir ? await bundledStore(beforeDir) : null;
    const list = () => current.listSessions(adapter, '', { version: 'v0.2', now: NOW });
    const listBefore = before ? () => before.listSessions(before.createNodeAdapter(dir), '', { version: 'v0.2', now: NOW }) : null;
    // CPU time too (the listing's fs calls are synchronous, so it is this thread's work): on a machine
    // shared by other benchmarks it is far steadier than wall time.
    const cpuRuns: number[] = [];
    const cpuBefore: number[] = [];
    const pyCpu: number[] = [];
    const timeOf = async (f: () => Promise<unknown>, cpu: number[]) => {
      const c = process.cpuUsage();
      const t = performance.now();
      await f();
      const ms = performance.now() - t;
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
      return ms;
    };
    const pyTimes: number[] = [];
    const cliRuns: number[] = [];
    const beforeRuns: number[] = [];
    let base = pyRound();
    for (let i = 0; i < runs; i++) {
      const b = pyRound();
      pyTimes.push(b.ms);
      pyCpu.push(b.cpu[0]!);
      if (i === 0) base = b;
      // Each timed listing follows a listing of its own, as listing.py's does (its warm-up): run right
      // after the Python process, a first listing was ~1.7× slower than the same code run second
      // (an A/A run of this tree against itself, 7 rounds, 473 vs 271 ms).
      await list();
      cliRuns.push(await timeOf(list, cpuRuns));
      if (listBefore) {
        await listBefore();
        beforeRuns.push(await timeOf(listBefore, cpuBefore));
      }
    }
    base = { ...base, ms: median(pyTimes), times: pyTimes };
    const cli = await list();

    const total = `${c.count.toLocaleString('en')} × ${(bodyBytes.length / 1e6).toFixed(2)} MB`;
    const basePct = pct(base.bytes, base.stored);
    const baseSpread = `median of ${base.times.length}, p95 ${fmt(p95(base.times))}`;
    const timed = (label: string, times: number[], order: string[]): Figure => ({
      name: `${label} listing ${total}: time vs nanobot baseline`,
      value: median(times) / base.ms,
      p95: p95(times) / base.ms,
      runs: times.length,
      unit: '× baseline time',
      goal: { max: 1, label: '≤ 1.0× (faster than nanobot)' },
      note: `${fmt(median(times))} (median of ${times.length}, p95 ${fmt(p95(times))}) vs ${fmt(base.ms)} (${baseSpread}); same order as Python: ${order.join('\n') === base.order.join('\n')}`,
    });
    const bytes = (label: string, read: number, stored: number): Figure => ({
      name: `${label} listing ${total}: bytes read`,
      value: pct(read, stored),
      unit: '% of bytes stored',
      baseline: basePct,
      goal: { max: basePct * 1.0001, label: `≤ nanobot's share (${basePct.toFixed(2)}%)` },
      note: `${(read / base.bytes).toFixed(2)}× the baseline's bytes`,
    });
    const roundRatios = (times: number[]) => times.map((t, i) => t / pyTimes[i]!);
    const interleaved = (label: string, times: number[], cpu: number[]): Figure => {
      const r = roundRatios(times);
      const c = cpu.map((t, i) => t / pyCpu[i]!);
      return { ...timed(label, times, cli.summaries.map((s) => s.fileName)), value: median(r), p95: p95(r), note: `per-round ratio to the baseline (median and p95 of ${r.length} rounds, range ${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}); ${fmt(median(times))} (p95 ${fmt(p95(times))}) vs ${fmt(base.ms)} (${baseSpread}); CPU time ${median(c).toFixed(2)}× the baseline's (p95 ${p95(c).toFixed(2)}; ${fmt(median(cpu))} vs ${fmt(median(pyCpu))}); same order as Python: ${cli.summaries.map((s) => s.fileName).join('\n') === base.order.join('\n')}` };
    };
    const figures: Figure[] = [
      { name: `nanobot baseline: list ${total}`, value: base.ms, unit: 'ms', note: `${baseSpread}; reads ${base.bytes.toLocaleString('en')} of ${base.stored.toLocaleString('en')} bytes (${basePct.toFixed(2)}%); ${c.count} files written in ${fmt(genMs)}` },
      interleaved('CLI (Node adapter)', cliRuns, cpuRuns),
      bytes('CLI (Node adapter)', cli.bytesRead, cli.bytesStored),
      ...(beforeRuns.length ? [{ ...interleaved('CLI (Node adapter), before (BENCH_LISTING_BEFORE)', beforeRuns, cpuBefore), goal: undefined }] : []),
    ];
    if (process.env.BENCH_LISTING_BROWSER === '0') return figures;
    const { listInChromium } = await importTs<typeof import('./listing-browser')>('bench/listing-browser.ts');
    const web: ChromiumListing = await listInChromium(dir, heads, body, NOW, runs, c.opfs);
    for (const [label, r] of [['Chromium, dropped folder', web.folder], ['Chromium, OPFS', web.opfs]] as const) {
      if (!r) continue;
      figures.push(timed(label, r.runs, r.order));
      figures.push({ ...bytes(label, r.bytesRead, r.bytesStored), ...(label.endsWith('OPFS') ? { note: `${(r.bytesRead / base.bytes).toFixed(2)}× the baseline's bytes; OPFS filled in ${fmt(web.fillMs)}` } : {}) });
    }
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A source tree's store (this one, or BENCH_LISTING_BEFORE's), bundled on its own by Vite as the CLI
 * is (a module runner's import wrappers would slow it).
 */
async function bundledStore(dir: string): Promise<{ listSessions: typeof listSessions; createNodeAdapter: typeof createNodeAdapter }> {
  const vite = 'vite';
  const { build } = (await import(/* @vite-ignore */ vite)) as typeof import('vite');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-store-'));
  try {
    const entry = path.join(out, 'entry.ts');
    fs.writeFileSync(entry, `export { listSessions } from ${JSON.stringify(path.join(dir, 'src/store/save/sessions.ts'))};\nexport { createNodeAdapter } from ${JSON.stringify(path.join(dir, 'src/store/adapter/node-adapter.ts'))};\n`);
    await build({ configFile: false, logLevel: 'warn', root: dir, build: { ssr: entry, outDir: out, emptyOutDir: false, target: 'node20', minify: false, rollupOptions: { output: { entryFileNames: 'store.mjs', format: 'es' } } }, ssr: { noExternal: true } });
    return (await import(/* @vite-ignore */ path.join(out, 'store.mjs'))) as { listSessions: typeof listSessions; createNodeAdapter: typeof createNodeAdapter };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** Runs the listing benchmark: 1,000 sessions of 1 MB (fewer on a small disk); with BENCH_BIG=1 also 10,000 of 20 KB. */
export async function benchListing(): Promise<Figure[]> {
  const figures = await listingCase({ count: sessionCount(os.tmpdir()), bodyBytes: 1_000_000, opfs: true });
  if (process.env.BENCH_BIG === '1') figures.push(...(await listingCase({ count: 10_000, bodyBytes: 20_000, opfs: false })));
  return figures;
}

/** The store's atomic-save bench (test/browser/bench-store.ts) at 10 MB, as figures: BENCH_RUNS runs (fresh browser each), median and p95. */
export async function benchStoreSaves(): Promise<Figure[]> {
  const { runStoreBench } = await importTs<typeof import('../test/browser/bench-store')>('test/browser/bench-store.ts');
  return repeatRuns(async () => savesOnce(await runStoreBench({ sizeMB: 10, runs: 7 })));
}

/** One run's figures: each a median of 7 saves against plain saves in the same page. */
function savesOnce(r: Awaited<ReturnType<typeof import('../test/browser/bench-store')['runStoreBench']>>): Figure[] {
  return (['folder', 'opfs'] as const).flatMap((k): Figure[] => [
    { name: `atomic save ${r.sizeMB} MB (${k}): tmp + move vs plain createWritable`, value: r[k].ratio, unit: '× plain save time', goal: { max: 1.5, label: '≤ 1.5×' }, note: `${r[k].atomicMs} ms vs ${r[k].plainMs} ms, median of ${r.runs}` },
    { name: `guarded save ${r.sizeMB} MB (${k}): re-read + SHA-256 + atomic vs plain`, value: r[k].guardedRatio, unit: '× plain save time', note: `${r[k].guardedMs} ms` },
  ]);
}
