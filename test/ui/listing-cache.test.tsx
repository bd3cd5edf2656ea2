// @vitest-environment happy-dom
/** A workspace seen before shows its last listing at once, marked as such, until the folder is read again. */
import { afterEach, describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/store/layout';
import type { ListingCacheStore } from '../../src/store/listing-cache';
import { createMemoryAdapter } from '../../src/store/memory-adapter';
import { listing, listingFromCache, setListingCacheStore, setWorkspace } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { mount, unmount, waitFor } from './session/helpers';

const meta = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n`;

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

describe('reopening a workspace', () => {
  it('shows the last listing from the cache, marked, then the folder as it is now', async () => {
    const map = new Map<string, unknown>();
    const store: ListingCacheStore = { get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) };
    setListingCacheStore(store);
    const a = createMemoryAdapter();
    a.setFile('sessions/a_b.jsonl', meta('a:b'));
    const ws = { kind: 'folder' as const, name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'W') };
    await setWorkspace(ws);
    await waitFor(() => map.size === 1);
    await setWorkspace(null);

    a.setFile('sessions/c_d.jsonl', meta('c:d'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    a.onStep(async (step) => {
      if (step === 'list') await gate;
    });
    const opening = setWorkspace(ws);
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => listingFromCache.value !== null);
    expect(listing.value!.summaries.map((s) => s.fileName)).toEqual(['a_b.jsonl']);
    expect(el.querySelector('.from-cache-note')!.textContent).toContain('last visit');
    a.onStep(undefined);
    release();
    await opening;
    await waitFor(() => listingFromCache.value === null);
    expect(listing.value!.summaries.map((s) => s.fileName).sort()).toEqual(['a_b.jsonl', 'c_d.jsonl']);
    expect(el.querySelector('.from-cache-note')).toBeNull();
  });
});
