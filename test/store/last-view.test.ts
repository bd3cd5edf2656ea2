/** The last view of a source comes back only as saveLastView wrote it: anything else is no last view. */
import { describe, expect, it } from 'vitest';
import { loadLastView, saveLastView } from '../../src/store/last-view';

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
