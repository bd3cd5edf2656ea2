/**
 * A file the listing could not read keeps its storage error as a code with values, in the listing and
 * in its cache, and the workspace words it in the reader's language (never the error's English message).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { listSessions } from '../../../src/store/listing/session-list';
import { loadListing, saveListing, type ListingCacheStore } from '../../../src/store/listing/cache/listing-cache';
import { setLanguage } from '../../../src/ui/i18n/text';
import { badgesFor } from '../../../src/ui/workspace/rows';
import { skipOf as cliSkipOf, skipReasonText } from '../../../src/cli/output/text';

afterEach(() => setLanguage('en'));

const NOW = '2026-06-01T12:00:00';

function cloneStore(): ListingCacheStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) };
}

async function listed() {
  const a = createMemoryAdapter();
  a.setFile('sessions/ok.jsonl', '{"_type": "metadata", "key": "ok", "updated_at": "2026-01-01T00:00:00"}\n', 1000);
  a.setFile('sessions/stuck.jsonl', '{"_type": "metadata", "key": "stuck", "updated_at": "2026-01-01T00:00:00"}\n', 1000);
  a.fail({ step: 'read', path: 'sessions/stuck.jsonl', code: 'permission' });
  return listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
}

describe('an unreadable file in the listing', () => {
  it('carries its storage error as a code with values, through the cache too', async () => {
    const listing = await listed();
    const stuck = listing.summaries.find((s) => s.fileName === 'stuck.jsonl')!;
    expect(stuck.errorReason).toEqual({ reason: { code: 'injected', fault: 'permission', step: 'read' }, path: 'sessions/stuck.jsonl' });
    const store = cloneStore();
    await saveListing(store, 'k', 'v0.2', listing, 1);
    const back = (await loadListing(store, 'k'))!.listing.summaries.find((s) => s.fileName === 'stuck.jsonl')!;
    expect(back.errorReason).toEqual(stuck.errorReason);
  });

  it('a cached reason that is not a StoreReason is dropped; the summary stays', async () => {
    const listing = await listed();
    const store = cloneStore();
    const stuck = listing.summaries.find((s) => s.fileName === 'stuck.jsonl')!;
    (stuck as { errorReason: unknown }).errorReason = { reason: { code: 'changed-since-read', changes: [{ code: 'size', from: 'x' }] } };
    await saveListing(store, 'k', 'v0.2', listing, 1);
    const back = (await loadListing(store, 'k'))!.listing.summaries.find((s) => s.fileName === 'stuck.jsonl')!;
    expect(back.errorReason).toBeUndefined();
    expect(back.error).toBe(stuck.error);
  });

  it('is explained in Chinese in its badges, and in the CLI’s words by the CLI', async () => {
    const listing = await listed();
    const stuck = listing.summaries.find((s) => s.fileName === 'stuck.jsonl')!;
    await setLanguage('zh-CN');
    const badges = badgesFor(stuck, undefined, []);
    const why = (id: string) => badges.find((b) => b.id === id)!.explain;
    expect(why('unreadable')).toBe('Session Lens 无法读取此文件：在“sessions/stuck.jsonl”的 read 步骤注入了 permission 故障。');
    expect(why('unlisted')).toContain('在“sessions/stuck.jsonl”的 read 步骤注入了 permission 故障。');
    for (const b of badges) expect(b.explain).not.toContain('Injected');
    expect(skipReasonText(cliSkipOf(stuck)!)).toBe("Session Lens could not read it (Injected permission failure at 'read' of 'sessions/stuck.jsonl'.)");
  });
});
