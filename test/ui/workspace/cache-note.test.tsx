// @vitest-environment happy-dom
/** The line over a listing shown from the last visit: when it was made, in the words the rows' times use, with no Intl. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheNote } from '../../../src/ui/workspace/CacheNote';
import { listingFromCache } from '../../../src/ui/workspace/model';
import { cacheMarks, UNCHECKED } from '../../../src/ui/workspace/scan/reopen';
import { mount, unmount } from '../session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  listingFromCache.value = null;
  cacheMarks.value = null;
  vi.restoreAllMocks();
});

describe('CacheNote', () => {
  it('says when the cached listing was made as the rows say times, without creating an Intl formatter', async () => {
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    listingFromCache.value = new Date(2026, 11, 4, 9, 5, 30).getTime();
    cacheMarks.value = UNCHECKED;
    el = await mount(<CacheNote />);
    expect(el.querySelector('.from-cache-note')!.textContent).toContain('(4 Dec 2026, 09:05)');
    expect(intl).not.toHaveBeenCalled();
  });

  it('says "?" for a time that is no date', async () => {
    listingFromCache.value = Number.MAX_VALUE;
    el = await mount(<CacheNote />);
    expect(el.querySelector('.from-cache-note')!.textContent).toContain('(?)');
  });
});
