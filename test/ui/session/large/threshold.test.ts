/** Which reading a file opens in, under the route: the app's line handed to `openSource`, which alone compares the size. */
import { describe, expect, it } from 'vitest';
import { FULL_VIEW_MAX_BYTES, LARGE_FILE_BYTES, fullViewMemory } from '../../../../src/store/large/large-file';
import { kindFor } from '../../../../src/store/source/open-source';
import { pickOf, withFullView } from '../../../../src/ui/session/large/threshold';

const MiB = 1024 * 1024;
/** The reading a file of `size` bytes opens in under `params`. */
const kind = (size: number, params: Record<string, string>) => kindFor(size, pickOf(params)).kind;

describe('which view a file opens in', () => {
  it('opens mid-size files (100 MiB) in large-file mode by default, small ones in the full view', () => {
    expect(kind(100 * MiB, {})).toBe('index');
    expect(kind(LARGE_FILE_BYTES, {})).toBe('index');
    expect(kind(LARGE_FILE_BYTES - 1, {})).toBe('document');
    expect(kind(1024 * MiB, {})).toBe('index');
  });

  it('full=1 opens the full view below its ceiling, never at or above it', () => {
    expect(kind(100 * MiB, { full: '1' })).toBe('document');
    expect(kind(FULL_VIEW_MAX_BYTES - 1, { full: '1' })).toBe('document');
    expect(kind(FULL_VIEW_MAX_BYTES, { full: '1' })).toBe('index');
    expect(kind(100 * MiB, { full: 'yes' })).toBe('index');
    // full=1 wins over a lowered line too (a test's or a demo's `large=`).
    expect(kind(1000, { large: '10', full: '1' })).toBe('document');
    expect(kind(1000, { large: '10' })).toBe('index');
    expect(kind(1000, { large: 'ten' })).toBe('document');
  });

  it('the switch offered: the full view from large-file mode below its ceiling, large-file mode from the full view asked for', () => {
    expect(kindFor(100 * MiB, pickOf({})).other).toBe('document');
    expect(kindFor(FULL_VIEW_MAX_BYTES, pickOf({})).other).toBeNull();
    expect(kindFor(100 * MiB, pickOf({ full: '1' })).other).toBe('index');
    expect(kindFor(MiB, pickOf({ full: '1' })).other).toBeNull();
    expect(kindFor(MiB, pickOf({})).other).toBeNull();
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
