/** A folder's last listing survives a structured clone into the cache and comes back exactly; junk is no cache. */
import { describe, expect, it } from 'vitest';
import { loadListing, saveListing, type ListingCacheStore } from '../../src/store/listing-cache';
import { createMemoryAdapter } from '../../src/store/memory-adapter';
import { listSessions } from '../../src/store/session-list';

/** What IndexedDB does to a value: a structured clone (class instances and symbol keys do not survive). */
function cloneStore(): ListingCacheStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) };
}

const NOW = '2026-06-01T12:00:00';

describe('listing cache', () => {
  it('gives back the listing it was given, odd values included', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/a_b.jsonl', '{"_type": "metadata", "key": "a:b", "created_at": 1.5, "updated_at": "2026-01-02T00:00:00", "metadata": {"title": "T"}}\n{"role": "user", "content": "hi"}\n', 1000);
    a.setFile('sessions/n.jsonl', '{"_type": "metadata", "key": 12345678901234567890, "updated_at": "2026-01-01T00:00:00"}\n', 2000);
    a.setFile('sessions/bad.jsonl', 'not json\n', 3000);
    const listing = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const store = cloneStore();
    await saveListing(store, 'k', 'v0.2', listing, 42);
    const back = await loadListing(store, 'k');
    expect(back?.savedAt).toBe(42);
    expect(back?.version).toBe('v0.2');
    expect(back?.listing).toEqual(listing);
  });

  it('is no cache when absent or malformed', async () => {
    const store = cloneStore();
    expect(await loadListing(store, 'nothing')).toBeNull();
    store.map.set('bad', { format: 1, savedAt: 'yesterday', summaries: [] });
    expect(await loadListing(store, 'bad')).toBeNull();
    store.map.set('v', { format: 1, savedAt: 1, version: 'v9', sortError: null, bytesRead: 0, bytesStored: 0, summaries: [] });
    expect(await loadListing(store, 'v')).toBeNull();
    const failing: ListingCacheStore = { get: async () => Promise.reject(new Error('no IndexedDB')), set: async () => undefined };
    expect(await loadListing(failing, 'x')).toBeNull();
  });
});
