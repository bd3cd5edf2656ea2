/** Giving the event loop back in the middle of long work, so input and rendering get their turn. */

type Yielding = { scheduler?: { yield?: () => Promise<void> }; setImmediate?: (f: () => void) => unknown };

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (it keeps this work's
 * priority); in Node `setImmediate` (after pending I/O, without the 1 ms a zero timer waits there);
 * else a timer.
 */
export function yieldToEventLoop(): Promise<void> {
  const g = globalThis as Yielding;
  if (typeof g.scheduler?.yield === 'function') return g.scheduler.yield();
  const later = g.setImmediate;
  return new Promise((r) => (typeof later === 'function' ? later(r) : setTimeout(r, 0)));
}

/** Runs a step generator (it yields between small steps) to its end at once: for small inputs and tests. */
export function runNow<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Runs a step generator in tasks of about `budgetMs` each, starting in a task of its own, so work on
 * 50,000 messages never holds the page for longer than one slice.
 */
export async function runSliced<T>(steps: Generator<void, T>, budgetMs = 8): Promise<T> {
  for (;;) {
    await yieldToEventLoop();
    const end = performance.now() + budgetMs;
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() >= end) break;
    }
  }
}
