// @vitest-environment happy-dom
/** The workspace in Simplified Chinese: sessions, version line, health, leftovers and upgrade pages. */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectLayout } from '../../../src/store/listing/layout';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { pageTextReady, setLanguage } from '../../../src/ui/i18n/text';
import { channelFilter, problemsOnly, query } from '../../../src/ui/workspace/filters';
import { scans, setWorkspace } from '../../../src/ui/workspace/model';
import { WorkspaceView } from '../../../src/ui/workspace/WorkspaceView';
import { click, mount, type, unmount, waitFor } from '../session/helpers';
import { demoWorkspace } from '../shell-helpers';

let el: HTMLElement | null = null;

beforeEach(async () => {
  query.value = '';
  channelFilter.value = '';
  problemsOnly.value = false;
  await act(() => setWorkspace(null));
  await setLanguage('zh-CN');
});

afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
  await setLanguage('en');
});

const text = () => el!.textContent!;
const absent = (...english: string[]) => english.forEach((e) => expect(text()).not.toContain(e));

async function openDemo(page: 'sessions' | 'health' | 'leftovers'): Promise<void> {
  await setWorkspace(await demoWorkspace());
  await waitFor(() => scans.value.size === 10);
  el = await mount(<WorkspaceView page={page} />);
}

describe('the workspace in Chinese', () => {
  it('sessions: tabs, layout, version evidence, rows, times, counts and badges', async () => {
    await openDemo('sessions');
    expect([...el!.querySelectorAll('nav.tabs a')].map((a) => a.firstChild!.textContent)).toEqual(['会话', '健康', '遗留文件', '记忆', '升级']);
    expect(el!.querySelector('.layout-text')!.textContent).toBe('“Demo workspace”是 nanobot 工作区：sessions/ 中有 10 个会话文件。');
    await waitFor(() => !!el!.querySelector('.naming summary') && !!el!.querySelector('.version-line'));
    expect(el!.querySelector('.naming summary')!.textContent).toBe('nanobot v0.2 文件名（safe_key）');
    const version = el!.querySelector('.version-line')!.textContent!;
    expect(version).toContain('证据（');
    expect(version).toContain('工作区的 sessions 文件夹，v0.2 和 v0.3.0 在这里保存会话');
    expect(version).toContain('nanobot 版本');
    expect(el!.querySelector('.version-line p')!.textContent).toBe('nanobot v0.2（无法确定：显示其中一个候选版本，可在下方选择）：工作区的 sessions 文件夹，v0.2 和 v0.3.0 在这里保存会话；cli_direct.jsonl.tmp：v0.2 一次中断的保存；1 个文件的回复带有 latency_ms');
    const cli = el!.querySelector<HTMLElement>('.session-row[data-file="cli_direct.jsonl"]')!;
    expect(cli.querySelector('.row-time')!.textContent).toBe('2026年6月2日 09:16');
    expect(cli.querySelector('.row-count')!.textContent).toBe('15 条消息');
    expect(cli.querySelector('.badges')!.textContent).toContain('保存被中断');
    const wa = el!.querySelector('.session-row[data-file="whatsapp_4915550001.jsonl"] .badges')!;
    expect(wa.textContent).toContain('nanobot 加载不到任何内容');
    expect(wa.textContent).toContain('它会开始一个空会话');
    expect(el!.querySelector<HTMLInputElement>('#session-search')!.placeholder).toBe('搜索标题、键和消息   ( / )');
    expect(el!.querySelector('#search-scope')!.textContent).toContain('10 个会话，按 nanobot 的顺序排列');
    expect(el!.querySelector('.workspace-actions')!.textContent).toBe('重新加载关闭');
    absent('Reload', 'msgs', 'interrupted save', 'session files in', 'Evidence', 'in nanobot’s order', 'nanobot loads nothing', 'Jun 2026');
    // A search that finds nothing says so in Chinese, with the query verbatim.
    await type(el!.querySelector('#session-search'), 'zzqx');
    expect(el!.querySelector('#search-scope')!.textContent).toContain('0 个会话匹配“zzqx”');
    expect(el!.querySelector('.empty-state')!.textContent).toBe('没有匹配的会话。');
  });

  it('health: summary, verdicts and line links', async () => {
    await openDemo('health');
    await waitFor(() => !!el!.querySelector('.health-file'));
    expect(el!.querySelector('#health-title')!.textContent).toBe('健康');
    expect(el!.querySelector('.health-summary')!.textContent).toContain('1 个文件 nanobot 会加载为空（并在下次保存时销毁）');
    const wa = [...el!.querySelectorAll('.health-file')][1]!;
    expect(wa.querySelector('.verdict-label')!.textContent).toBe('加载：');
    expect(wa.querySelector('.verdict')!.textContent).toContain('nanobot 从此文件中加载不到任何内容');
    expect(wa.querySelector('a.diag-where')!.textContent).toBe('第 4 行');
    expect(text()).toContain('个文件有问题');
    absent('whole file', 'with problems', 'Loading:', 'Compare both lenses', 'nanobot would load as empty');
  });

  it('leftovers: what the tmp file was for, inspected, and the confirm step', async () => {
    await openDemo('leftovers');
    await waitFor(() => !!el!.querySelector('.leftover'));
    const item = el!.querySelector('.leftover')!;
    expect(item.querySelector('.chip')!.textContent).toBe('临时文件');
    expect(item.textContent).toContain('它本来要替换 cli_direct.jsonl');
    await click([...item.querySelectorAll('button')].find((b) => b.textContent === '查看'));
    await waitFor(() => !!el!.querySelector('.inspection'));
    expect(el!.querySelector('.inspection')!.textContent).toMatch(/当前文件有 15 条消息.*它被截断了/);
    await click([...el!.querySelectorAll('button')].find((b) => b.textContent === '删除…'));
    const dialog = el!.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('从文件夹中删除 cli_direct.jsonl.tmp？此操作无法撤销。');
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['删除 cli_direct.jsonl.tmp', '取消']);
    absent('Inspect', 'It was going to replace', 'Cancel', 'tmp file', 'Leftovers of interrupted saves');
  });

  it('upgrade: kinds and sentences, the core’s reasons translated', async () => {
    const a = createMemoryAdapter();
    const meta = (key: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}`;
    const turns = Array.from({ length: 300 }, (_, i) => `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`);
    a.setFile('sessions/cli_direct.jsonl', [meta('cli:direct'), ...turns].join('\n') + '\n');
    await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout: await detectLayout(a, 'ws') });
    el = await mount(<WorkspaceView page="upgrade" />);
    await waitFor(() => !!el!.querySelector('select.upgrade-target'));
    await type(el!.querySelector('select.upgrade-target'), 'v0.3.0');
    await waitFor(() => !!el!.querySelector('.upgrade-changes'));
    expect(el!.querySelector('#upgrade-h')!.textContent).toBe('升级会带来什么变化');
    const row = () => el!.querySelector('.upgrade-row')!.textContent!;
    expect(row()).toContain('回放有变化');
    expect(row()).toContain('回放的消息从 120 条变为 300 条（+180 / −0）');
    await type(el!.querySelector('select.upgrade-target'), 'main');
    await waitFor(() => !!el!.querySelector('.upgrade-vanishes'));
    expect(row()).toContain('不再可见');
    expect(row()).toContain('它的 v0.2 文件名不是 base64url：main 从不加载或列出它');
    absent('What an upgrade changes', 'replays differently', 'no longer seen', 'not base64url', 'messages replayed');
  });
});

describe('diagnostics in Chinese', () => {
  it('every kind of problem the core reports is put into Chinese, keeping Python’s words and the file’s values verbatim', async () => {
    const { parseDocument } = await import('../../../src/core/lens/document');
    const { pg } = await import('../../../src/ui/i18n/text');
    const meta = (key: string, extra = '') => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 7${extra}}`;
    const lines = [
      '',
      meta('telegram:1'),
      '\ufeff{"role": "user", "content": "a"}',
      '{"role": "user", "content": ',
      '['.repeat(1200) + ']'.repeat(1200),
      '[1]',
      '\f{"role": "user", "content": "padded"}\f',
      '{"content": "no role"}',
      '{"_type": "metadata", "key": "x", "created_at": "yesterday", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 99}',
    ];
    const bytes = new Uint8Array([...new TextEncoder().encode(lines.join('\r\n') + '\n{"role": "user", "content": "tail"}\n'), 0xff, 0x0a, ...new TextEncoder().encode('{"role": "user"}')]);
    const doc = parseDocument(bytes, { fileName: 'telegram_1.jsonl', version: 'v0.2' });
    const kinds = new Set(doc.diagnostics.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(
      ['bad-json', 'bad-last-consolidated', 'bad-time', 'blank-line', 'bom', 'duplicate-metadata', 'invalid-utf8', 'key-mismatch', 'line-ending', 'metadata-not-first', 'missing-role', 'no-final-newline', 'not-object', 'padded-line', 'too-deep'].sort(),
    );
    await pageTextReady();
    for (const d of doc.diagnostics) {
      const zh = pg().health.message(d);
      expect(`${d.kind}: ${/[\u4e00-\u9fff]/.test(zh)}`).toBe(`${d.kind}: true`);
      expect(zh).not.toContain('nanobot loads');
      expect(zh).not.toContain('Not valid');
    }
    const bad = doc.diagnostics.find((d) => d.kind === 'bad-json')!;
    if (bad.kind !== 'bad-json') throw new Error('no bad-json diagnostic');
    expect(pg().health.message(bad)).toBe(`不是合法的 JSON：${bad.values.error}`); // Python's own words, verbatim
    expect(pg().health.message(doc.diagnostics.find((d) => d.kind === 'bad-time')!)).toMatch(/^created_at 不是 nanobot 能读取的 ISO 日期（ValueError: .*yesterday/);
  });
});
