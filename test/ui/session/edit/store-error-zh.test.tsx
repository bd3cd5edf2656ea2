// @vitest-environment happy-dom
/** A save the store refuses, shown in Chinese: the StoreError's reason in the catalog's words, never its English message. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../src/ui/i18n/text';
import { errorText } from '../../../../src/ui/shell/status';
import { StoreError } from '../../../../src/store/adapter/errors';
import { button, click, jsonl, meta, type, unmount, waitFor } from '../helpers';
import { PATH, SIZES, planned, setupEdit, type Size } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setLanguage('en');
});

const base = jsonl([meta(), { role: 'user', content: 'first' }, { role: 'assistant', content: 'answer' }]);

async function setup(size: Size = 'document') {
  const h = await setupEdit(base, size, { lastModified: 1_000_000 });
  el = h.el;
  return h.adapter;
}

function titleCard(): Element {
  const c = [...el!.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === '标题');
  if (!c) throw new Error('no title card');
  return c;
}

describe.each(SIZES)('a failed save over the %s in Chinese', (size) => {
  it('words a refused save (permission revoked) in Chinese, the path as it is', async () => {
    await setLanguage('zh-CN');
    const adapter = await setup(size);
    await type(titleCard().querySelector('input'), 'Trip');
    const card = await planned(el!, '标题');
    adapter.revokePermission();
    await click(button(card, '保存标题'));
    await waitFor(() => card.querySelector('[role="alert"]') !== null);
    const alert = card.querySelector('[role="alert"]')!.textContent!;
    expect(alert).toBe(`未保存：对“${PATH}”的访问权限已被撤销。`);
    expect(alert).not.toMatch(/Permission|revoked/);
  });

  it('lists what changed on disk in Chinese when the save meets a conflict', async () => {
    await setLanguage('zh-CN');
    const adapter = await setup(size);
    await type(titleCard().querySelector('input'), 'Trip');
    const card = await planned(el!, '标题');
    adapter.setFile(PATH, base + '{"role": "user", "content": "more"}\n', 2_000_000);
    await click(button(card, '保存标题'));
    await waitFor(() => card.querySelector('[role="alert"] li') !== null);
    const items = [...card.querySelectorAll('[role="alert"] li')].map((li) => li.textContent);
    expect(items[0]).toMatch(/^大小 \d+ → \d+ 字节$/);
    expect(items[1]).toBe(`修改时间 ${new Date(1_000_000).toISOString()} → ${new Date(2_000_000).toISOString()}`);
    // The whole document knows the bytes it read, so it says their hashes differ too.
    if (size === 'document') expect(items[2]).toMatch(/^内容不同（sha256 [0-9a-f]{12}… → [0-9a-f]{12}…）$/);
    expect(card.textContent).not.toMatch(/bytes|content differs|modified/);
  });

  it('says in Chinese why a fork key cannot name a file', async () => {
    await setLanguage('zh-CN');
    await setup(size);
    const fork = [...el!.querySelectorAll('section.sl-edit')].find((c) => c.querySelector('h3')!.textContent === '在某轮用户消息之前分叉')!;
    await type(fork.querySelector('input[type="text"]'), 'CON');
    await waitFor(() => fork.isConnected && fork.querySelector('[role="alert"]') !== null);
    expect(fork.querySelector('[role="alert"]')!.textContent).toBe('这个键得到的文件名“CON.jsonl”不可用：“CON”是 Windows 的保留设备名。');
  });

  it('errorText never shows a StoreError’s English message, in either language', async () => {
    const e = new StoreError('conflict', 'ENGLISH FALLBACK', { path: 'a/b.jsonl', reason: { code: 'keeps-changing' } });
    await setLanguage('zh-CN');
    expect(errorText(e)).toBe('“a/b.jsonl”在读取时不断变化；是否有其他程序正在写入它？');
    await setLanguage('en');
    expect(errorText(e)).toBe("'a/b.jsonl' keeps changing while it is read; is another program writing it?");
    expect(errorText(new Error('plain'))).toBe('plain');
  });
});
