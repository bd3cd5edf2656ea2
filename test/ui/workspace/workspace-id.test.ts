import { afterEach, describe, expect, it } from 'vitest';
import { workspaceFromHandle, workspaceId } from '../../../src/ui/workspace/scan/open';
import { setLanguage } from '../../../src/ui/i18n/text';

afterEach(() => setLanguage('en'));

/** A directory handle over an empty in-memory folder, enough for opening a workspace. */
function emptyDir(name: string): FileSystemDirectoryHandle {
  const dir = {
    kind: 'directory',
    name,
    async *entries() {},
    async *values() {},
    async *keys() {},
    getDirectoryHandle: async () => {
      throw new DOMException('missing', 'NotFoundError');
    },
    getFileHandle: async () => {
      throw new DOMException('missing', 'NotFoundError');
    },
    queryPermission: async () => 'granted',
  };
  return dir as unknown as FileSystemDirectoryHandle;
}

describe('a workspace id', () => {
  it('is the name on disk, so the demo keeps its listing cache and read notes when the language changes', async () => {
    const ws = await workspaceFromHandle(emptyDir('session-lens-demo'), 'demo');
    const en = { shown: ws.name, id: workspaceId(ws) };
    await setLanguage('zh-CN');
    expect(ws.name).not.toBe(en.shown);
    expect(workspaceId(ws)).toBe(en.id);
    expect(workspaceId(ws)).toBe('session-lens-demo');
  });
});
