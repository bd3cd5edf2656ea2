/**
 * Which slices of a file to read for a set of byte ranges: neighbours whose gap is small are read
 * as one slice (a read costs more than a few bytes between two lines), but no slice grows past a
 * bound, so a screenful of rows never reads a long line's unshown bytes.
 */

/** One slice to read: bytes [from, to) covering ranges [first, last). */
export interface ReadRun {
  from: number;
  to: number;
  first: number;
  last: number;
}

/** The runs covering ranges [starts[k], ends[k]) (ascending, not overlapping) joined across gaps up to `maxGap`, each spanning at most `maxSpan` bytes (unless one range alone does). */
export function readRuns(starts: ArrayLike<number>, ends: ArrayLike<number>, maxGap: number, maxSpan: number): ReadRun[] {
  const runs: ReadRun[] = [];
  let run: ReadRun | null = null;
  for (let k = 0; k < starts.length; k++) {
    const a = starts[k]!;
    const b = ends[k]!;
    if (run && a - run.to <= maxGap && b - run.from <= maxSpan) {
      run.to = b;
      run.last = k + 1;
    } else {
      run = { from: a, to: b, first: k, last: k + 1 };
      runs.push(run);
    }
  }
  return runs;
}
