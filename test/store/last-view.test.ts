/** The last view of a source comes back only as saveLastView wrote it: anything else is no last view. */
import { describe, expect, it } from 'vitest';
import { forgetLastView, loadLastView, saveLastView } from '../../src/store/listing/cache/last-view';

function store() {
  const map = new Map<string, unknown>();
  return { map, get: async (k: string) => structuredClone(map.get(k)), set: async (k: string, v: unknown) => void map.set(k, structuredClone(v)) };
}

describe('the last view', () => {
  it('round-trips per source', async () => {
    const s = store();
    await saveLastView(s, 'folder:f1', { key: 'folder:W:sessions', name: 'W', folderIndex: 1 });
    expect(await loadLastView(s, 'folder:f1')).toEqual({ key: 'folder:W:sessions', name: 'W', folderIndex: 1 });
    expect(await loadLastView(s, 'folder:f2')).toBeNull();
  });

  it('rejects a malformed record and a failing store', async () => {
    const s = store();
    for (const bad of [{ format: 2, key: 'k', name: 'W', folderIndex: 0 }, { format: 1, key: 3, name: 'W', folderIndex: 0 }, { format: 1, key: 'k', name: 'W', folderIndex: -1 }, { format: 1, key: 'k', name: 'W', folderIndex: 0.5 }, 'text', null]) {
      s.map.set('last:x', bad);
      expect(await loadLastView(s, 'x')).toBeNull();
    }
    expect(await loadLastView({ get: () => Promise.reject(new Error('no IndexedDB')), set: async () => {} }, 'x')).toBeNull();
  });
});

describe('forgetting a source', () => {
  it('removes its last view and the listing it points to, and nothing of another source', async () => {
    const map = new Map<string, unknown>();
    const s = { get: async (k: string) => map.get(k), set: async (k: string, v: unknown) => void map.set(k, v), del: async (k: string) => void map.delete(k) };
    await saveLastView(s, 'folder:f1', { key: 'folder:W:sessions', name: 'W', folderIndex: 0 });
    await saveLastView(s, 'folder:f2', { key: 'folder:V:sessions', name: 'V', folderIndex: 0 });
    map.set('folder:W:sessions', { rows: 'of W' });
    map.set('folder:V:sessions', { rows: 'of V' });
    await forgetLastView(s, 'folder:f1');
    expect([...map.keys()].sort()).toEqual(['folder:V:sessions', 'last:folder:f2']);
    expect(await loadLastView(s, 'folder:f1')).toBeNull();
    // Nothing to forget, or a store that cannot delete: no error.
    await forgetLastView(s, 'folder:f9');
    await forgetLastView(store(), 'folder:f2');
  });
});
