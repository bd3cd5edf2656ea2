/**
 * In-page instruments for bench/app-workspace.ts, run inside Chromium (Playwright serializes each
 * function, so each is self-contained): long tasks, when a dropped folder's rows appear and its
 * listing and background check finish, the head-reading baseline, and input-to-paint latency.
 */

import type { FolderLookup } from './page-folders';

/** One input change: the event's timestamp, when the DOM showed its result, and the frame after. */
export interface Latency {
  value: string;
  event: number;
  dom: number;
  paint: number;
  /** When the frame that showed the result began (its rAF callback ran). */
  frame: number;
}

/** What the init script collects on `window.__ws`. */
export interface WorkspaceMarks {
  longtasks: { start: number; dur: number }[];
  /** Event Timing entries of input events (only those ≥ 16 ms are reported by the API). */
  events: { start: number; dur: number }[];
  drop?: number;
  firstRowsDom?: number;
  firstRows?: number;
  listedDom?: number;
  listed?: number;
  checked?: number;
  latency: Latency[];
  /** When each frame began since the first latency probe was armed (a rAF loop keeps frames coming). */
  frames: number[];
  pending?: { value: string; event?: number; test: string; arg: string };
}

/**
 * Init script (CDP-injected before the app): long tasks, input Event Timing, the drop, the first
 * session rows, the listing settled (count stated, nothing busy) and the background check done.
 * Each DOM mark is also stamped after the next frame (rAF, then a task: after style, layout, paint).
 */
export function installWorkspaceMarks(total: string): void {
  const b: WorkspaceMarks = { longtasks: [], events: [], latency: [], frames: [] };
  (window as unknown as { __ws: WorkspaceMarks }).__ws = b;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'input') b.events.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const afterPaint = (set: (t: number, frame: number) => void) =>
    requestAnimationFrame(() => {
      // When the frame really began: a late frame's rAF timestamp is still the missed vsync's.
      const frame = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => set(performance.now(), frame);
      ch.port2.postMessage(0);
    });
  window.addEventListener('drop', () => void (b.drop ??= performance.now()), true);
  document.addEventListener('input', (e) => {
    if (b.pending && b.pending.event === undefined) b.pending.event = e.timeStamp;
  }, true);
  const check = () => {
    const p = b.pending;
    if (p && p.event !== undefined && matches(p.test, p.arg)) {
      b.pending = undefined;
      const rec: Latency = { value: p.value, event: p.event, dom: performance.now(), paint: NaN, frame: NaN };
      afterPaint((t, frame) => {
        rec.paint = t;
        rec.frame = frame;
        b.latency.push(rec);
      });
    }
    if (b.drop === undefined) return;
    if (b.firstRowsDom === undefined && document.querySelector('.session-row[data-file]')) {
      b.firstRowsDom = performance.now();
      afterPaint((t) => (b.firstRows = t));
    }
    const scope = document.getElementById('search-scope')?.textContent ?? '';
    if (b.listedDom === undefined && scope.startsWith(`${total} sessions in nanobot`) && !document.querySelector('[aria-busy="true"]')) {
      b.listedDom = performance.now();
      afterPaint((t) => (b.listed = t));
    }
    if (b.checked === undefined && scope.includes('Searching titles, keys, previews and message text')) b.checked = performance.now();
  };
  /** Whether the page shows the result a pending change waits for. */
  const matches = (test: string, arg: string): boolean => {
    if (test === 'text') return document.getElementById('bench-out')?.textContent === arg;
    const why = document.querySelector('.sl-replay .sl-why li')?.textContent ?? '';
    return why.includes(arg) && !document.querySelector('.sl-replay-summary [role="status"]');
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** Arms the latency probe: the next input event starts the clock; `test`/`arg` say what result to wait for. */
export function armLatency(args: { value: string; test: 'text' | 'replay'; arg: string }): void {
  const b = (window as unknown as { __ws: WorkspaceMarks & { looping?: boolean } }).__ws;
  b.pending = { value: args.value, test: args.test, arg: args.arg };
  if (b.looping) return;
  b.looping = true;
  const loop = () => {
    b.frames.push(performance.now());
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

/** The baseline control: a number input whose input event sets one element's textContent. */
export function addTestInput(): void {
  const box = document.createElement('div');
  Object.assign(box.style, { position: 'fixed', right: '8px', bottom: '8px', zIndex: '99999', background: '#fff', padding: '4px' });
  const input = document.createElement('input');
  input.type = 'number';
  input.id = 'bench-in';
  const out = document.createElement('span');
  out.id = 'bench-out';
  input.addEventListener('input', () => void (out.textContent = input.value));
  box.append(input, out);
  document.body.append(box);
}

/**
 * The listing baseline: the remembered folder's `sessions/` walked in a plain loop; per file
 * getFile(), the first 8 KiB, text(), JSON.parse of line 1. Returns the time and the files read.
 */
export async function baselineHeads(args: { dir: string }): Promise<{ ms: number; files: number; keys: string[] }> {
  const root = await (window as unknown as FolderLookup).__rememberedFolder(args.dir);
  await new Promise((r) => setTimeout(r, 100));
  const start = performance.now();
  const dir = await root.getDirectoryHandle('sessions');
  const keys: string[] = [];
  for await (const [name, h] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
    if (h.kind !== 'file' || !name.endsWith('.jsonl')) continue;
    const text = await (await (h as FileSystemFileHandle).getFile()).slice(0, 8192).text();
    const nl = text.indexOf('\n');
    keys.push((JSON.parse(nl < 0 ? text : text.slice(0, nl)) as { key: string }).key);
  }
  return { ms: performance.now() - start, files: keys.length, keys };
}
