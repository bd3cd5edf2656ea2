/** Before the storage errors' words have loaded, an error still reads in the reader's language (its coarse code), never in English from its message. */
import { describe, expect, it, vi } from 'vitest';

describe('a storage error before its words load', () => {
  it('says its coarse code in the reader’s language, then the full words once loaded', async () => {
    vi.resetModules(); // a fresh app: the shell loaded, the errors part not yet
    const text = await import('../../../src/ui/i18n/text');
    const { errorText } = await import('../../../src/ui/shell/status');
    const { StoreError } = await import('../../../src/store/adapter/errors');
    await text.startText('zh-CN');
    const e = new StoreError('conflict', 'ENGLISH FALLBACK', { path: 'a.jsonl', reason: { code: 'changed-since-read', changes: [{ code: 'deleted' }] } });
    expect(text.er()).toBeNull();
    expect(errorText(e)).toBe('文件在读取之后已被改动。');
    await text.errorTextReady();
    expect(errorText(e)).toBe('“a.jsonl”在读取之后已在磁盘上被改动：文件已被删除或重命名。请重新加载以查看新版本。（正在运行的 nanobot gateway 会在退出时重新保存它缓存的会话。）');
    await text.setLanguage('en');
    expect(errorText(e)).toContain("'a.jsonl' changed on disk since it was read: the file was deleted or renamed.");
  });
});
