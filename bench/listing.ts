/**
 * Listing benchmark (`npm run bench`): 1,000 sessions of ~1 MB each in a temp folder, listed by the
 * store over the Node adapter (the CLI path) and in real Chromium (dropped folder, OPFS), against
 * bench/listing.py — nanobot's own listing I/O pattern — measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pyDumps } from '../src/core/pyjson';
import type { PyDict } from '../src/core/pyvalue';
import { createNodeAdapter } from '../src/store/node-adapter';
import { listSessions } from '../src/store/sessions';
import type { Figure } from './core';
import type { ChromiumListing } from './listing-browser';

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (read: number, stored: number) => (100 * read) / stored;

/** Runs the listing benchmark and returns its figures (times as ratios to the Python baseline). */
export async function benchListing(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-listing-'));
  try {
    const count = sessionCount(os.tmpdir());
    const body = sessionBody(1_000_000);
    const bodyBytes = Buffer.from(body);
    const heads = Array.from({ length: count }, (_, i) => sessionHead(i));
    const t0 = performance.now();
    heads.forEach((h, i) => fs.writeFileSync(path.join(dir, `bench_s${i}.jsonl`), Buffer.concat([Buffer.from(h), bodyBytes])));
    const genMs = performance.now() - t0;

    const py = spawnSync('python3', [path.join(repo, 'bench/listing.py'), dir, '5'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (py.status !== 0) throw new Error(`bench/listing.py failed: ${py.stderr}`);
    const base = JSON.parse(py.stdout) as { ms: number; bytes: number; stored: number; rows: number; order: string[] };

    const adapter = createNodeAdapter(dir);
    await listSessions(adapter, '', { version: 'v0.2', now: NOW }); // warm-up
    const cliRuns: number[] = [];
    let cli = await listSessions(adapter, '', { version: 'v0.2', now: NOW });
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      cli = await listSessions(adapter, '', { version: 'v0.2', now: NOW });
      cliRuns.push(performance.now() - t);
    }
    const sameOrder = cli.summaries.map((s) => s.fileName).join('\n') === base.order.join('\n');

    const { listInChromium } = await importTs<typeof import('./listing-browser')>('bench/listing-browser.ts');
    const web: ChromiumListing = await listInChromium(dir, heads, body, NOW, 5);

    const total = `${count.toLocaleString('en')} × ${(bodyBytes.length / 1e6).toFixed(2)} MB`;
    const baseNote = `nanobot pattern (python3 bench/listing.py) ${base.ms.toFixed(0)} ms, reads ${pct(base.bytes, base.stored).toFixed(2)}%`;
    const figures: Figure[] = [
      { name: `nanobot baseline: list ${total}`, value: base.ms, unit: 'ms', note: `reads ${base.bytes.toLocaleString('en')} of ${base.stored.toLocaleString('en')} bytes (${pct(base.bytes, base.stored).toFixed(2)}%); ${count} files written in ${genMs.toFixed(0)} ms` },
      { name: 'CLI listing (Node adapter): time vs nanobot baseline', value: median(cliRuns) / base.ms, unit: '× baseline time', note: `${median(cliRuns).toFixed(0)} ms vs ${baseNote}; same order as Python: ${sameOrder} (goal < 1)` },
      { name: 'CLI listing (Node adapter): bytes read', value: pct(cli.bytesRead, cli.bytesStored), unit: '% of bytes stored', note: `${(cli.bytesRead / base.bytes).toFixed(2)}× the baseline's bytes (goal ≤ 1)` },
    ];
    for (const [label, r] of [['dropped folder', web.folder], ['OPFS', web.opfs]] as const) {
      figures.push({ name: `Chromium listing (${label}): time vs nanobot baseline`, value: r.ms / base.ms, unit: '× baseline time', note: `${r.ms.toFixed(0)} ms (median of ${r.runs.length}) vs ${base.ms.toFixed(0)} ms; same order as Python: ${r.order.join('\n') === base.order.join('\n')} (goal < 1)` });
      figures.push({ name: `Chromium listing (${label}): bytes read`, value: pct(r.bytesRead, r.bytesStored), unit: '% of bytes stored', note: `${(r.bytesRead / base.bytes).toFixed(2)}× the baseline's bytes${label === 'OPFS' ? `; OPFS filled in ${web.fillMs.toFixed(0)} ms` : ''}` });
    }
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The store's atomic-save bench (test/browser/bench-store.ts) at 10 MB, as figures. */
export async function benchStoreSaves(): Promise<Figure[]> {
  const { runStoreBench } = await importTs<typeof import('../test/browser/bench-store')>('test/browser/bench-store.ts');
  const r = await runStoreBench({ sizeMB: 10, runs: 7 });
  return (['folder', 'opfs'] as const).flatMap((k) => [
    { name: `atomic save ${r.sizeMB} MB (${k}): tmp + move vs plain createWritable`, value: r[k].ratio, unit: '× plain save time', note: `${r[k].atomicMs} ms vs ${r[k].plainMs} ms, median of ${r.runs}` },
    { name: `guarded save ${r.sizeMB} MB (${k}): re-read + SHA-256 + atomic vs plain`, value: r[k].guardedRatio, unit: '× plain save time', note: `${r[k].guardedMs} ms` },
  ]);
}
