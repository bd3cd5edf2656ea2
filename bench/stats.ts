/** Order statistics for bench figures: the median and the p95 of a few runs (nearest rank). */

/** The middle value (the upper one of an even count), so it is always a value that was measured. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The nearest-rank 95th percentile: with 5 runs, the worst one (a claim that holds at p95 holds in every run). */
export function p95(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
}
