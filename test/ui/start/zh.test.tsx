// @vitest-environment happy-dom
/** The start page, the restore gate and the guide in Simplified Chinese, and back to English without a reload. */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { restore } from '../../../src/ui/open/actions';
import { Guide } from '../../../src/ui/shell/Guide';
import { pageTextReady, setLanguage, ui } from '../../../src/ui/i18n/text';
import { RestoreGate } from '../../../src/ui/open/RestoreGate';
import { StartScreen } from '../../../src/ui/start/StartScreen';
import { mount, unmount } from '../session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setLanguage('en');
  restore.value = { state: 'idle' };
  delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
});

const buttons = () => [...el!.querySelectorAll('button')].map((b) => b.textContent);

describe('the start page in Chinese', () => {
  it('speaks Chinese, keeps code as code, and switches back to English in place', async () => {
    (window as { showDirectoryPicker?: unknown }).showDirectoryPicker = async () => undefined;
    await setLanguage('zh-CN');
    el = await mount(<StartScreen />);
    expect(el.querySelector('h1')!.textContent).toBe('打开 nanobot 工作区');
    expect(buttons()).toEqual(['打开文件夹…', '打开 .jsonl 文件…', '试用演示', '试用 nanobot main 演示']);
    expect(el.querySelector('.where summary')!.textContent).toBe('nanobot 的会话在哪里？');
    // Inline code stays code, in the Chinese sentence's own order.
    expect([...el.querySelectorAll('.lead code')].map((c) => c.textContent)).toEqual(['sessions/*.jsonl']);
    expect(el.querySelector('.features li strong')!.textContent).toBe('nanobot 看到的列表。');
    for (const english of ['Open a nanobot workspace', 'Try the demo', 'What you will see', 'Where are nanobot’s sessions?', 'nothing is uploaded']) {
      expect(el.textContent).not.toContain(english);
    }
    // The words are read during render: switching language re-renders what is on screen.
    await act(() => setLanguage('en'));
    expect(el.querySelector('h1')!.textContent).toBe('Open a nanobot workspace');
    expect(buttons()[2]).toBe('Try the demo');
  });

  it('without the File System Access API: the read-only notice in Chinese', async () => {
    await setLanguage('zh-CN');
    el = await mount(<StartScreen />);
    expect(buttons()[0]).toBe('选择文件夹（只读）…');
    const notice = el.querySelector('.notice.warn')!;
    expect(notice.textContent).toContain('此浏览器不支持 File System Access API');
    expect(notice.querySelector('strong')!.textContent).toBe('只读');
    expect(notice.textContent).not.toContain('downloads');
  });

  it('the restore gate says why a link cannot open, in the language on screen', async () => {
    restore.value = { state: 'failed', message: () => ui().start.notRemembered };
    await setLanguage('zh-CN');
    el = await mount(<RestoreGate />);
    expect(el.querySelector('.notice')!.textContent).toBe('此链接来源的文件夹已不在记录中：请重新打开它。');
    expect(el.querySelector('h1')!.textContent).toBe('打开 nanobot 工作区'); // and the ways forward below it
    await act(() => setLanguage('en'));
    expect(el.querySelector('.notice')!.textContent).toBe('The folder this link was opened from is no longer remembered: open it again.');
  });
});

describe('the guide in Chinese', () => {
  it('translates the prose and keeps identifiers and code verbatim', async () => {
    await pageTextReady();
    await setLanguage('zh-CN');
    el = await mount(<Guide />);
    expect(el.querySelector('h1')!.textContent).toBe('nanobot 如何保存会话');
    const heads = [...el.querySelectorAll('h2')].map((h) => h.textContent);
    expect(heads).toContain('第 1 行：元数据记录');
    expect(heads).toContain('回放不是 messages[-120:]');
    expect([...el.querySelectorAll('code')].map((c) => c.textContent)).toEqual(expect.arrayContaining(['get_history()', 'last_consolidated', '[Message Time: …]']));
    expect(el.textContent).not.toContain('How nanobot keeps sessions');
    expect(el.textContent).not.toContain('Damaged files');
  });
});
