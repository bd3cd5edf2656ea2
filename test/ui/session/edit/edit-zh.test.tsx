// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../src/ui/i18n/text';
import { button, click, jsonl, meta, type, unmount, waitFor } from '../helpers';
import { SIZES, planned, redrawn, setupEdit, type Size } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setLanguage('en');
});

const base = jsonl([meta(), { role: 'user', content: 'first' }, { role: 'assistant', content: 'answer' }, { role: 'user', content: 'second' }, { role: 'assistant', content: 'done' }]);

function card(title: string): Element {
  const c = [...el!.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title);
  if (!c) throw new Error(`no card ${title}`);
  return c;
}

async function setup(size: Size): Promise<string[]> {
  const h = await setupEdit(base, size);
  el = h.el;
  return h.saved;
}

describe.each(SIZES)('EditTab over the %s in Simplified Chinese', (size) => {
  it('previews, confirms and reports in Chinese, keeping values and file names verbatim', async () => {
    await setLanguage('zh-CN');
    const saved = await setup(size);
    expect(el!.querySelector('h2')!.textContent).toBe('编辑');
    expect(el!.textContent).toContain('保存方式与 nanobot 相同');

    await type(card('标题').querySelector('input'), 'My <b>trip</b>');
    const title = await planned(el!, '标题');
    expect(title.querySelector('.sl-preview')!.textContent).toContain('预览： 标题改为“My <b>trip</b>”（标记为由你编辑，所以 nanobot 会保留它）。');
    expect(title.querySelector('.sl-diff')!.textContent).toContain('改写 1 行；其余每一行都保持原有字节。');
    expect(title.querySelector('.sl-diff-list')!.textContent).toContain('第 1 行');
    const cards = el!.querySelector('.sl-edit-cards');
    await click(button(title, '保存标题'));
    await redrawn(el!, cards);
    await waitFor(() => saved.length > 0 && !!el!.querySelector('.sl-edit-cards .sl-outcome'));
    expect(saved[0]).toMatch(/^已保存 cli_direct\.jsonl（\d+ 字节）。$/);

    await type(card('last_consolidated').querySelector('input'), '9');
    let lc = await planned(el!, 'last_consolidated');
    expect(lc.querySelector('[role="alert"]')!.textContent).toBe('last_consolidated 必须是 0 到 4 之间的整数；nanobot 会把其他任何值重置为 0。');
    await type(lc.querySelector('input'), '2');
    lc = await planned(el!, 'last_consolidated');
    expect(lc.textContent).toContain('消息 1–2 算作已归档到记忆；回放从它们之后开始（剩余 2 条可回放）。');

    await type(card('裁剪为合法后缀').querySelector('input[type="number"]'), '2');
    const trim = await planned(el!, '裁剪为合法后缀');
    expect(trim.textContent).toContain('删除 4 条消息中的 2 条（0 条已归档，2 条从未归档），保留 2 条。');
    expect(trim.textContent).toContain('将被删除的消息：#1–2。');
    await click(button(trim, '裁剪'));
    expect(trim.textContent).toContain('这会从文件中删除 2 条消息，其中 2 条从未归档。');
    expect(button(trim, '确定，裁剪')).toBeDefined();
    expect(trim.textContent).toContain('先备份文件，就像修复时那样');

    await click(button(card('在某轮用户消息之前分叉'), '预览分叉'));
    const fork = await planned(el!, '在某轮用户消息之前分叉');
    await waitFor(() => fork.textContent!.includes('“second”'));
    expect(fork.textContent).toMatch(/写入 \S+\.jsonl，包含第 2 轮用户消息之前的 2 条消息（last_consolidated 0）。源文件不会改变。/);
    expect(fork.textContent).toContain('第 2 轮是消息 #3：“second”');

    for (const english of ['Preview:', 'Title becomes', 'Drops 2', 'Stop nanobot first', 'Delete the session file', 'Saves work like', 'Yes, trim', 'Writes '])
      expect(el!.textContent).not.toContain(english);

    await setLanguage('en');
    await waitFor(() => card('Trim to a legal suffix').textContent!.includes('Drops 2 of 4 messages (0 already archived, 2 never archived)'));
    expect(el!.textContent).not.toContain('裁剪');
  });

  it('says in Chinese that a read-only session is edited by download', async () => {
    await setLanguage('zh-CN');
    el = (await setupEdit(base, size, { readOnly: true })).el;
    expect(el.textContent).toContain('这个会话以只读方式打开：每项编辑都以下载编辑后文件的形式提供；磁盘上的内容不会改变。');
    expect(el.textContent).toContain('删除需要对文件夹有写权限');
    await click(button(card('清空所有消息'), '预览清空'));
    const c = await planned(el, '清空所有消息');
    expect(c.textContent).toContain('删除全部 4 条消息；元数据记录保留。');
    expect(button(c, '下载清空后的文件')).toBeDefined();
  });
});
