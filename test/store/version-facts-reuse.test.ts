/**
 * Reopening a folder judges its nanobot version again from the head facts kept with its listing: only
 * the heads of changed and new files are read, the markers come from the folder as it is now, and the
 * verdict equals one judged from nothing.
 */
import { describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/store/listing/layout';
import { loadListing, saveListing, type ListingCacheStore } from '../../src/store/listing/cache/listing-cache';
import { reusableFacts } from '../../src/store/listing/cache/listing-reconcile';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';
import { detectVersion, judgeFolder } from '../../src/store/listing/version-facts';

const NOW = '2026-06-01T12:00:00';
const b64 = (k: string) => Buffer.from(k).toString('base64url');
const meta = (key: string) => JSON.stringify({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: '2026-05-01T10:00:00', metadata: {}, last_consolidated: 0 }) + '\n';
const providerState = '{"_type": "provider_state", "provider": "openai", "model": "m", "version": 1, "state": {}}\n';

function store(): ListingCacheStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) };
}

/** A workspace's sessions folder at v0.3.0's naming (base64url names), three sessions. */
function workspace(): MemoryAdapter {
  const a = createMemoryAdapter();
  for (const [i, k] of ['cli:a', 'cli:b', 'cli:c'].entries()) a.setFile(`sessions/${b64(k)}.jsonl`, meta(k), 1000 * (i + 1));
  return a;
}

/** The first visit: judge, list, keep both. */
async function firstVisit(a: MemoryAdapter, s: ListingCacheStore) {
  const layout = await detectLayout(a, 'W');
  const f = layout.folders[0]!;
  const judged = await judgeFolder(a, layout, f);
  await saveListing(s, 'k', judged.verdict.version ?? 'v0.2', await listSessions(a, f.path, { now: NOW, version: 'v0.3.0' }), 1, judged.facts.files);
  return judged;
}

/** The reopen: stat, reuse facts of unchanged files, judge; with the paths whose bytes were read. */
async function reopen(a: MemoryAdapter, s: ListingCacheStore) {
  const layout = await detectLayout(a, 'W');
  const f = layout.folders[0]!;
  const cached = (await loadListing(s, 'k'))!;
  const stats = new Map(await Promise.all(f.sessions.map(async (n) => [n, await a.stat(`${f.path}/${n}`)] as const)));
  const known = reusableFacts(cached, stats);
  const reads: string[] = [];
  a.onStep((step, path) => void (step === 'read' && reads.push(path)));
  try {
    const judged = await judgeFolder(a, layout, f, known);
    return { judged, reads: [...new Set(reads)].sort(), fresh: await detectVersion(a, await detectLayout(a, 'W'), f), known };
  } finally {
    a.onStep(undefined);
  }
}

describe('the version verdict kept with a cached listing', () => {
  it('reads no head when nothing changed, and judges as from nothing', async () => {
    const a = workspace();
    const s = store();
    await firstVisit(a, s);
    const { judged, reads, fresh, known } = await reopen(a, s);
    expect(known.size).toBe(3);
    expect(reads).toEqual([]);
    expect(judged.verdict).toEqual(fresh);
  });

  it('reads only the changed file, and its new facts change the verdict', async () => {
    const a = workspace();
    const s = store();
    const first = await firstVisit(a, s);
    expect(first.verdict.version).not.toBe('main');
    // Between the visits: one session gains main's provider_state record (line 2), a marker file appears.
    a.setFile(`sessions/${b64('cli:b')}.jsonl`, meta('cli:b') + providerState, 5000);
    a.setFile('.nanobot/workspace-id', 'abc\n', 5000);
    const { judged, reads, fresh } = await reopen(a, s);
    expect(reads).toEqual([`sessions/${b64('cli:b')}.jsonl`]);
    expect(judged.verdict).toEqual(fresh);
    expect(judged.verdict).not.toEqual(first.verdict);
    expect(judged.facts.files.find((f) => f.stem === b64('cli:b'))!.providerState).toBe(true);
  });

  it('reads a new file and a file whose kept facts are malformed', async () => {
    const a = workspace();
    const s = store();
    await firstVisit(a, s);
    // The kept facts are one JSON text (listing-cache's compact record): one of them made malformed.
    const rec = s.map.get('k') as { facts: string };
    const facts = JSON.parse(rec.facts) as Record<string, unknown>[];
    facts[0] = { ...facts[0], providerState: 'yes' };
    rec.facts = JSON.stringify(facts);
    const bad = facts[0]!.stem as string;
    a.setFile(`sessions/${b64('cli:d')}.jsonl`, meta('cli:d'), 6000);
    const { judged, reads, fresh } = await reopen(a, s);
    expect(reads).toEqual([`sessions/${b64('cli:d')}.jsonl`, `sessions/${bad}.jsonl`].sort());
    expect(judged.verdict).toEqual(fresh);
  });

  it('keeps no facts from a record that holds none: every head is read', async () => {
    const a = workspace();
    const s = store();
    await firstVisit(a, s);
    (s.map.get('k') as { facts: string }).facts = '[]';
    const { reads, judged, fresh } = await reopen(a, s);
    expect(reads.length).toBe(3);
    expect(judged.verdict).toEqual(fresh);
  });
});
