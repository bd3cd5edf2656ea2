/** The first screenful of a last listing, kept synchronously: it comes back exactly, bounded, and junk is none. */
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, forgetFirstScreen, loadFirstScreen, MAX_CHARS, saveFirstScreen, type SyncStore } from '../../src/store/listing/cache/first-screen';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';

const NOW = '2026-06-01T12:00:00';
const KEY = 'session-lens:first-screen';

function mapStore(): SyncStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, String(v)), removeItem: (k) => void map.delete(k) };
}

async function listingOf(n: number, title = 'T') {
  const a = createMemoryAdapter();
  for (let i = 0; i < n; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    a.setFile(`sessions/s${i}.jsonl`, `{"_type": "metadata", "key": "s:${i}", "created_at": 1.5, "updated_at": "2026-01-${day}T00:00:00", "metadata": {"title": ${JSON.stringify(title)}}}\n{"role": "user", "content": "hi"}\n`, 1000 + i);
  }
  return listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
}

describe('first screen', () => {
  it('gives back the first rows of the listing it was given, in its order, with the whole count', async () => {
    const listing = await listingOf(30);
    const store = mapStore();
    saveFirstScreen(store, { source: 'folder:f1', key: 'k', name: 'W', savedAt: 42, listing });
    const back = loadFirstScreen(store, 'folder:f1');
    expect(back).toEqual({ source: 'folder:f1', key: 'k', name: 'W', savedAt: 42, total: 30, summaries: listing.summaries.slice(0, FIRST_ROWS) });
    expect(loadFirstScreen(store, 'folder:f2')).toBeNull();
  });

  it('keeps fewer rows when they are big, and none when the first alone is over the bound', async () => {
    const store = mapStore();
    saveFirstScreen(store, { source: 's', key: 'k', name: 'W', savedAt: 1, listing: await listingOf(30, 'x'.repeat(20_000)) });
    const back = loadFirstScreen(store, 's')!;
    expect(back.summaries.length).toBeGreaterThan(0);
    expect(back.summaries.length).toBeLessThan(FIRST_ROWS);
    expect(store.map.get(KEY)!.length).toBeLessThan(MAX_CHARS + 500);
    saveFirstScreen(store, { source: 's', key: 'k', name: 'W', savedAt: 1, listing: await listingOf(2, 'x'.repeat(MAX_CHARS)) });
    expect(store.map.has(KEY)).toBe(false);
    expect(loadFirstScreen(store, 's')).toBeNull();
  });

  it('is no first screen when anything in it is not what was written', async () => {
    const store = mapStore();
    saveFirstScreen(store, { source: 's', key: 'k', name: 'W', savedAt: 1, listing: await listingOf(3) });
    const good = JSON.parse(store.map.get(KEY)!) as Record<string, unknown> & { rows: Record<string, unknown>[] };
    const bad: unknown[] = [
      'not json',
      'null',
      '[]',
      { ...good, format: 2 },
      { ...good, name: 7 },
      { ...good, total: 1.5 },
      { ...good, total: 1 },
      { ...good, rows: [] },
      { ...good, rows: [{ ...good.rows[0], size: '12' }] },
      { ...good, rows: [{ ...good.rows[0], row: '{"key": ' }] },
    ];
    for (const b of bad) {
      store.map.set(KEY, typeof b === 'string' ? b : JSON.stringify(b));
      expect(loadFirstScreen(store, 's'), JSON.stringify(b).slice(0, 80)).toBeNull();
    }
  });

  it('never throws when storage refuses', async () => {
    const refusing: SyncStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveFirstScreen(refusing, { source: 's', key: 'k', name: 'W', savedAt: 1, listing: { summaries: [], sortError: null, bytesRead: 0, bytesStored: 0 } })).not.toThrow();
    expect(() => saveFirstScreen(refusing, { source: 's', key: 'k', name: 'W', savedAt: 1, listing: { summaries: [], sortError: null, bytesRead: 0, bytesStored: 0 } })).not.toThrow();
    expect(loadFirstScreen(refusing, 's')).toBeNull();
  });

  it('is forgotten with its source only', async () => {
    const store = mapStore();
    saveFirstScreen(store, { source: 'folder:f1', key: 'k', name: 'W', savedAt: 1, listing: await listingOf(3) });
    forgetFirstScreen(store, 'folder:f2');
    expect(loadFirstScreen(store, 'folder:f1')).not.toBeNull();
    forgetFirstScreen(store, 'folder:f1');
    expect(store.map.has(KEY)).toBe(false);
  });
});
