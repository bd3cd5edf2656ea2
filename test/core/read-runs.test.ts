import { describe, expect, it } from 'vitest';
import { readRuns } from '../../src/core/bytes/read-runs';

describe('slices to read for byte ranges', () => {
  it('joins neighbours across small gaps, and starts a new slice at a big gap or past the span bound', () => {
    // three short lines, a long line's head (its rest is a big gap), then two more short lines
    const starts = [0, 11, 22, 33, 10_000, 10_011];
    const ends = [10, 21, 32, 133, 10_010, 10_021];
    expect(readRuns(starts, ends, 16, 1 << 20)).toEqual([
      { from: 0, to: 133, first: 0, last: 4 },
      { from: 10_000, to: 10_021, first: 4, last: 6 },
    ]);
    expect(readRuns(starts, ends, 16, 25).map((r) => [r.first, r.last])).toEqual([[0, 2], [2, 3], [3, 4], [4, 6]]);
    expect(readRuns([], [], 16, 25)).toEqual([]);
  });
});
