/**
 * `expect(got, what).toEqual(want)` for the sweeps' thousands of comparisons: Node's strict deep equality
 * is asked first, and Vitest's only when it finds a difference. The verdict is toEqual's (strict equality is
 * stricter: where it holds, toEqual does), but the common case, equal, no longer walks typed arrays and
 * deep values element by element through Vitest's matcher machinery, most of some sweeps' time.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/** Fails as `expect(got, what).toEqual(want)` would, at a fraction of its cost when they are equal. */
export function expectEqual(got: unknown, want: unknown, what?: string): void {
  if (!isDeepStrictEqual(got, want)) expect(got, what).toEqual(want);
}
