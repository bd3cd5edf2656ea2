/**
 * Reopening a folder from its cached listing: only new and changed files are read, and the result is
 * the listing a read from nothing gives (order included), whatever changed between the visits.
 */
import { describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { loadListing, saveListing, type ListingCacheStore } from '../../src/store/listing/cache/listing-cache';
import { checkCache, reconcileListing } from '../../src/store/listing/cache/listing-reconcile';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';

const NOW = '2026-06-01T12:00:00';

function cloneStore(): ListingCacheStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) };
}

const meta = (key: string, updated: string | null, title = '') =>
  JSON.stringify({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', ...(updated === null ? {} : { updated_at: updated }), metadata: title ? { title } : {}, last_consolidated: 0 }) + '\n';
const user = (text: string) => JSON.stringify({ role: 'user', content: text }) + '\n';

/** A folder with ties, an mtime fallback, a damaged head and a float updated_at. */
function folder(): MemoryAdapter {
  const a = createMemoryAdapter();
  a.setFile('s/cli_a.jsonl', meta('cli:a', '2026-05-01T10:00:00', 'A') + user('first'), 1000);
  a.setFile('s/cli_b.jsonl', meta('cli:b', '2026-05-01T10:00:00') + user('tie with a'), 2000);
  a.setFile('s/cli_c.jsonl', meta('cli:c', null) + user('mtime fallback'), Date.UTC(2026, 4, 20));
  a.setFile('s/cli_d.jsonl', meta('cli:d', '2026-03-01T00:00:00') + user('old'), 4000);
  a.setFile('s/cli_e.jsonl', '{"_type": "metadata", "key": "cli:e", "updated_at": "2026-04-0\n' + user('damaged head'), 5000);
  a.setFile('s/cli_f.jsonl', meta('cli:f', '2026-04-15T00:00:00') + user('middle'), 6000);
  return a;
}

/** Paths the adapter read (heads, ranges, whole files) while `fn` ran. */
async function readsDuring<T>(a: MemoryAdapter, fn: () => Promise<T>): Promise<{ value: T; reads: string[] }> {
  const reads: string[] = [];
  a.onStep((step, path) => void (step === 'read' && reads.push(path)));
  try {
    return { value: await fn(), reads: [...new Set(reads)].sort() };
  } finally {
    a.onStep(undefined);
  }
}

async function firstVisit(a: MemoryAdapter, version: NanobotVersion = 'v0.2') {
  const store = cloneStore();
  await saveListing(store, 'k', version, await listSessions(a, 's', { now: NOW, version }));
  return store;
}

describe('reconciling a cached listing with the folder', () => {
  for (const version of ['v0.2', 'v0.3.0'] as const) {
    it(`reads only new, changed and damaged files, and equals a listing from nothing (${version})`, async () => {
      const a = folder();
      const store = await firstVisit(a, version);
      // Between the visits: d becomes the newest, g is added, f is removed; a gets another title of the same size.
      a.setFile('s/cli_d.jsonl', meta('cli:d', '2026-06-02T09:00:00', 'D now') + user('old, then new'), 7000);
      a.setFile('s/cli_g.jsonl', meta('cli:g', '2026-05-01T10:00:00') + user('new, ties with a and b'), 8000);
      a.remove('s/cli_f.jsonl');
      a.setFile('s/cli_a.jsonl', meta('cli:a', '2026-05-01T10:00:00', 'Z') + user('first'), 9000);
      const cached = await loadListing(store, 'k');
      const { value, reads } = await readsDuring(a, () => reconcileListing(a, 's', cached, { now: NOW, version }));
      expect(reads).toEqual(['s/cli_a.jsonl', 's/cli_d.jsonl', 's/cli_e.jsonl', 's/cli_g.jsonl']);
      expect(value.check.changed).toEqual(new Set(['cli_a.jsonl', 'cli_d.jsonl']));
      expect(value.check.added).toEqual(['cli_g.jsonl']);
      expect(value.check.vanished).toEqual(new Set(['cli_f.jsonl']));
      expect(value.check.unconfirmed).toEqual(new Set(['cli_e.jsonl']));
      const scratch = await listSessions(a, 's', { now: NOW, version });
      expect(value.listing).toEqual(scratch);
      expect(value.listing.summaries[0]!.fileName).toBe('cli_d.jsonl');
      expect(value.listing.summaries.find((s) => s.fileName === 'cli_a.jsonl')!.row!.title).toBe('Z');
    });
  }

  it('reads nothing but stats when nothing changed (apart from the damaged head)', async () => {
    const a = folder();
    const store = await firstVisit(a);
    const { value, reads } = await readsDuring(a, async () => reconcileListing(a, 's', await loadListing(store, 'k'), { now: NOW, version: 'v0.2' }));
    expect(reads).toEqual(['s/cli_e.jsonl']);
    expect(value.listing).toEqual(await listSessions(a, 's', { now: NOW, version: 'v0.2' }));
  });

  it('re-reads a file whose cached record is corrupted, and still lists the same', async () => {
    const a = folder();
    const store = await firstVisit(a);
    const rec = store.map.get('k') as { summaries: string };
    const rows = JSON.parse(rec.summaries) as Record<string, unknown>[];
    const at = rows.findIndex((s) => s.fileName === 'cli_b.jsonl');
    rows[at] = { ...rows[at], size: 'big' };
    const c = rows.findIndex((s) => s.fileName === 'cli_c.jsonl');
    rows[c] = { ...rows[c], row: '{"key": "cli:c", "updated_at": ' };
    rec.summaries = JSON.stringify(rows);
    const cached = await loadListing(store, 'k');
    expect(cached!.dropped).toBe(2);
    const { value, reads } = await readsDuring(a, () => reconcileListing(a, 's', cached, { now: NOW, version: 'v0.2' }));
    expect(reads).toEqual(['s/cli_b.jsonl', 's/cli_c.jsonl', 's/cli_e.jsonl']);
    expect(value.listing).toEqual(await listSessions(a, 's', { now: NOW, version: 'v0.2' }));
  });

  it('reuses nothing from a listing made under another version', async () => {
    const a = folder();
    const store = await firstVisit(a, 'v0.2');
    const cached = await loadListing(store, 'k');
    const stats = new Map((await Promise.all(a.paths().map(async (p) => [p.slice(2), await a.stat(p)] as const))));
    const check = checkCache(cached, 'v0.3.0', [...stats.keys()], stats);
    expect(check.reusable.size).toBe(0);
    expect(check.unconfirmed.size).toBe(6);
    const { value } = await readsDuring(a, () => reconcileListing(a, 's', cached, { now: NOW, version: 'v0.3.0' }));
    expect(value.listing).toEqual(await listSessions(a, 's', { now: NOW, version: 'v0.3.0' }));
  });
});
