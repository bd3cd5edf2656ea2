/** A folder's last listing survives a structured clone into the cache and comes back exactly; junk is no cache. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadListing, saveListing, type ListingCacheStore } from '../../src/store/listing/cache/listing-cache';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';

/** What IndexedDB does to a value: a structured clone (class instances and symbol keys do not survive). */
function cloneStore(): ListingCacheStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) };
}

const NOW = '2026-06-01T12:00:00';

afterEach(() => vi.restoreAllMocks());

describe('listing cache', () => {
  it('encodes and decodes 200 rows over many tasks, not in one', async () => {
    const a = createMemoryAdapter();
    for (let i = 0; i < 200; i++) a.setFile(`sessions/s${i}.jsonl`, `{"_type": "metadata", "key": "s${i}", "updated_at": "2026-01-01T00:00:00"}\n`, 1000);
    const listing = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const store = cloneStore();
    // A clock that moves 10 ms per look: every slice ends after one step, so the steps are counted as tasks.
    let t = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (t += 10));
    // A later task is a timer or, in Node, setImmediate (yieldToEventLoop).
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const immediate = vi.spyOn(globalThis, 'setImmediate');
    const tasks = () => timer.mock.calls.length + immediate.mock.calls.length;
    await saveListing(store, 'k', 'v0.2', listing, 1);
    expect(tasks()).toBeGreaterThanOrEqual(8);
    timer.mockClear();
    immediate.mockClear();
    expect((await loadListing(store, 'k'))?.listing).toEqual(listing);
    expect(tasks()).toBeGreaterThanOrEqual(8);
  });

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

  it('makes the rows’ text a hundred rows per task, none in the caller’s task, and gives them back all, in order', async () => {
    const a = createMemoryAdapter();
    for (let i = 0; i < 250; i++) a.setFile(`sessions/s${String(i).padStart(3, '0')}.jsonl`, `{"_type": "metadata", "key": "s${i}", "updated_at": "2026-01-01T00:00:${String(i % 60).padStart(2, '0')}"}\n`, 1000 + i);
    const listing = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const store = cloneStore();
    let rowsMade = 0;
    const counted = { ...listing, summaries: listing.summaries.map((s) => new Proxy(s, { ownKeys: (t) => (rowsMade++, Reflect.ownKeys(t)) })) };
    const saved = saveListing(store, 'k', 'v0.2', counted, 1);
    expect(rowsMade).toBe(0);
    await saved;
    expect(rowsMade).toBe(250);
    expect((await loadListing(store, 'k'))?.listing).toEqual(listing);
  });

  it('keeps the rows as one text, and leaves out only the malformed rows and facts', async () => {
    const a = createMemoryAdapter();
    for (const n of ['a', 'b', 'c']) a.setFile(`sessions/${n}.jsonl`, `{"_type": "metadata", "key": "${n}", "updated_at": "2026-01-0${n === 'a' ? 1 : 2}T00:00:00"}\n`, 1000);
    const listing = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const facts = ['a', 'b'].map((stem) => ({ stem, storedKey: stem, providerState: false, runtimeContext: false, sessionHandle: false, modelPreset: false }));
    const store = cloneStore();
    await saveListing(store, 'k', 'v0.2', listing, 1, facts);
    const rec = store.map.get('k') as Record<string, unknown>;
    // One compact record: IndexedDB clones two strings, not an object per file.
    expect(typeof rec.summaries).toBe('string');
    expect(typeof rec.facts).toBe('string');
    const rows = JSON.parse(rec.summaries as string) as Record<string, unknown>[];
    const named = (n: string) => rows.find((r) => r.fileName === n)!;
    named('b.jsonl').size = '12';
    named('c.jsonl').row = '{"key": "c", '; // not Python JSON
    const keptFacts = [{ ...facts[0], providerState: 'yes' }, facts[1]];
    store.map.set('k', { ...rec, summaries: JSON.stringify(rows), facts: JSON.stringify(keptFacts) });
    const back = await loadListing(store, 'k');
    expect(back?.listing.summaries.map((s) => s.fileName)).toEqual(['a.jsonl']);
    expect(back?.listing.summaries[0]).toEqual(listing.summaries.find((s) => s.fileName === 'a.jsonl'));
    expect(back?.dropped).toBe(2);
    expect([...back!.facts.keys()]).toEqual(['b']);
    expect(back!.facts.get('b')).toEqual(facts[1]);
  });

  it('is no cache when absent or malformed', async () => {
    const store = cloneStore();
    expect(await loadListing(store, 'nothing')).toBeNull();
    store.map.set('bad', { format: 2, savedAt: 'yesterday', summaries: '[]', facts: '[]' });
    expect(await loadListing(store, 'bad')).toBeNull();
    const ok = { format: 2, savedAt: 1, version: 'v0.2', sortError: null, bytesRead: 0, bytesStored: 0, summaries: '[]', facts: '[]' };
    store.map.set('v', { ...ok, version: 'v9' });
    expect(await loadListing(store, 'v')).toBeNull();
    for (const summaries of ['[', '{}', '"rows"']) {
      store.map.set('s', { ...ok, summaries });
      expect(await loadListing(store, 's'), summaries).toBeNull();
    }
    // The record the code before the compact one wrote (rows as objects): no cache, the folder is listed again.
    store.map.set('old', { ...ok, format: 1, summaries: [], facts: [] });
    expect(await loadListing(store, 'old')).toBeNull();
    const failing: ListingCacheStore = { get: async () => Promise.reject(new Error('no IndexedDB')), set: async () => undefined };
    expect(await loadListing(failing, 'x')).toBeNull();
  });
});
