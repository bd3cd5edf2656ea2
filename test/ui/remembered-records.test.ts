// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

const handle = { kind: 'directory', name: 'ws', isSameEntry: async () => false, queryPermission: async () => 'granted' };
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  set: async () => {},
  del: async () => {},
  entries: async () => [
    ['a', { id: 'a', name: 'ws', handle, lastOpened: 2 }],
    ['b', { id: 'b', name: 'old', handle: 'not a handle', lastOpened: 1 }],
    ['c', 42],
  ],
}));

describe('remembered folders read back from IndexedDB (start screen)', () => {
  it('lists the good record and says which ones were left out', async () => {
    const { loadRemembered, remembered } = await import('../../src/ui/open/actions');
    const { status } = await import('../../src/ui/shell/status');
    await loadRemembered();
    expect(remembered.value.map((f) => [f.id, f.access])).toEqual([['a', 'granted']]);
    expect(status.value!.text).toContain('remembered folder "b" is not a folder record (handle:');
    expect(status.value!.text).toContain('remembered folder #3 is not a folder record');
  });

  it('says so in Chinese too: the store hands codes, not sentences', async () => {
    const { setLanguage } = await import('../../src/ui/i18n/text');
    const { loadRemembered } = await import('../../src/ui/open/actions');
    const { status } = await import('../../src/ui/shell/status');
    await setLanguage('zh-CN');
    try {
      await loadRemembered();
      expect(status.value!.text).toMatch(/^记住的文件夹“b”不是文件夹记录（handle：.+），已略去；记住的文件夹第 3 条不是文件夹记录（整条记录：.+），已略去。$/);
    } finally {
      await setLanguage('en');
    }
  });
});
