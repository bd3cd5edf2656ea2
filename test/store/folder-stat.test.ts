import { describe, expect, it } from 'vitest';
import { STAT_PARALLEL, folderSignatureOf, mapBounded, statFolder } from '../../src/store/listing/folder-stat';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';

const D = 'sessions';
const NOW = '2026-06-01T12:00:00';
const meta = (key: string, updated: string) => JSON.stringify({ _type: 'metadata', key, created_at: updated, updated_at: updated, metadata: {}, last_consolidated: 0 }) + '\n';

describe('mapBounded', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, n));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});

describe('statFolder', () => {
  it('stats every file once, a bounded number at a time, and skips sub-folders', async () => {
    const a = createMemoryAdapter();
    for (let i = 0; i < 50; i++) a.setFile(`${D}/s${i}.jsonl`, meta(`s:${i}`, NOW), 1000 + i);
    a.mkdir(`${D}/sub.jsonl`);
    let inFlight = 0;
    let most = 0;
    a.onStep(async (step) => {
      if (step !== 'stat') return;
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
    });
    const f = await statFolder(a, D);
    expect(f.entries).toHaveLength(51);
    expect(f.stats.size).toBe(50);
    expect(f.stats.has('sub.jsonl')).toBe(false);
    expect(f.stats.get('s7.jsonl')).toMatchObject({ size: meta('s:7', NOW).length, lastModified: 1007 });
    expect(a.counts().stat).toBe(50);
    expect(most).toBe(STAT_PARALLEL);
  });

  it('records a file that fails to stat as null instead of failing the pass', async () => {
    const a = createMemoryAdapter();
    a.setFile(`${D}/a.jsonl`, meta('a', NOW));
    a.setFile(`${D}/b.jsonl`, meta('b', NOW));
    a.onStep((step, path) => {
      if (step === 'stat' && path.endsWith('b.jsonl')) throw new Error('gone');
    });
    const f = await statFolder(a, D);
    expect(f.stats.get('a.jsonl')).not.toBeNull();
    expect(f.stats.get('b.jsonl')).toBeNull();
  });

  it('gives a signature that changes with a file’s size, mtime or name', async () => {
    const a = createMemoryAdapter();
    a.setFile(`${D}/a.jsonl`, meta('a', NOW), 1);
    const sig = async () => folderSignatureOf(await statFolder(a, D));
    const first = await sig();
    expect(await sig()).toBe(first);
    a.setFile(`${D}/a.jsonl`, meta('a', NOW), 2);
    const touched = await sig();
    expect(touched).not.toBe(first);
    a.setFile(`${D}/a.jsonl`, meta('a', '2026-06-01T12:00:01.5'), 2);
    expect(await sig()).not.toBe(touched);
    a.setFile(`${D}/b.jsonl`, '', 2);
    expect(await sig()).toContain('b.jsonl:0:2');
  });

  it('takes the entries and stats it is given instead of listing and stating again', async () => {
    const a = createMemoryAdapter();
    for (let i = 0; i < 5; i++) a.setFile(`${D}/s${i}.jsonl`, meta(`s:${i}`, `2026-06-01T10:00:0${i}`), 5000 + i);
    a.setFile(`${D}/s0.jsonl.tmp`, 'x', 7);
    const listing = await listSessions(a, D, { version: 'v0.2', now: NOW });
    const entries = await a.list(D);
    const before = a.counts();
    const seen = new Map(listing.summaries.map((s) => [s.fileName, { size: s.size, lastModified: s.lastModified }]));
    const f = await statFolder(a, D, { entries, stats: seen });
    expect(a.counts().list).toBe(before.list);
    expect(a.counts().stat).toBe((before.stat ?? 0) + 1); // only the leftover
    expect(folderSignatureOf(f)).toBe(folderSignatureOf(await statFolder(a, D)));
  });
});
