// @vitest-environment happy-dom
/**
 * A reload on a workspace link shows the last visit's listing before the remembered folder's handle,
 * access and layout are known, every row marked; opening the folder then reconciles it, and a folder
 * whose access is no longer granted leaves the rows saying so, never current.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FolderWithAccess } from '../../src/store/listing/handles';

vi.mock('../../src/pwa/register', async () => {
  const { signal } = await import('@preact/signals');
  return { updateReady: signal(false), offlineReady: signal(false), applyUpdate: () => {}, registerServiceWorker: () => {} };
});
vi.mock('../../src/store/listing/handles', async (orig) => ({ ...(await orig<typeof import('../../src/store/listing/handles')>()), listRememberedFolders: vi.fn() }));
vi.mock('../../src/ui/workspace/scan/open', async (orig) => ({ ...(await orig<typeof import('../../src/ui/workspace/scan/open')>()), workspaceFromHandle: vi.fn() }));

const handles = await import('../../src/store/listing/handles');
const open = await import('../../src/ui/workspace/scan/open');
const { App } = await import('../../src/ui/shell/App');
const { restore } = await import('../../src/ui/open/actions');
const { writeLastSource } = await import('../../src/ui/open/last-source');
const { navigate } = await import('../../src/ui/shell/router');
const { detectLayout } = await import('../../src/store/listing/layout');
const { createMemoryAdapter } = await import('../../src/store/adapter/memory-adapter');
const { listSessions } = await import('../../src/store/listing/session-list');
const model = await import('../../src/ui/workspace/model');
const { mount, unmount, waitFor } = await import('./session/helpers');

const meta = (key: string, updated = '2026-06-01T10:00:00') => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "${updated}", "metadata": {}, "last_consolidated": 0}\n`;

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await model.setWorkspace(null);
  restore.value = { state: 'idle' };
  writeLastSource(null);
});

/** A remembered folder seen before: its listing and last view are in the (Map) cache. */
async function seenBefore() {
  const map = new Map<string, unknown>();
  model.setListingCacheStore({ get: async (k) => structuredClone(map.get(k)), set: async (k, v) => void map.set(k, structuredClone(v)) });
  const a = createMemoryAdapter();
  a.setFile('sessions/a_b.jsonl', meta('a:b'), 1000);
  a.setFile('sessions/g_h.jsonl', meta('g:h'), 3000);
  const ws = { kind: 'folder' as const, name: 'W', adapter: a, writable: true, layout: await detectLayout(a, 'W'), rememberedId: 'f1' };
  writeLastSource({ kind: 'folder', id: 'f1' });
  await model.setWorkspace(ws);
  await waitFor(() => map.has('last:folder:f1'));
  await model.setWorkspace(null);
  const folder = { id: 'f1', name: 'W', handle: {} as FileSystemDirectoryHandle, lastOpened: 1 };
  return { a, ws, folder, map };
}

/** Holds the remembered folders' read until `release(access)`. */
function gateRemembered(folder: Omit<FolderWithAccess, 'access'>) {
  let release!: (access: FolderWithAccess['access']) => void;
  const held = new Promise<FolderWithAccess[]>((r) => (release = (access) => r([{ ...folder, access }])));
  vi.mocked(handles.listRememberedFolders).mockImplementation(() => held);
  return (access: FolderWithAccess['access']) => release(access);
}

const marks = () => Object.fromEntries([...document.querySelectorAll('.session-row')].map((r) => [r.getAttribute('data-file'), r.querySelector('.cache-mark')?.textContent ?? null]));

describe('reloading on a workspace link', () => {
  it('shows the cached rows, unchecked, before the folder is known, then reconciles them', async () => {
    const { a, ws, folder } = await seenBefore();
    a.setFile('sessions/a_b.jsonl', meta('a:b', '2026-06-09T10:00:00'), 4000);
    const release = gateRemembered(folder);
    vi.mocked(open.workspaceFromHandle).mockResolvedValue(ws);
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    await waitFor(() => document.querySelectorAll('.session-row').length === 2);
    expect(model.workspace.value).toBeNull();
    expect(marks()).toEqual({ 'a_b.jsonl': 'not checked yet', 'g_h.jsonl': 'not checked yet' });
    expect(document.querySelector('.from-cache-note')!.textContent).toContain('last visit');
    expect(document.querySelector('h1')!.textContent).toBe('W');

    release('granted');
    await waitFor(() => model.workspace.value !== null && model.listingFromCache.value === null);
    expect(document.querySelector('.from-cache-note')).toBeNull();
    expect(document.querySelectorAll('.cache-mark').length).toBe(0);
    expect(model.listing.value).toEqual(await listSessions(a, 'sessions', { now: model.nowIso(), version: model.activeVersion.value }));
    expect(model.listing.value!.summaries.map((s) => s.fileName)).toEqual(['a_b.jsonl', 'g_h.jsonl']);
  });

  it('marks every cached row when access is no longer granted', async () => {
    const { folder } = await seenBefore();
    const release = gateRemembered(folder);
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    await waitFor(() => document.querySelectorAll('.session-row').length === 2);
    release('prompt');
    await waitFor(() => restore.value.state === 'needs-click');
    await waitFor(() => document.querySelectorAll('.cache-noaccess').length === 2);
    expect(marks()).toEqual({ 'a_b.jsonl': 'not checked: no access to the folder', 'g_h.jsonl': 'not checked: no access to the folder' });
    expect(document.querySelector('.from-cache-note')!.textContent).toContain('not checked');
    expect(document.querySelector('.cache-unchecked')).toBeNull();
    expect(model.workspace.value).toBeNull();
  });

  it('drops the cached rows when the folder is no longer remembered', async () => {
    await seenBefore();
    // Held until released; a read asked after the release (restoreLast asks once the rows are painted) answers at once.
    const waiting: ((v: FolderWithAccess[]) => void)[] = [];
    let released = false;
    const release = () => {
      released = true;
      waiting.forEach((r) => r([]));
    };
    vi.mocked(handles.listRememberedFolders).mockImplementation(() => (released ? Promise.resolve([]) : new Promise((r) => waiting.push(r))));
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    await waitFor(() => document.querySelectorAll('.session-row').length === 2);
    release();
    await waitFor(() => restore.value.state === 'failed');
    await waitFor(() => document.querySelectorAll('.session-row').length === 0);
    expect(document.querySelector('.from-cache-note')).toBeNull();
  });

  it('shows no cached rows of another source', async () => {
    const { folder } = await seenBefore();
    writeLastSource({ kind: 'folder', id: 'other' });
    const release = gateRemembered({ ...folder, id: 'other' });
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('.session-row').length).toBe(0);
    release('prompt');
    await waitFor(() => restore.value.state === 'needs-click');
    expect(document.querySelectorAll('.session-row').length).toBe(0);
  });

  it('uses the listing read as the page loaded (prefetchPreview), reading it once', async () => {
    const { folder, map } = await seenBefore();
    const gets: string[] = [];
    model.setListingCacheStore({ get: async (k) => (gets.push(k), structuredClone(map.get(k))), set: async (k, v) => void map.set(k, structuredClone(v)) });
    model.prefetchPreview({ kind: 'folder', id: 'f1' });
    expect(gets).toEqual(['last:folder:f1']);
    gateRemembered(folder);
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    await waitFor(() => document.querySelectorAll('.session-row').length === 2);
    expect(gets.filter((k) => k === 'last:folder:f1').length).toBe(1);
    expect(marks()).toEqual({ 'a_b.jsonl': 'not checked yet', 'g_h.jsonl': 'not checked yet' });
  });

  it('puts the rows read before the first render into that render', async () => {
    const { folder } = await seenBefore();
    model.prefetchPreview({ kind: 'folder', id: 'f1' });
    await waitFor(() => model.previewName.value === 'W');
    gateRemembered(folder);
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    // No wait: the very first render holds the rows (a mount effect used to start their read).
    expect(marks()).toEqual({ 'a_b.jsonl': 'not checked yet', 'g_h.jsonl': 'not checked yet' });
  });

  it('puts the first screen, kept synchronously, in the first render before the cached listing is read; the whole listing follows', async () => {
    const { a, folder, ws, map } = await seenBefore();
    for (let i = 0; i < 23; i++) a.setFile(`sessions/x_${i}.jsonl`, meta(`x:${i}`, '2026-05-01T10:00:00'), 5000);
    await model.setWorkspace(ws);
    // The listing of 25 saved (its save runs after the listing is shown), not only the one of 2 before it.
    const savedRows = () => {
      const key = (map.get('last:folder:f1') as { key?: string } | undefined)?.key;
      const saved = key === undefined ? undefined : (map.get(key) as { summaries?: string } | undefined);
      return saved?.summaries ? (JSON.parse(saved.summaries) as unknown[]).length : 0;
    };
    await waitFor(() => savedRows() === 25 && model.listingFromCache.value === null && !model.listingBusy.value);
    await model.setWorkspace(null);
    // IndexedDB (here a Map) answers only when released.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    model.setListingCacheStore({ get: async (k) => (await held, structuredClone(map.get(k))), set: async (k, v) => void map.set(k, structuredClone(v)) });
    model.prefetchPreview({ kind: 'folder', id: 'f1' });
    gateRemembered(folder);
    navigate({ view: 'workspace', page: 'sessions', params: {} });
    el = await mount(<App />);
    const first = Object.values(marks());
    expect(first).toHaveLength(20);
    expect(new Set(first)).toEqual(new Set(['not checked yet']));
    expect(document.querySelector('h1')!.textContent).toBe('W');
    expect(document.getElementById('search-scope')!.textContent).toContain('25 sessions');
    expect(model.firstScreenTotal.value).toBe(25);
    release();
    await waitFor(() => model.firstScreenTotal.value === null && model.listing.value!.summaries.length === 25);
    expect(model.listing.value!.summaries.slice(0, 20).map((s) => s.fileName)).toEqual(Object.keys(marks()).slice(0, 20));
    await waitFor(() => document.querySelectorAll('.session-row').length === 25);
    expect(new Set(Object.values(marks()))).toEqual(new Set(['not checked yet']));
  });
});
