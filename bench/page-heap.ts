/** The page's JS heap while a bench step runs, polled through the DevTools protocol. */
import type { CDPSession } from 'playwright-core';

/** Polls the page's JS heap every 100 ms while `work` runs; returns the largest seen. */
export async function peakHeap(cdp: CDPSession, work: () => Promise<void>): Promise<number> {
  let peak = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      peak = Math.max(peak, ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await poll;
  }
  return peak;
}
