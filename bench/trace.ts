/**
 * The page's main-thread work as Chromium's own trace records it. The Long Tasks API leaves out
 * tasks that run no script, such as a garbage collection scheduled as its own task, which block
 * the page just the same; the trace has them all, and says what each task spent its time on.
 */
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs (wall time minus time the thread waited for a core). */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

export interface MainThreadTrace {
  /** Durations of the main thread's tasks over 50 ms, in ms, in order. */
  over50: number[];
  longest: number;
  /** The CPU time of the longest task, ms: on a busy machine a task waits for a core too, and only `longest` counts that. */
  longestCpu: number;
  /** The most CPU time any one task used, ms: what a task costs without the wait for a core. */
  maxCpu: number;
  /** The longest garbage-collection pause on the main thread, in ms. */
  longestGc: number;
  tasks: number;
}

/** Records Chromium's trace of `categories` while `during` runs; returns the renderer main thread's events (complete, instant, marks). */
export async function traceMainEvents(cdp: CDPSession, categories: string, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  try {
    await during();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
  }
  // Several renderer main threads can show up (other pages, workers' parents): the page's is the busiest.
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main);
}

/** The main thread's complete events ('X') only. */
async function traceMain(cdp: CDPSession, categories: string, during: () => Promise<void>): Promise<TraceEvent[]> {
  return (await traceMainEvents(cdp, categories, during)).filter((e) => e.ph === 'X');
}

/** Traces `during` and returns the tasks of the renderer main thread that ran the most. */
export async function traceMainThread(cdp: CDPSession, during: () => Promise<void>): Promise<MainThreadTrace> {
  const events = await traceMain(cdp, 'toplevel,v8,disabled-by-default-v8.gc', during);
  const runs = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const tasks = runs.map((e) => (e.dur ?? 0) / 1000);
  const gcs = events.filter((e) => e.name === 'MinorGC' || e.name === 'MajorGC').map((e) => (e.dur ?? 0) / 1000);
  const top = runs.reduce<TraceEvent | null>((a, e) => (!a || (e.dur ?? 0) > (a.dur ?? 0) ? e : a), null);
  const maxCpu = Math.max(0, ...runs.map((e) => (e.tdur ?? 0) / 1000));
  return { over50: tasks.filter((d) => d > 50), longest: Math.max(0, ...tasks), longestCpu: (top?.tdur ?? 0) / 1000, maxCpu, longestGc: Math.max(0, ...gcs), tasks: tasks.length };
}

export type Phase = 'script' | 'style' | 'layout' | 'paint' | 'gc' | 'other';

/** Trace event names per phase, as DevTools' Performance panel groups them; anything else is 'other'. */
const PHASES: [Phase, string[]][] = [
  ['script', ['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'EvaluateScript', 'v8.compile', 'v8.run', 'V8.Execute', 'FireIdleCallback', 'HitTest']],
  ['style', ['UpdateLayoutTree', 'RecalculateStyles', 'ScheduleStyleRecalculation', 'ParseAuthorStyleSheet']],
  ['layout', ['Layout', 'UpdateLayout', 'IntersectionObserverController::computeIntersections']],
  ['paint', ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'UpdateLayerTree', 'CompositeLayers', 'Commit', 'PaintImage', 'Decode Image', 'ResizeObserver::BroadcastObservations']],
  ['gc', ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GCScavenger', 'V8.GCIncrementalMarking', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep']],
];
const PHASE_OF = new Map(PHASES.flatMap(([p, names]) => names.map((n) => [n, p] as const)));

/**
 * Traces `during` and returns the main thread's busy time split by phase, in ms. Each event counts
 * its self time (its duration less its children's) under its own phase, so a layout forced inside
 * a script counts as layout and nothing counts twice.
 */
export async function tracePhases(cdp: CDPSession, during: () => Promise<void>): Promise<Record<Phase, number>> {
  const events = await traceMain(cdp, 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8,disabled-by-default-v8.gc,blink.user_timing', during);
  const sorted = events.filter((e) => e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: Record<Phase, number> = { script: 0, style: 0, layout: 0, paint: 0, gc: 0, other: 0 };
  // A stack of open events: each child's duration is taken from its nearest open ancestor's self time.
  const stack: { end: number; phase: Phase | null; self: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.end <= upTo) {
      const e = stack.pop()!;
      if (e.phase) out[e.phase] += e.self / 1000;
      else if (!stack.length) out.other += e.self / 1000;
      else stack.at(-1)!.self += e.self;
    }
  };
  for (const e of sorted) {
    close(e.ts);
    const top = stack.at(-1);
    if (top) top.self -= e.dur!;
    const phase = PHASE_OF.get(e.name) ?? (top?.phase ? top.phase : null);
    stack.push({ end: e.ts + e.dur!, phase, self: e.dur! });
  }
  close(Infinity);
  return out;
}
