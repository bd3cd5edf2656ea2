import { describe, expect, it } from 'vitest';
import { FULL_VIEW_MAX_BYTES, LARGE_FILE_BYTES, fullViewMemory, fullViewOffered } from '../../../../src/store/large/large-file';
import { opensLarge, withFullView } from '../../../../src/ui/session/large/threshold';

const MiB = 1024 * 1024;

describe('which view a file opens in', () => {
  it('opens mid-size files (100 MiB) in large-file mode by default, small ones in the full view', () => {
    expect(opensLarge(100 * MiB, {})).toBe(true);
    expect(opensLarge(LARGE_FILE_BYTES, {})).toBe(true);
    expect(opensLarge(LARGE_FILE_BYTES - 1, {})).toBe(false);
    expect(opensLarge(1024 * MiB, {})).toBe(true);
  });

  it('full=1 opens the full view below its ceiling, never at or above it', () => {
    expect(opensLarge(100 * MiB, { full: '1' })).toBe(false);
    expect(opensLarge(FULL_VIEW_MAX_BYTES - 1, { full: '1' })).toBe(false);
    expect(opensLarge(FULL_VIEW_MAX_BYTES, { full: '1' })).toBe(true);
    expect(opensLarge(100 * MiB, { full: 'yes' })).toBe(true);
    // full=1 wins over a lowered line too (a test's or a demo's `large=`).
    expect(opensLarge(1000, { large: '10', full: '1' })).toBe(false);
    expect(opensLarge(1000, { large: '10' })).toBe(true);
    expect(fullViewOffered(FULL_VIEW_MAX_BYTES)).toBe(false);
  });

  it('the links between the views add or drop full=1 and keep every other parameter', () => {
    expect(withFullView({ large: '10', m: '3' }, true)).toEqual({ large: '10', m: '3', full: '1' });
    expect(withFullView({ large: '10', full: '1' }, false)).toEqual({ large: '10' });
    expect(withFullView({ full: '1' }, true)).toEqual({ full: '1' });
  });

  it('announces about twice the file as the full view’s memory (what the open bench measured)', () => {
    expect(fullViewMemory(100 * MiB)).toBe(200 * MiB);
  });
});
