import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetFolder,
  listRememberedFolders,
  queryAccess,
  rememberFolder,
  requestAccessFromClick,
  type DroppedFolder,
  type FolderStore,
  type RememberedFolder,
} from '../../src/store/listing/handles';

/** A fake directory handle: identity by `entry`, a scripted permission. */
function fakeHandle(name: string, entry: object, state: { perm: PermissionState; answer?: PermissionState | Error }) {
  return {
    kind: 'directory',
    name,
    entry,
    isSameEntry: async (other: { entry?: object }) => other.entry === entry,
    queryPermission: async () => state.perm,
    requestPermission: vi.fn(async () => {
      if (state.answer instanceof Error) throw state.answer;
      state.perm = state.answer ?? state.perm;
      return state.perm;
    }),
  } as unknown as FileSystemDirectoryHandle & { requestPermission: ReturnType<typeof vi.fn> };
}

function mapStore(): FolderStore & { map: Map<string, RememberedFolder> } {
  const map = new Map<string, RememberedFolder>();
  return { map, all: async () => [...map.values()], put: async (f) => void map.set(f.id, f), remove: async (id) => void map.delete(id) };
}

afterEach(() => vi.unstubAllGlobals());

describe('remembered folders', () => {
  it('deduplicates the same folder with isSameEntry and lists newest first with access', async () => {
    const store = mapStore();
    const ws = {};
    const a = fakeHandle('ws', ws, { perm: 'granted' });
    const again = fakeHandle('ws', ws, { perm: 'granted' });
    const b = fakeHandle('other', {}, { perm: 'prompt' });
    const idA = await rememberFolder(a, store);
    await new Promise((r) => setTimeout(r, 2));
    const idB = await rememberFolder(b, store);
    await new Promise((r) => setTimeout(r, 2));
    expect(await rememberFolder(again, store)).toBe(idA);
    expect(store.map.size).toBe(2);
    const list = await listRememberedFolders('readwrite', store);
    expect(list.map((f) => [f.id, f.name, f.access])).toEqual([
      [idA, 'ws', 'granted'],
      [idB, 'other', 'prompt'],
    ]);
    await forgetFolder(idB, store);
    expect((await listRememberedFolders('readwrite', store)).map((f) => f.id)).toEqual([idA]);
  });

  it('leaves out malformed IndexedDB records with a message instead of failing the whole list', async () => {
    const store = mapStore();
    const good = fakeHandle('ws', {}, { perm: 'granted' });
    const id = await rememberFolder(good, store);
    const raw = store.map as unknown as Map<string, unknown>;
    raw.set('null', null);
    raw.set('no-handle', { id: 'no-handle', name: 'x', handle: { kind: 'file' }, lastOpened: 1 });
    raw.set('bad-name', { id: 'bad-name', name: { toString: 1 }, handle: good, lastOpened: 1 });
    raw.set('bad-time', { id: 'bad-time', name: 'y', handle: good, lastOpened: '2026' });
    const dropped: DroppedFolder[][] = [];
    const list = await listRememberedFolders('readwrite', store, (d) => dropped.push(d));
    expect(list.map((f) => f.id)).toEqual([id]);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toHaveLength(4);
    // Codes with values, not sentences: the record's place, its id when it has one, the field that failed.
    expect(dropped[0]!.map(({ problem: _, ...d }) => d)).toEqual([
      { code: 'not-a-folder-record', id: null, at: 2, field: '' },
      { code: 'not-a-folder-record', id: 'no-handle', at: 3, field: 'handle' },
      { code: 'not-a-folder-record', id: 'bad-name', at: 4, field: 'name' },
      { code: 'not-a-folder-record', id: 'bad-time', at: 5, field: 'lastOpened' },
    ]);
    expect(dropped[0]!.every((d) => typeof d.problem === 'string' && d.problem.length > 0)).toBe(true);
    // remembering again still finds the good record among the bad ones
    expect(await rememberFolder(fakeHandle('ws', (good as unknown as { entry: object }).entry, { perm: 'granted' }), store)).toBe(id);
  });

  it('a throwing queryPermission reads as denied; a handle without the API as granted', async () => {
    const broken = { queryPermission: async () => Promise.reject(new Error('revoked')) } as unknown as FileSystemHandle;
    expect(await queryAccess(broken)).toBe('denied');
    expect(await queryAccess({} as FileSystemHandle)).toBe('granted');
  });
});

describe('requestAccessFromClick', () => {
  it('does not prompt when already granted', async () => {
    const h = fakeHandle('ws', {}, { perm: 'granted' });
    expect(await requestAccessFromClick(h)).toEqual({ access: 'granted' });
    expect(h.requestPermission).not.toHaveBeenCalled();
  });

  it('without a user gesture, returns needsClick instead of calling requestPermission', async () => {
    vi.stubGlobal('navigator', { userActivation: { isActive: false } });
    const h = fakeHandle('ws', {}, { perm: 'prompt', answer: 'granted' });
    expect(await requestAccessFromClick(h)).toEqual({ access: 'prompt', needsClick: true });
    expect(h.requestPermission).not.toHaveBeenCalled();
  });

  it('from a click: granted, denied, or a SecurityError — all returned, none thrown', async () => {
    vi.stubGlobal('navigator', { userActivation: { isActive: true } });
    expect(await requestAccessFromClick(fakeHandle('a', {}, { perm: 'prompt', answer: 'granted' }))).toEqual({ access: 'granted' });
    expect(await requestAccessFromClick(fakeHandle('b', {}, { perm: 'prompt', answer: 'denied' }))).toEqual({ access: 'denied' });
    const sec = Object.assign(new Error('User activation is required'), { name: 'SecurityError' });
    expect(await requestAccessFromClick(fakeHandle('c', {}, { perm: 'prompt', answer: sec }))).toEqual({ access: 'prompt', needsClick: true });
    expect(await requestAccessFromClick(fakeHandle('d', {}, { perm: 'prompt', answer: new Error('x') }))).toEqual({ access: 'denied' });
  });
});
