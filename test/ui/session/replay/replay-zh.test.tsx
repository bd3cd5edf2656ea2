// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DROP_REASON_EN } from '../../../../src/words/replay-en';
import { setLanguage } from '../../../../src/ui/i18n/text';
import { openFromBytes } from '../../../open-bytes';
import { ReplayTab } from '../../../../src/ui/session/replay/ReplayTab';
import { NOW, enc, jsonl, meta, mount, openText, unmount, waitFor, wholeHost } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setLanguage('en');
});

const file = jsonl([
  meta({}, 1),
  { role: 'user', content: 'archived question', timestamp: '2026-06-01T09:00:00' },
  { role: 'assistant', content: 'stray answer' },
  { role: 'user', content: '/status', _command: true },
  { role: 'user', content: 'real question', timestamp: '2026-06-01T10:00:00' },
  { role: 'assistant', content: 'the answer' },
  { role: 'user', content: 'a long one ' + 'word '.repeat(400), timestamp: '2026-06-01T10:01:00' },
  { role: 'assistant', content: 'short' },
]);

const rows = () => [...el!.querySelectorAll('.sl-fate-row')].map((r) => r.textContent!);

describe('ReplayTab in Simplified Chinese', () => {
  it('speaks Chinese in the summary, controls, fates and chart, and English again after switching back', async () => {
    await setLanguage('zh-CN');
    el = await mount(<ReplayTab source={wholeHost(openText(file)).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => el!.textContent!.includes('预算 190,784 个 token'));
    const text = el.textContent!;
    expect(el.querySelector('h2')!.textContent).toBe('回放：nanobot 发送给模型的内容');
    expect(el.querySelector('.sl-headline')!.textContent).toContain('nanobot 发送 4 条消息（共 7 条）');
    expect(el.querySelector('legend')!.textContent).toBe('get_history 参数（nanobot v0.2）');
    expect(text).toContain('这些正是 nanobot v0.2 的 agent 循环使用的参数。');
    expect(text).toContain('为什么这不只是 messages[-120:]（nanobot v0.2）');
    expect(rows()[0]).toContain('未发送：已归档到记忆（低于 last_consolidated），不回放');
    expect(rows()[2]).toContain('命令消息（_command）：从不发送给模型');
    expect(rows()[3]).toContain('保留（第 1 项）');
    expect(rows()[3]).toContain('已添加时间戳');
    expect(el.querySelector('canvas')!.getAttribute('aria-label')).toContain('每条消息的去向：消息 1–1：已归档到记忆');
    await waitFor(() => el!.querySelector('.sl-ctx-panel svg') !== null);
    expect(el.querySelector('.sl-ctx-panel h3')!.textContent).toBe('上下文随时间的变化');
    expect(el.querySelector('.sl-ctx-panel title')!.textContent).toBe('每一轮用户消息时 nanobot 会发送的 token 数');
    expect(el.querySelector('.sl-ctx-panel desc')!.textContent).toContain('共 4 轮用户消息');
    expect(el.querySelector('.sl-ctx-panel desc')!.textContent).toContain('last_consolidated（1）从第 1 轮起生效');
    // identifiers stay as nanobot names them
    expect(el.querySelector('[data-settings]')!.textContent).toContain('max_messages=120, max_tokens=190784, include_timestamps=True');
    for (const english of ['nanobot sends', 'Replay: what', 'kept (entry', 'replayed to the model', DROP_REASON_EN.command, 'Context over time', 'Copy history as JSON', 'tokens of a'])
      expect(el.textContent).not.toContain(english);

    await setLanguage('en');
    await waitFor(() => el!.textContent!.includes('nanobot sends 4 messages of 7'));
    // rows the list had cached re-render in the new language
    expect(rows()[3]).toContain('kept (entry 1)');
    expect(rows()[0]).toContain(DROP_REASON_EN.consolidated);
    expect(el.querySelector('.sl-ctx-panel h3')!.textContent).toBe('Context over time');
    expect(el.textContent).not.toContain('回放');
  });

  it('keeps nanobot main’s own wording for its archive, in the list, the counts and the strip', async () => {
    await setLanguage('zh-CN');
    const turns = Array.from({ length: 6 }, (_, t) => [{ role: 'user', content: `q${t}` }, { role: 'assistant', content: `a${t}` }]).flat();
    const text = jsonl([meta({}, 10), ...turns]);
    const bytes = enc(text);
    const path = 'sessions/cli_direct.jsonl';
    const opened = openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version: 'main', now: NOW });
    el = await mount(<ReplayTab source={wholeHost(opened).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => rows().length === 12);
    const older = '已归档到记忆（低于 last_consolidated），且早于最后 8 条消息：不回放';
    expect(rows()[0]).toContain(older);
    expect(rows()[4]).toContain('已归档，但仍回放：在最后 8 条之内');
    expect(el.querySelector('.sl-counts')!.textContent).toContain(`4 条：${older}`);
    expect(el.querySelector('canvas')!.getAttribute('aria-label')).toContain(`消息 1–4：${older}`);
    expect(el.querySelector('.sl-runs')!.textContent).toContain(older);
    expect(el.textContent).toContain('6 条已归档的消息被再次回放：它们在最后 8 条之内。');
    expect(el.textContent).toContain('但 nanobot main 会再次回放最后 8 条消息');
    expect(el.textContent).not.toContain('archived, but replayed');
  });
});
