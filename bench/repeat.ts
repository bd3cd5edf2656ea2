/**
 * A Chromium group run several times (`BENCH_RUNS`, default 5): each run measures its own baseline, so
 * each run's ratios are honest on a busy machine; the group's figure is then the median over the runs,
 * with the p95 and the range beside it.
 */
import type { Figure } from './core';
import { median, p95 } from './stats';

/** How many times each Chromium group runs (at least 1; the issue asks for at least 5). */
export function benchRuns(): number {
  const n = Number(process.env.BENCH_RUNS);
  return Number.isInteger(n) && n >= 1 ? n : 5;
}

/**
 * Runs `once` `runs` times and merges the figures by name: value = median, p95 and range over the
 * runs, note and baseline of the run whose value was the median. A figure missing from some run
 * (a run that failed to produce it) is merged over the runs that have it, and says so.
 */
export async function repeatRuns(once: () => Promise<Figure[]>, runs = benchRuns()): Promise<Figure[]> {
  const all: Figure[][] = [];
  for (let i = 0; i < runs; i++) all.push(await once());
  const names = [...new Set(all.flatMap((fs) => fs.map((f) => f.name)))];
  return names.map((name) => {
    const seen = all.flatMap((fs) => fs.filter((f) => f.name === name));
    const values = seen.map((f) => f.value);
    const mid = median(values);
    const at = seen.find((f) => f.value === mid)!;
    const fmt = (x: number) => (Math.abs(x) < 10 ? x.toFixed(2) : x.toFixed(0));
    const tag = `median of ${seen.length} run${seen.length === 1 ? '' : 's'}${seen.length < runs ? ` (of ${runs})` : ''}, p95 ${fmt(p95(values))}, range ${fmt(Math.min(...values))}–${fmt(Math.max(...values))}`;
    return { ...at, value: mid, p95: p95(values), runs: seen.length, range: [Math.min(...values), Math.max(...values)], note: `${tag}; the median run: ${at.note}` };
  });
}
