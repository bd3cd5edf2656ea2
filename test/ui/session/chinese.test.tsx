// @vitest-environment happy-dom
/**
 * The session page in Simplified Chinese: the header, tabs, conversation, find bar, File tab and
 * Export tab render the Chinese catalog (English gone), texts nanobot or Python wrote stay verbatim,
 * and a switch back to English re-renders what is on screen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionView } from '../../../src/ui/session/SessionView';
import { OpeningPreview } from '../../../src/ui/session/OpeningPreview';
import { setLanguage } from '../../../src/ui/i18n/text';
import { loadMarkdown } from '../../../src/ui/session/markdown/loader';
import type { SessionHostProps } from '../../../src/ui/session-host';
import { NOW, button, click, jsonl, meta, mount, openText, settle, type, unmount, waitFor, wholeHost, conversationShown } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setLanguage('en');
  vi.restoreAllMocks();
});

function props(over: Partial<SessionHostProps> & Pick<SessionHostProps, 'opened'>): SessionHostProps {
  return { ...wholeHost(over.opened!), adapter: null, now: () => NOW, onSaved: () => {}, onDeleted: () => {}, onForked: () => {}, route: { params: {} }, onRoute: () => {}, ...over };
}

const file = jsonl([
  meta({ title: 'Deploy help', goal_state: 'done', my_ext: 1 }, 1),
  { role: 'user', content: 'hello there', timestamp: '2026-06-01T10:00:00' },
  { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q": "x"}' } }] },
  { role: 'tool', tool_call_id: 'c1', name: 'search', content: 'found it' },
  '{"role": "assistant", "content": "cut',
  { role: 'tool', tool_call_id: 'nope', content: 'orphan', _command: true },
]);

/** Text on screen, with the <code> and file text it quotes. */
const text = () => el!.textContent ?? '';
const tab = (name: string) => [...el!.querySelectorAll('[role="tab"]')].find((t) => t.textContent!.startsWith(name));

describe('the session page in Simplified Chinese', () => {
  it('header, tabs, banners and the conversation speak Chinese; file text and Python’s words stay as written', async () => {
    await setLanguage('zh-CN');
    el = await mount(<SessionView {...props({ opened: openText(file) })} />);
    await conversationShown(el);
    expect([...el.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['对话', '回放', '上下文', '文件1', '编辑（下载）', '导出']);
    const h = el.querySelector('header.sl-header')!.textContent!;
    expect(h).toContain('导出 / 分享…');
    expect(h).toContain('键cli:direct');
    expect(h).toMatch(/\d+ 字节/);
    expect(h).toContain('恢复视角（文件的每一行）');
    // The repair path, with Python's exception verbatim inside the Chinese sentence.
    const alert = el.querySelector('[role="alert"]')!.textContent!;
    expect(alert).toContain('nanobot 的严格加载失败（JSONDecodeError: Unterminated string starting at');
    expect(alert).toContain('修复流程，并跳过 1 行：第 5 行。');
    expect(el.querySelector('.sl-note')!.textContent).toBe('发现 1 个问题（1 个错误）——见“文件”标签页');
    const conv = el.querySelector('.sl-conversation')!.textContent!;
    expect(conv).toContain('按存储共 4 条消息（恢复视角：保留每一行） · 1 行已损坏 · 1 个孤立的工具结果');
    expect(conv).toContain('上方 1 条消息已归档到记忆中');
    expect(conv).toContain('结果：消息 #3');
    expect(conv).toContain('search 的结果 调用位于消息 #2');
    expect(conv).toContain('孤立结果：之前没有这个 id 的调用');
    expect(conv).toContain('不是合法的 JSON：Unterminated string starting at: line 1 column 34 (char 33)');
    expect(el.querySelector('.sl-tag-internal')!.getAttribute('title')).toBe('斜杠命令行：在聊天中显示，从不回放给模型');
    expect(el.querySelector('.sl-msg')!.getAttribute('aria-label')).toBe('消息 1，user');
    for (const english of ['Conversation', 'Export / share', 'as stored', 'Not valid JSON', 'corrupt line', 'Find…', 'Raw JSON', 'Jump to', 'orphan result', 'archived to memory']) {
      expect(text(), english).not.toContain(english);
    }
  });

  it('the find bar and jump controls answer in Chinese', async () => {
    await setLanguage('zh-CN');
    el = await mount(<SessionView {...props({ opened: openText(file) })} />);
    await conversationShown(el);
    await click(button(el, '查找…'));
    const input = el.querySelector<HTMLInputElement>('.sl-find-input')!;
    expect(input.placeholder).toBe('在此会话中查找');
    await type(input, 'found');
    await waitFor(() => el!.querySelector('.sl-find-count')!.textContent === '第 1 个，共 1 个');
    await type(input, 'zzz');
    await waitFor(() => el!.querySelector('.sl-find-count')!.textContent === '没有匹配项');
    await type(el.querySelector('.sl-jump-message'), '99');
    await click(button(el.querySelector('.sl-jump')!, '跳转'));
    expect(el.querySelector('.sl-jump [role="status"]')!.textContent).toBe('没有消息 #99：消息编号为 #1–4。');
    // A status already shown follows a language switch too.
    await setLanguage('en');
    await settle();
    expect(el.querySelector('.sl-jump [role="status"]')!.textContent).toBe('There is no message #99: messages are #1–4.');
  });

  it('the File tab explains lenses, problems and the metadata record in Chinese', async () => {
    await setLanguage('zh-CN');
    el = await mount(<SessionView {...props({ opened: openText(file), route: { tab: 'file', params: {} } })} />);
    // The tab reads the file through its source: its sections are drawn once the answers are in.
    await waitFor(() => !!el!.querySelector('.sl-lenses') && !!el!.querySelector('.sl-diag-list') && !!el!.querySelector('.sl-meta'));
    const f = el.querySelector('.sl-file')!.textContent!;
    expect(f).toContain('这个文件的两种视角');
    expect(f).toContain('两种视角不一致：nanobot 看不到这个文件中的全部内容。');
    expect(f).toContain('加载方式修复（严格加载抛出 JSONDecodeError: Unterminated string');
    expect(f).toContain('发现 1 个问题');
    expect(el.querySelector('.sl-diag-list li')!.textContent).toBe('第 5 行，第 34 列 错误 不是合法的 JSON：Unterminated string starting at: line 1 column 34 (char 33)');
    expect(f).toContain('元数据记录');
    expect(f).toContain('真正的会话键（文件名只是它的有损副本）');
    expect(f).toContain('nanobot 自有');
    expect(f).toContain('不是 nanobot 的键');
    expect(el.querySelector('.sl-contract')!.textContent).toBe('goal_state 不是 nanobot 写入的格式：值是字符串。');
    expect(f).toContain('各行（6）');
    for (const english of ['Two lenses', 'problem found', 'Metadata record', 'not a nanobot key', 'is not what nanobot writes', 'Lines (']) expect(f, english).not.toContain(english);
  });

  it('the Export tab, its findings and the exported file follow the language', async () => {
    let last: Blob | null = null;
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((last = b as Blob), 'blob:test'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => void saved.push('x'));
    await setLanguage('zh-CN');
    el = await mount(<SessionView {...props({ opened: openText(file), route: { tab: 'export', params: {} } })} />);
    await waitFor(() => el!.querySelector('.sl-findings') !== null);
    const x = el.querySelector('.sl-export')!.textContent!;
    expect(x).toContain('导出与分享');
    expect(x).toContain('存储的会话（4 条消息）');
    expect(x).toContain('HTML 页面（离线、无脚本）');
    expect(el.querySelector('.sl-findings p')!.textContent).toBe('1 处发现，全部已遮蔽：1 × 会话键。');
    expect(el.querySelector('.sl-findings-list li')!.textContent).toMatch(/^#1 会话键 位于 键： cli:direct/);
    await waitFor(() => !!el!.querySelector('.sl-export-preview pre'));
    const preview = el.querySelector('.sl-export-preview')!.textContent!;
    expect(preview).toContain('- 会话键：\\[已遮蔽：会话键 \\#1\\]');
    expect(preview).toContain('- 存储的会话：4 条消息');
    expect(preview).toContain('*工具调用 search \\(c1\\)*');
    await click(button(el, '下载 cli-session-2026-06-01.md'));
    expect(await last!.text()).toBe(preview);
    for (const english of ['Export and share', 'Session key', 'redacted', 'tool call', 'Download']) expect(x + preview, english).not.toContain(english);
  });

  it('Markdown in a message: the code block label and copy button, the raw switch', async () => {
    await setLanguage('zh-CN');
    await loadMarkdown();
    const o = openText(jsonl([meta(), { role: 'assistant', content: 'Run:\n\n```\nls\n```\n\n![chart](https://x.example/a.png)' }]));
    el = await mount(<SessionView {...props({ opened: o })} />);
    await conversationShown(el);
    await waitFor(() => el!.querySelector('.sl-md-copy') !== null);
    expect(el.querySelector('.sl-md-lang')!.textContent).toBe('代码');
    expect(el.querySelector('.sl-md-copy')!.textContent).toBe('复制');
    expect(el.querySelector('.sl-md-copy')!.getAttribute('aria-label')).toBe('复制代码');
    expect(el.querySelector('.sl-md-img')!.textContent).toBe('图片：chart');
    expect(el.querySelector('.sl-raw-switch')!.textContent).toBe('原始文本');
    expect(el.querySelector('.sl-raw-switch')!.getAttribute('title')).toBe('按存储原样显示这段文本，或以 Markdown 排版显示');
  });

  it('the Export tab names the turn a replay link is as of, in Chinese', async () => {
    await setLanguage('zh-CN');
    el = await mount(<SessionView {...props({ opened: openText(file), route: { tab: 'export', params: { src: 'replay', upto: '2' } } })} />);
    await waitFor(() => el!.querySelector('label[data-upto]') !== null);
    expect(el.querySelector('label[data-upto]')!.textContent).toBe(' 回放：nanobot 发送给模型的内容（按“回放”标签页的设置），截至用户消息 #1：4 条消息中的前 2 条');
  });

  it('switches back to English on screen when the language changes', async () => {
    await setLanguage('zh-CN');
    el = await mount(<SessionView {...props({ opened: openText(file) })} />);
    await conversationShown(el);
    expect(tab('对话')).toBeDefined();
    await setLanguage('en');
    await settle();
    expect(tab('Conversation')).toBeDefined();
    expect(el.querySelector('.sl-conversation')!.textContent).toContain('4 messages as stored');
    expect(text()).not.toContain('对话');
  });

  it('the preview shown while a big file opens speaks Chinese', async () => {
    await setLanguage('zh-CN');
    el = await mount(<OpeningPreview messages={[]} progress={[3, 10]} />);
    expect(text()).toContain('开头的几条消息（其余部分仍在读取）');
    expect(text()).toContain('解析器已送来 3 / 10 行… 完成后即可打开完整视图（回放、文件、编辑）。');
  });
});
