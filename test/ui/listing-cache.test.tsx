// @vitest-environment happy-dom
/**
 * A workspace seen before shows its last listing at once, every row marked until the folder is statted;
 * then only changed rows stay marked (re-reading), gone ones leave, and the result is the folder as it is now.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/store/listing/layout';
import { detectVersion } from '../../src/store/listing/version-facts';
import type { ListingCacheStore } from '../../src/store/listing/cache/listing-cache';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions } from '../../src/store/listing/session-list';
import { activeVersion, listing, listingFromCache, nowIso, setListingCacheStore, setWorkspace, verdict } from '../../src/ui/workspace/model';
import { cacheMarks } from '../../src/ui/workspace/scan/reopen';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { mount, unmount, waitFor } from './session/helpers';

const meta = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n`;

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

describe('a first visit', () => {
  it("reads each session file's head once: the version's evidence and the listing share it", async () => {
    setListingCacheStore({ get: async () => undefined, set: async () => undefined });
    const a = createMemoryAdapter();
    for (const k of ['a:b', 'c:d', 'e:f']) a.setFile(`sessions/${k.replace(':', '_')}.jsonl`, meta(k));
    const reads: string[] = [];
    // Until the listing is shown (the background check reads whole files after it).
    a.onStep((step, path) => void (step === 'read' && listing.value === null && path.startsWith('sessions/') && reads.push(path)));
    await setWorkspace({ kind: 'folder' as const, name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'W') });
    a.onStep(undefined);
    expect(listing.value!.summaries.map((x) => x.fileName).sort()).toEqual(['a_b.jsonl', 'c_d.jsonl', 'e_f.jsonl']);
    expect(verdict.value).not.toBeNull();
    expect(reads.sort()).toEqual(['sessions/a_b.jsonl', 'sessions/c_d.jsonl', 'sessions/e_f.jsonl']);
  });
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

  it('confirms unchanged rows after one stat, marks only changed ones, and ends as a listing from nothing', async () => {
    const map = new Map<string, unknown>();
    setListingCacheStore({ get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) });
    const a = createMemoryAdapter();
    a.setFile('sessions/a_b.jsonl', meta('a:b'), 1000);
    a.setFile('sessions/e_f.jsonl', meta('e:f'), 2000);
    a.setFile('sessions/g_h.jsonl', meta('g:h'), 3000);
    const ws = { kind: 'folder' as const, name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'W') };
    await setWorkspace(ws);
    await waitFor(() => map.size === 1);
    await setWorkspace(null);

    // Between the visits: a_b is saved again (newer, so first now), e_f is removed, c_d is new, g_h unchanged.
    a.setFile('sessions/a_b.jsonl', meta('a:b').replace('"updated_at": "2026-06-01T10:00:00"', '"updated_at": "2026-06-09T10:00:00"'), 4000);
    a.remove('sessions/e_f.jsonl');
    a.setFile('sessions/c_d.jsonl', meta('c:d'), 5000);
    let releaseList!: () => void;
    let releaseReads!: () => void;
    const listGate = new Promise<void>((r) => (releaseList = r));
    const readGate = new Promise<void>((r) => (releaseReads = r));
    /** Every read from storage in this refresh: the version's evidence and the listing share each head (head-once.ts). */
    const reads: string[] = [];
    a.onStep(async (step, path) => {
      if (step === 'list') await listGate;
      if (step === 'read') reads.push(path);
      if (step === 'read' && cacheMarks.value?.checked) await readGate;
    });
    const opening = setWorkspace(ws);
    el = await mount(<WorkspaceView page="sessions" />);
    const marks = () => Object.fromEntries([...el!.querySelectorAll('.session-row')].map((r) => [r.getAttribute('data-file'), r.querySelector('.cache-mark')?.textContent ?? null]));
    await waitFor(() => el!.querySelectorAll('.session-row').length === 3);
    expect(marks()).toEqual({ 'a_b.jsonl': 'not checked yet', 'e_f.jsonl': 'not checked yet', 'g_h.jsonl': 'not checked yet' });
    expect(el.querySelector('.from-cache-note')!.textContent).toContain('last visit');

    releaseList();
    await waitFor(() => cacheMarks.value?.checked === true && el!.querySelectorAll('.session-row').length === 2);
    expect(marks()).toEqual({ 'a_b.jsonl': 'changed since your last visit — re-reading', 'g_h.jsonl': null });
    expect(el.querySelector('.from-cache-note')!.textContent).toContain('reading 2 files');

    a.onStep(undefined);
    releaseReads();
    await opening;
    await waitFor(() => listingFromCache.value === null);
    // Only the changed and the new file (and the removed one, still in the layout this test kept), each once.
    expect(new Set(reads).size).toBe(reads.length);
    expect(reads.filter((p) => p !== 'sessions/e_f.jsonl').sort()).toEqual(['sessions/a_b.jsonl', 'sessions/c_d.jsonl']);
    expect(el.querySelector('.from-cache-note')).toBeNull();
    expect(el.querySelectorAll('.cache-mark').length).toBe(0);
    const scratch = await listSessions(a, 'sessions', { now: nowIso(), version: activeVersion.value });
    expect(listing.value).toEqual(scratch);
    expect(listing.value!.summaries.map((s) => s.fileName)).toEqual(['a_b.jsonl', 'c_d.jsonl', 'g_h.jsonl']);
  });

  it('reads only the changed and new files on a reopen: the version verdict is judged from the heads kept with the listing', async () => {
    const map = new Map<string, unknown>();
    setListingCacheStore({ get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) });
    const a = createMemoryAdapter();
    for (const [i, k] of ['a:b', 'e:f', 'g:h'].entries()) a.setFile(`sessions/${k.replace(':', '_')}.jsonl`, meta(k), 1000 * (i + 1));
    const ws = { kind: 'folder' as const, name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'W') };
    await setWorkspace(ws);
    await waitFor(() => map.size === 1);
    const first = verdict.value;
    await setWorkspace(null);

    a.setFile('sessions/a_b.jsonl', meta('a:b').replace('"updated_at": "2026-06-01T10:00:00"', '"updated_at": "2026-06-09T10:00:00"'), 4000);
    a.setFile('sessions/c_d.jsonl', meta('c:d'), 5000);
    const layout = await detectLayout(a, 'W');
    const reads: string[] = [];
    a.onStep((step, path) => void (step === 'read' && reads.push(path)));
    await setWorkspace({ ...ws, layout });
    a.onStep(undefined);
    expect([...new Set(reads)].sort()).toEqual(['sessions/a_b.jsonl', 'sessions/c_d.jsonl']);
    expect(verdict.value).toEqual(await detectVersion(a, layout, layout.folders[0]!));
    expect(first).not.toBeNull();
    expect(listing.value).toEqual(await listSessions(a, 'sessions', { now: nowIso(), version: activeVersion.value }));
  });
});
