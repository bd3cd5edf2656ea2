/**
 * In-page instruments for bench/app-open.ts, run inside Chromium (each function is serialized by
 * Playwright, so each is self-contained): long tasks, when the opened session shows its first message
 * and its full count, worker replies as they reach the page, the main-thread baseline parse, and an
 * rAF scroll loop that records every frame.
 */

import type { FolderLookup } from './page-folders';

/** What the init script collects on `window.__bench`. */
export interface PageMarks {
  longtasks: { start: number; dur: number }[];
  /** Worker replies as the page's event loop gets them: [type, performance.now()]. */
  worker: [string, number][];
  click?: number;
  firstMessage?: number;
  loaded?: number;
}

/**
 * Init script (CDP-injected before the app, so the CSP does not apply): observes long tasks, the
 * click on a session row, the first message card and the summary line that states the full count.
 */
export function installMarks(expectedCount: string): void {
  const b: PageMarks = { longtasks: [], worker: [] };
  (window as unknown as { __bench: PageMarks }).__bench = b;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url: string | URL, opts?: WorkerOptions) {
      super(url, opts);
      this.addEventListener('message', (e: MessageEvent<{ type?: unknown }>) => {
        if (typeof e.data?.type === 'string') b.worker.push([e.data.type, performance.now()]);
      });
    }
  };
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('.session-row')) b.click = performance.now();
  }, true);
  const check = () => {
    if (b.click === undefined) return;
    if (b.firstMessage === undefined && document.querySelector('.sl-conversation .sl-msg')) b.firstMessage = performance.now();
    const summary = document.querySelector('.sl-conversation .sl-summary')?.textContent ?? '';
    if (b.loaded === undefined && summary.startsWith(`${expectedCount} messages`)) b.loaded = performance.now();
    if (b.firstMessage !== undefined && b.loaded !== undefined) mo.disconnect();
  };
  const mo = new MutationObserver(check);
  mo.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The baseline: the same file through its handle, `text()`, split, `JSON.parse` per line, on the main thread. */
export async function baselineParse(args: { dir: string; file: string }): Promise<{ start: number; read: number; end: number; lines: number }> {
  const root = await (window as unknown as FolderLookup).__rememberedFolder(args.dir);
  const fh = await (await root.getDirectoryHandle('sessions')).getFileHandle(args.file);
  await new Promise((r) => setTimeout(r, 100));
  const start = performance.now();
  const text = await (await fh.getFile()).text();
  const read = performance.now();
  const values: unknown[] = [];
  for (const line of text.split('\n')) if (line) values.push(JSON.parse(line));
  const end = performance.now();
  return { start, read, end, lines: values.length };
}

export interface ScrollRun {
  frames: number[];
  scrollHeight: number;
  rows: number;
}

/**
 * Scrolls `selector`'s element for `ms`: jumps to a few fractions of its height, and from each steps
 * `step` px per animation frame; returns every rAF timestamp.
 */
export function scrollLoop(args: { selector: string; ms: number; step: number }): Promise<ScrollRun> {
  const el = document.querySelector<HTMLElement>(args.selector);
  if (!el) throw new Error(`nothing matches ${args.selector}`);
  const stops = [0, 0.2, 0.4, 0.6, 0.8, 0.97];
  const per = args.ms / stops.length;
  const frames: number[] = [];
  return new Promise((resolve) => {
    let phase = -1;
    let since = 0;
    const frame = (t: number) => {
      frames.push(t);
      if (phase < 0 || t - since >= per) {
        phase++;
        if (phase === stops.length) {
          resolve({ frames, scrollHeight: el.scrollHeight, rows: el.querySelectorAll('.sl-vlist-row, .bench-row').length });
          return;
        }
        since = t;
        el.scrollTop = stops[phase]! * (el.scrollHeight - el.clientHeight);
      } else el.scrollTop += args.step;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** A plain static list over the app's list box (same place, size and total height; `count` one-line rows). */
export function plainList(args: { over: string; count: number; height: number }): void {
  const at = document.querySelector<HTMLElement>(args.over)!.getBoundingClientRect();
  const box = document.createElement('div');
  box.id = 'bench-plain';
  Object.assign(box.style, { position: 'fixed', left: `${at.left}px`, top: `${at.top}px`, width: `${at.width}px`, height: `${at.height}px`, overflow: 'auto', background: '#fff', zIndex: '99999', font: '14px sans-serif' });
  const rowH = args.height / args.count;
  const inner = document.createElement('div');
  for (let i = 0; i < args.count; i++) {
    const row = document.createElement('div');
    row.className = 'bench-row';
    row.style.height = `${rowH}px`;
    row.textContent = `row ${i + 1}: the agent reads files and runs tools then answers`;
    inner.append(row);
  }
  box.append(inner);
  document.body.append(box);
  void box.scrollHeight;
}

/** What the large-file init script collects on `window.__bench`. */
export interface LargeMarks {
  longtasks: { start: number; dur: number }[];
  /** Worker replies as the page gets them: [type, performance.now()]. */
  worker: [string, number][];
  /** Each index worker's own account of its time (epoch ms for `began`/`ended`), and the page's time origin. */
  spent: { waited: number; indexed: number; began: number; ended: number; kernel?: boolean }[];
  origin: number;
  click?: number;
  firstMessage?: number;
  loaded?: number;
}

/**
 * Init script for large-file mode: long tasks, worker replies, the first message card on screen and
 * the index's counts header (the whole file indexed). `click` is set by the bench when it opens the link.
 */
export function installLargeMarks(): void {
  const b: LargeMarks = { longtasks: [], worker: [], spent: [], origin: performance.timeOrigin };
  (window as unknown as { __bench: LargeMarks }).__bench = b;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url: string | URL, opts?: WorkerOptions) {
      super(url, opts);
      b.worker.push(['new', performance.now()]);
      this.addEventListener('message', (e: MessageEvent<{ type?: unknown; spent?: LargeMarks['spent'][number] }>) => {
        if (typeof e.data?.type === 'string') b.worker.push([e.data.type, performance.now()]);
        // A worker's last word: 'index' (one indexing worker, before 2026-12-04) or 'done' (each of several).
        if ((e.data?.type === 'index' || e.data?.type === 'done') && e.data.spent) b.spent.push(e.data.spent);
      });
    }
  };
  // When the page asks for the index (its first message to a worker after the link opens).
  const post = Base.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
  (Base.prototype as unknown as { postMessage: (...args: unknown[]) => void }).postMessage = function (this: Worker, ...args: unknown[]) {
    b.worker.push(['asked', performance.now()]);
    post.apply(this, args);
  };
  const check = () => {
    if (b.click === undefined) return;
    if (b.firstMessage === undefined && document.querySelector('.sl-large .sl-msg:not([aria-busy])')) b.firstMessage = performance.now();
    if (b.loaded === undefined && document.querySelector('[data-testid="large-counts"]')) b.loaded = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The bare read: the same file through its handle, in slices of `slice` bytes, nothing kept. */
export async function bareSliceRead(args: { dir: string; file: string; slice: number }): Promise<{ ms: number; bytes: number }> {
  const root = await (window as unknown as FolderLookup).__rememberedFolder(args.dir);
  const f = await (await (await root.getDirectoryHandle('sessions')).getFileHandle(args.file)).getFile();
  const start = performance.now();
  let bytes = 0;
  for (let a = 0; a < f.size; a += args.slice) bytes += (await f.slice(a, a + args.slice).arrayBuffer()).byteLength;
  return { ms: performance.now() - start, bytes };
}

/**
 * The fastest bare read found (2026-12-04, Chromium 156): the file's byte stream read through a BYOB
 * reader into one reused buffer of `slice` bytes, nothing kept — 3–9× faster than `bareSliceRead`.
 */
export async function bareStreamRead(args: { dir: string; file: string; slice: number }): Promise<{ ms: number; bytes: number }> {
  const root = await (window as unknown as FolderLookup).__rememberedFolder(args.dir);
  const f = await (await (await root.getDirectoryHandle('sessions')).getFileHandle(args.file)).getFile();
  const start = performance.now();
  const reader = f.stream().getReader({ mode: 'byob' });
  let buf = new ArrayBuffer(args.slice);
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read(new Uint8Array(buf));
    if (done) break;
    bytes += value.byteLength;
    buf = value.buffer as ArrayBuffer;
  }
  return { ms: performance.now() - start, bytes };
}
