import { describe, expect, it } from 'vitest';
import { runNow, runSliced } from '../../src/store/analyze/event-loop';

/** Steps that each busy-wait `ms`, logging themselves; returns how many ran. */
function* busySteps(n: number, ms: number, log: string[]): Generator<void, number> {
  for (let i = 0; i < n; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    log.push(`step${i}`);
    yield;
  }
  return n;
}

describe('event loop', () => {
  it('runNow runs every step at once and returns the result', () => {
    const log: string[] = [];
    expect(runNow(busySteps(4, 0, log))).toBe(4);
    expect(log).toEqual(['step0', 'step1', 'step2', 'step3']);
  });

  it('runSliced starts in a later task and gives the event loop back between slices', async () => {
    const log: string[] = [];
    const done = runSliced(busySteps(12, 2, log), 5);
    expect(log).toEqual([]); // nothing ran in the caller's task
    const ticks = setInterval(() => log.push('tick'), 0);
    expect(await done).toBe(12);
    clearInterval(ticks);
    const steps = log.filter((x) => x !== 'tick');
    expect(steps).toEqual(Array.from({ length: 12 }, (_, i) => `step${i}`));
    // Slices of ≥ 5 ms of 2 ms steps: about three steps each, with other tasks between them.
    const between = log.slice(log.indexOf('step0'), log.indexOf('step11')).filter((x) => x === 'tick').length;
    expect(between).toBeGreaterThanOrEqual(2);
    const runs = log.join(' ').split('tick').map((s) => s.trim().split(' ').filter(Boolean).length).filter((n) => n > 0);
    expect(Math.max(...runs)).toBeLessThanOrEqual(4);
  });
});
