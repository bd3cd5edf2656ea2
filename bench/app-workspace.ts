/**
 * A 1,000-session workspace dropped onto the built app in real Chromium (time to rows, to a settled
 * listing, long tasks, nanobot's order), and the Replay tab's max_messages control on a 2,000-message
 * session (input to painted result), each against a baseline measured in the same page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pyDumps } from '../src/core/python/pyjson';
import type { PyDict } from '../src/core/python/pyvalue';
import type { Figure } from './core';
import { startBuiltApp } from './app-start';
import { tracePhases, type Phase } from './trace';
import { importTs } from './listing';
import { syntheticMessages } from './synthetic';
import { repeatRuns } from './repeat';
import { addTestInput, armLatency, baselineHeads, installWorkspaceMarks, type Latency, type WorkspaceMarks } from './app-workspace-page';

type Harness = typeof import('../test/browser/harness');
type Page = Awaited<ReturnType<Harness['launchChromium']>>['page'];

const PORT = 41905;
const SESSIONS = 1000;
const REPLAY_KEY = 'cli:bench-replay';
const REPLAY_MESSAGES = 2000;
const CHANGES = 40;
/** Changes traced for the phase breakdown. */
const TRACED = 20;
const FRAME = 1000 / 60;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

interface Written {
  name: string;
  updatedAt: string | null;
  mtime: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A naive ISO time with microseconds (omitted when zero, as Python's isoformat does). */
function isoAt(ms: number, micro: number): string {
  const d = new Date(ms);
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return micro ? `${base}.${pad(micro, 6)}` : base;
}

/** Odd updated_at values nanobot still sorts (raw strings); null: the key is missing; '': falsy, so the mtime. */
const ODD: (string | null)[] = [
  '', null, '2026-06-10 08:00:00', '2026-06-10T08:00:00', '2026-06-10T08:00:00.000001', '2026-06-11T09:00:00+02:00',
  '2026-06-11T09:00:00Z', '2026-06-12', '2027-01-01T00:00:00', '2019-01-01T00:00:00', '2026-06-13T10:00:00\uffff', '2026-06-13T10:00:00\u{1f600}',
];

/**
 * Writes `<tmp>/ws/sessions/*.jsonl`: 1,000 sessions of 20–200 messages (one of 2,000 for the replay),
 * updated_at shuffled against the file names, with ties and the ODD values; returns what the order needs.
 */
export function writeWorkspace(): { base: string; ws: string; files: Written[]; bytes: number } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-appws-'));
  const ws = path.join(base, 'ws');
  const dir = path.join(ws, 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const r = rng(42);
  const channels = ['telegram', 'discord', 'slack', 'cli', 'email', 'whatsapp'];
  const files: Written[] = [];
  let bytes = 0;
  const start = Date.UTC(2026, 0, 1);
  const mtimeBase = Math.floor(new Date(2026, 5, 15, 12, 0, 0).getTime() / 1000);
  for (let i = 0; i < SESSIONS; i++) {
    const key = i === 0 ? REPLAY_KEY : `${channels[i % channels.length]}:${100000 + Math.floor(r() * 900000)}_${i}`;
    const name = key.replace(':', '_') + '.jsonl';
    let updatedAt: string | null = isoAt(start + Math.floor(r() * 180 * 86400_000 / 1000) * 1000, r() < 0.1 ? 0 : Math.floor(r() * 1e6));
    if (i > 10 && i % 37 === 0) updatedAt = files[Math.floor(r() * files.length)]!.updatedAt ?? updatedAt; // ties
    if (i > 0 && i % 83 === 0) updatedAt = ODD[(i / 83 - 1) % ODD.length]!;
    const n = i === 0 ? REPLAY_MESSAGES : 20 + Math.floor(r() * 181);
    const messages = syntheticMessages(n, 1000 + i, 15 + Math.floor(r() * 100));
    const meta: PyDict = { _type: 'metadata', key, created_at: '2026-01-01T00:00:00' };
    if (updatedAt !== null) meta.updated_at = updatedAt;
    meta.metadata = r() < 0.7 ? { title: `Session ${i}: ${['calendar', 'weather', 'report', '散歩', 'résumé'][i % 5]}` } : {};
    meta.last_consolidated = r() < 0.3 ? Math.floor(r() * (n / 3)) : 0;
    const text = [meta, ...messages].map((m) => pyDumps(m) + '\n').join('');
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    const mtime = mtimeBase + i;
    fs.utimesSync(file, mtime, mtime);
    bytes += Buffer.byteLength(text);
    files.push({ name, updatedAt, mtime });
  }
  return { base, ws, files, bytes };
}

/** Python string order (code points), which JS `<` on UTF-16 units gets wrong above U+FFFF. */
function cmpPy(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * nanobot's list_sessions order as the app must show it: files in name order (the app's directory
 * order), each updated_at raw or, when missing or empty, the mtime as naive local ISO; then a stable
 * sort, newest first.
 */
export function expectedOrder(files: Written[]): string[] {
  const local = (s: number) => {
    const d = new Date(s * 1000);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  };
  const rows = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((f) => ({ name: f.name, at: f.updatedAt || local(f.mtime) }));
  return rows.sort((a, b) => cmpPy(b.at, a.at)).map((x) => x.name);
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __ws: WorkspaceMarks }).__ws);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const within = (ts: WorkspaceMarks['longtasks'], from: number, to: number) => ts.filter((t) => t.start >= from && t.start < to);
const longest = (ts: WorkspaceMarks['longtasks']) => Math.max(0, ...ts.map((t) => t.dur));

/** Types `values` one by one into `selector` (select all, then one trusted input event each) and returns each change's latency. */
async function typeValues(page: Page, selector: string, values: number[], expect: (v: number) => { test: 'text' | 'replay'; arg: string }): Promise<Latency[]> {
  const input = page.locator(selector);
  await input.focus();
  const before = (await marks(page)).latency.length;
  for (const [i, v] of values.entries()) {
    await page.evaluate(armLatency, { value: String(v), ...expect(v) });
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(String(v));
    await page.waitForFunction((n) => (window as unknown as { __ws: WorkspaceMarks }).__ws.latency.length >= n, before + i + 1, { timeout: 10_000, polling: 'raf' });
    await page.waitForTimeout(30 + (i % 5) * 20);
  }
  return (await marks(page)).latency.slice(before);
}

/**
 * A change made the next frame when the frame showing it began within one frame interval of the
 * input (the page was not still busy at the next vsync) and finished its rendering within one
 * more: then it came as soon as any page's change could.
 */
function nextFrame(ls: Latency[], frames: number[]): { fraction: number; toFrame: number; render: number } {
  const gaps = frames.slice(1).map((f, i) => f - frames[i]!).filter((g) => g > 0);
  const interval = median(gaps);
  const ok = ls.filter((l) => l.frame - l.event <= interval && l.paint - l.frame <= interval);
  return { fraction: ok.length / ls.length, toFrame: median(ls.map((l) => l.frame - l.event)), render: median(ls.map((l) => l.paint - l.frame)) };
}

function latencyStats(ls: Latency[], frames: number[]): { med: number; p95: number; fast: number; worst: number; dom: number; next: ReturnType<typeof nextFrame> } {
  const xs = ls.map((l) => l.paint - l.event);
  return {
    med: median(xs),
    p95: p95(xs),
    fast: xs.filter((x) => x <= FRAME).length / xs.length,
    worst: Math.max(...xs),
    dom: median(ls.map((l) => l.dom - l.event)),
    next: nextFrame(ls, frames),
  };
}

/**
 * Runs the workspace listing and replay-controls benchmarks BENCH_RUNS times (a fresh browser each):
 * medians and p95s. BENCH_APP_BEFORE=<another build's dist/> runs that build too, in the same runs
 * (order alternating), its figures named "before: …"; BENCH_WS_LIST_ONLY=1 leaves the Replay part out.
 */
export async function benchAppWorkspace(): Promise<Figure[]> {
  const before = process.env.BENCH_APP_BEFORE;
  if (!before) return repeatRuns(() => workspaceOnce());
  const was: Figure[][] = [];
  let i = 0;
  const now = await repeatRuns(async () => {
    if (i++ % 2) {
      const f = await workspaceOnce();
      was.push(await workspaceOnce(before));
      return f;
    }
    was.push(await workspaceOnce(before));
    return workspaceOnce();
  });
  const then = await repeatRuns(async () => was.shift()!, was.length);
  return [...now, ...then.map((f) => ({ ...f, name: `before: ${f.name}`, goal: undefined }))];
}

/** One run: a 1,000-session workspace written, dropped and listed, then the replay controls, each with its baseline; `dir`: another build. */
async function workspaceOnce(dir?: string): Promise<Figure[]> {
  const { dropFolder, evaluate } = await importTs<Harness>('test/browser/harness.ts');
  const t0 = performance.now();
  const { base, ws, files, bytes } = writeWorkspace();
  const genMs = performance.now() - t0;
  const { b, page, close } = await startBuiltApp(PORT, (p) => p.addInitScript(installWorkspaceMarks, SESSIONS.toLocaleString('en-US')), dir);
  try {
    await page.waitForTimeout(500);
    await dropFolder(b, ws, 400, 400);
    // The listing alone does not wait for the background check (on a loaded machine it can take minutes).
    const listOnly = !!process.env.BENCH_WS_LIST_ONLY;
    await page.waitForFunction((mark) => (window as unknown as { __ws: WorkspaceMarks }).__ws[mark as 'listed' | 'checked'] !== undefined, listOnly ? 'listed' : 'checked', { timeout: 60_000, polling: 100 });
    await page.waitForTimeout(500);
    const m = await marks(page);
    const drop = m.drop!;
    const listTasks = within(m.longtasks, drop, m.listed! + 500);
    const checkTasks = within(m.longtasks, m.listed! + 500, m.checked ?? m.listed! + 500);

    const baseRuns: Awaited<ReturnType<typeof baselineHeads>>[] = [];
    for (let i = 0; i < 3; i++) baseRuns.push(await evaluate(page, baselineHeads, { dir: 'ws' }, 60_000));
    const baseMs = median(baseRuns.map((x) => x.ms));
    if (baseRuns[0]!.files !== SESSIONS) throw new Error(`baseline read ${baseRuns[0]!.files} files, expected ${SESSIONS}`);

    // Order: everything the page renders after "Show more" until all rows are there.
    const initial = await page.locator('.session-row[data-file]').count();
    const settled = () => page.waitForSelector('.session-list:not([aria-busy="true"])', { timeout: 60_000 });
    await settled();
    while (await page.locator('button.show-more').count()) {
      await page.locator('button.show-more').click();
      await settled();
    }
    const rendered = await page.locator('.session-row[data-file]').evaluateAll((els) => els.map((e) => e.getAttribute('data-file')!));
    const expected = expectedOrder(files);
    const bad = rendered.findIndex((f, i) => f !== expected[i]);
    if (bad >= 0 || rendered.length !== expected.length) {
      throw new Error(`listing order differs from nanobot's at row ${bad + 1}: ${rendered[bad]} vs ${expected[bad]} (${rendered.length} rendered, ${expected.length} expected)`);
    }
    const seen = new Map<string, number>();
    for (const f of files) if (f.updatedAt) seen.set(f.updatedAt, (seen.get(f.updatedAt) ?? 0) + 1);
    const ties = [...seen.values()].filter((n) => n > 1).reduce((a, n) => a + n, 0);
    const mb = (bytes / 1024 / 1024).toFixed(0);
    const firstRows = m.firstRows! - drop;
    const listed = m.listed! - drop;
    const env = 'headless Chromium, --disable-gpu';
    const tasksAt = (ts: WorkspaceMarks['longtasks'], from: number) => ts.map((t) => `+${ms(t.start - from)} ${ms(t.dur)}`).join(', ') || '-';
    const listFigures: Figure[] = [
      { name: `baseline: ${SESSIONS.toLocaleString('en-US')} session heads (${mb} MiB) in a plain loop over the dropped folder's handle`, value: baseMs, unit: 'ms', note: `median of 3 (${baseRuns.map((x) => ms(x.ms)).join(', ')}): entries(), getFile(), first 8 KiB, text(), JSON.parse of line 1; workspace written in ${ms(genMs)}` },
      { name: `workspace drop: first session rows painted`, value: firstRows / baseMs, unit: '× baseline time', note: `${ms(firstRows)} after the drop (in the DOM at +${ms(m.firstRowsDom! - drop)}); ${env}` },
      { name: `workspace drop: listing settled (“${SESSIONS.toLocaleString('en-US')} sessions in nanobot’s order”, nothing aria-busy)`, value: listed / baseMs, unit: '× baseline time', goal: { max: 1, label: '≤ 1.0× a plain head-reading loop' }, note: `${ms(listed)} after the drop; the whole-file background check then finished at ${m.checked === undefined ? '(not waited for)' : `+${ms(m.checked - drop)}`}` },
      { name: 'workspace drop: longest main-thread task (drop → listing settled + 500 ms)', value: longest(listTasks), unit: 'ms', goal: { max: 50, label: '≤ 50 ms', on: 'p95' }, note: `goal ≤ 50 ms; during the background check after it: longest ${ms(longest(checkTasks))}, ${checkTasks.length} tasks > 50 ms` },
      { name: 'workspace drop: main-thread tasks > 50 ms (drop → listing settled + 500 ms)', value: listTasks.length, unit: 'tasks', note: `at ${tasksAt(listTasks, drop)}; background check: ${tasksAt(checkTasks, drop)}` },
      { name: 'workspace order vs nanobot (updated_at desc, stable for ties)', value: 1, unit: 'matches', note: `all ${rendered.length} rows compared after “Show more” (${initial} rendered at first); ${ties} sessions share an updated_at with another, ${ODD.length} odd values (mtime fallbacks, space separator, offsets, date only, above U+FFFF)` },
    ];
    if (listOnly) return listFigures;

    // Replay: open the 2,000-message session's Replay tab, warm every token count, then change max_messages.
    await page.evaluate((k) => (location.hash = `#/s/${encodeURIComponent(k)}?tab=replay&max_messages=${2000}`), REPLAY_KEY);
    const replayAt = performance.now();
    await page.locator('.sl-replay .sl-why').waitFor({ timeout: 30_000 });
    await page.locator('.sl-replay', { hasText: 'Recomputed in' }).waitFor({ timeout: 60_000 });
    const warmMs = performance.now() - replayAt;
    const r = rng(7);
    const values: number[] = [];
    while (values.length < CHANGES) {
      const v = r() < 0.5 ? 1 + Math.floor(r() * 300) : 1 + Math.floor(r() * (REPLAY_MESSAGES - 1));
      if (v !== values.at(-1) && v !== 2000) values.push(v);
    }
    const slice = (v: number) => `would start at message #${(REPLAY_MESSAGES - v + 1).toLocaleString('en-US')};`;
    const mark0 = (await marks(page)).longtasks.length;
    const appLat = await typeValues(page, '.sl-controls input[type="number"]', values, (v) => ({ test: 'replay', arg: slice(v) }));
    const after = await marks(page);
    const replayTasks = after.longtasks.slice(mark0);
    const recomputed = await page.locator('.sl-replay p', { hasText: 'Recomputed in' }).textContent();

    await page.evaluate(addTestInput);
    await page.waitForTimeout(300);
    const baseLat = await typeValues(page, '#bench-in', values, (v) => ({ test: 'text', arg: String(v) }));
    const evts = (await marks(page)).events;

    // Where a change's time goes, from Chromium's trace (a separate pass: tracing slows the page).
    const traced = values.slice(0, TRACED);
    const cdp = await page.context().newCDPSession(page);
    const appPhases = await tracePhases(cdp, async () => void (await typeValues(page, '.sl-controls input[type="number"]', traced, (v) => ({ test: 'replay', arg: slice(v) }))));
    const basePhases = await tracePhases(cdp, async () => void (await typeValues(page, '#bench-in', traced, (v) => ({ test: 'text', arg: String(v) }))));
    await cdp.detach().catch(() => undefined);
    const perChange = (ph: Record<Phase, number>) => (Object.keys(ph) as Phase[]).map((k) => `${k} ${(ph[k] / TRACED).toFixed(1)}`).join(', ');
    // GC is left out of the sum: a major GC lands in one pass or the other and swamps the few ms compared.
    const busy = (ph: Record<Phase, number>) => (ph.script + ph.style + ph.layout + ph.paint) / TRACED;
    const slowEvents = (ls: Latency[]) => ls.filter((l) => evts.some((e) => Math.abs(e.start - l.event) < 1)).length;

    const frames = (await marks(page)).frames;
    const a = latencyStats(appLat, frames);
    const p = latencyStats(baseLat, frames);
    return [
      ...listFigures,
      { name: `replay max_messages on ${REPLAY_MESSAGES.toLocaleString('en-US')} messages: input → painted result, median`, value: a.med / p.med, unit: '× baseline median', note: `median ${a.med.toFixed(1)} ms vs ${p.med.toFixed(1)} ms for a textContent change on a test input, same method (event.timeStamp → rAF + task after the DOM shows it); ${CHANGES} changes; tokens counted in ${ms(warmMs)} after opening the tab` },
      { name: 'replay max_messages: input → painted result, p95', value: a.p95, unit: 'ms', note: `worst ${a.worst.toFixed(1)} ms; DOM updated at median +${a.dom.toFixed(1)} ms; baseline p95 ${p.p95.toFixed(1)} ms, worst ${p.worst.toFixed(1)} ms; app's own line: “${recomputed?.trim()}”` },
      { name: 'replay max_messages: main-thread work per change (script + style + layout + paint)', value: busy(appPhases) / busy(basePhases), unit: '× baseline', note: `${busy(appPhases).toFixed(1)} ms vs ${busy(basePhases).toFixed(1)} ms per change (the app's own share ${(busy(appPhases) - busy(basePhases)).toFixed(1)} ms; both include the bench's probes and Playwright's input), from Chromium's trace of ${TRACED} more changes; app ms per change: ${perChange(appPhases)}; baseline: ${perChange(basePhases)}` },
      { name: 'replay max_messages: changes not shown by the next frame after the input', value: 1 - a.next.fraction, goal: { max: 1 - p.next.fraction, label: 'no more misses than the baseline' }, unit: 'fraction', note: `shown by the next frame: app ${a.next.fraction.toFixed(2)}, baseline ${p.next.fraction.toFixed(2)}; that frame began within one frame interval of the input and rendered within one more; median input → that frame's start ${a.next.toFrame.toFixed(1)} ms (baseline ${p.next.toFrame.toFixed(1)}), its rendering ${a.next.render.toFixed(1)} ms (baseline ${p.next.render.toFixed(1)})` },
      { name: 'replay max_messages: changes painted within one frame (≤ 16 ms)', value: a.fast, unit: 'fraction', note: `baseline ${p.fast.toFixed(2)}; Event Timing ≥ 16 ms: app ${slowEvents(appLat)} of ${CHANGES}, baseline ${slowEvents(baseLat)}; long tasks while changing: ${replayTasks.length}, longest ${ms(longest(replayTasks))}` },
    ];
  } finally {
    await close();
    fs.rmSync(base, { recursive: true, force: true });
  }
}
