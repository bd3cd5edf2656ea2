/**
 * The page's own work, timed by Chromium's trace rather than the wall clock. Each main-thread task
 * comes with its wall time and its CPU time (the trace's thread time): on a machine shared with other
 * busy processes a task's wall time also counts the moments the CPU ran someone else, so a long-task
 * observer or a Date.now() round trip fails a page whose work is short. Limits on a page's tasks are
 * checked on their CPU time; the wall time is reported beside it. What CPU time does not see: a task
 * blocked on another process (a synchronous request or IPC) waits in wall time only.
 */
import type { Page } from 'playwright-core';

/** One task of a renderer's main thread: when it started (trace clock, ms), its wall and CPU time (ms). */
export interface MainTask {
  at: number;
  wall: number;
  cpu: number;
  /** The renderer main thread it ran on (`pid:tid`): the browser has more than one renderer. */
  thread: string;
}

export interface MainThreadTrace {
  /** Every renderer main thread's tasks while traced, in order of start. */
  tasks: MainTask[];
  /** The page's performance.mark()s while traced, by name, on the tasks' clock (ms). */
  marks: Map<string, number[]>;
  /** The thread each of those marks was set on, in the same order (a task of another renderer may overlap it in time). */
  markThreads: Map<string, string[]>;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * DevTools' "Task": one per task the thread ran, microtasks after it included (the long-task
 * observer's unit). The scheduler's own `toplevel` task event leaves out the microtask checkpoint
 * that follows a task, where a promise continuation (scheduler.yield(), runSliced) does its work.
 */
const TASK = { cat: 'disabled-by-default-devtools.timeline', name: 'RunTask' };

/**
 * Starts tracing the browser of `page`; the returned function stops it and gives the main-thread tasks
 * and marks of the window. One trace at a time per browser.
 */
export async function traceMainThread(page: Page): Promise<() => Promise<MainThreadTrace>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: `${TASK.cat},blink.user_timing`, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach().catch(() => undefined);
    const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const all = events
      .filter((e) => e.ph === 'X' && e.cat === TASK.cat && e.name === TASK.name && main.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined)
      .map((e) => ({ thread: `${e.pid}:${e.tid}`, at: e.ts / 1000, wall: e.dur! / 1000, cpu: e.tdur! / 1000 }))
      .sort((a, b) => a.at - b.at);
    // Outermost tasks only (a nested run loop's tasks are inside their caller's).
    const ends = new Map<string, number>();
    const tasks: MainTask[] = [];
    for (const t of all) {
      if (t.at < (ends.get(t.thread) ?? -Infinity)) continue;
      ends.set(t.thread, t.at + t.wall);
      tasks.push(t);
    }
    const marks = new Map<string, number[]>();
    const markThreads = new Map<string, string[]>();
    for (const e of events) {
      if (e.cat !== 'blink.user_timing' || e.ph !== 'I' || !main.has(`${e.pid}:${e.tid}`)) continue;
      marks.set(e.name, [...(marks.get(e.name) ?? []), e.ts / 1000]);
      markThreads.set(e.name, [...(markThreads.get(e.name) ?? []), `${e.pid}:${e.tid}`]);
    }
    if (tasks.length === 0) throw new Error('the trace holds no main-thread task: Chromium recorded no thread time');
    return { tasks, marks, markThreads };
  };
}

/** The longest CPU time among `tasks` (0 for none): the page's longest piece of work. */
export function longestCpu(tasks: MainTask[]): number {
  return Math.max(0, ...tasks.map((t) => t.cpu));
}

/** Tasks as `cpu/wall` ms pairs over a threshold, for a log line that shows both clocks. */
export function describeTasks(tasks: MainTask[], over = 16): string {
  return JSON.stringify(tasks.filter((t) => t.wall > over || t.cpu > over).map((t) => `${Math.round(t.cpu)}/${Math.round(t.wall)}`));
}
