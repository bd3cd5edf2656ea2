/**
 * The page's main-thread tasks as Chromium's own trace records them. The Long Tasks API leaves out
 * tasks that run no script, such as a garbage collection scheduled as its own task, which block
 * the page just the same; the trace has them all.
 */
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

export interface MainThreadTrace {
  /** Durations of the main thread's tasks over 50 ms, in ms, in order. */
  over50: number[];
  longest: number;
  /** The longest garbage-collection pause on the main thread, in ms. */
  longestGc: number;
  tasks: number;
}

/** Traces `during` and returns the tasks of the renderer main thread that ran the most. */
export async function traceMainThread(cdp: CDPSession, during: () => Promise<void>): Promise<MainThreadTrace> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: 'toplevel,v8,disabled-by-default-v8.gc', transferMode: 'ReportEvents' });
  try {
    await during();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
  }
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const on = (e: TraceEvent) => `${e.pid}:${e.tid}` === main && e.ph === 'X';
  const tasks = events.filter((e) => on(e) && e.name === 'ThreadControllerImpl::RunTask').map((e) => (e.dur ?? 0) / 1000);
  const gcs = events.filter((e) => on(e) && (e.name === 'MinorGC' || e.name === 'MajorGC')).map((e) => (e.dur ?? 0) / 1000);
  return { over50: tasks.filter((d) => d > 50), longest: Math.max(0, ...tasks), longestGc: Math.max(0, ...gcs), tasks: tasks.length };
}
