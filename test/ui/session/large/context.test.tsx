// @vitest-environment happy-dom
/**
 * The Context tab at both sizes: large-file mode's (the replay worker at the agent loop's settings
 * for the window, the traces worker) shows the same next request, part by part and token for token,
 * the same save traces and archive entries as the full view's, on the same file; and at both sizes
 * the history is the agent loop's replay with its token budget walked, not a count window alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { indexBytes } from '../../../../src/core/index/line-index';
import type { NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import { DEFAULT_HISTORY_BUDGET } from '../../../../src/core/replay/budget';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { loadLarge } from '../../../../src/store/large/large-load';
import { openFromBytes } from '../../../../src/store/save/sessions';
import { ContextTab } from '../../../../src/ui/session/context/ContextTab';
import { IndexContextTab } from '../../../../src/ui/session/context/IndexContextTab';
import { enc, mount, NOW, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const PATH = 'sessions/cli_direct.jsonl';

function workspace() {
  const a = createMemoryAdapter();
  a.mkdir('memory');
  a.mkdir('sessions');
  a.setFile('AGENTS.md', '# Agent\n\nBe brief.\n');
  a.setFile('memory/MEMORY.md', '- likes tea\n');
  a.setFile('memory/history.jsonl', '{"cursor": 1, "timestamp": "2026-06-01 09:00", "content": "talked about tea", "session_key": "cli:direct"}\n');
  return a;
}

const meta = (lc: number) => JSON.stringify({ _type: 'metadata', key: 'cli:direct', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: lc });
const lines = (rows: (string | object)[]) => enc(rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');

/** Two user turns in a row (a reply missing), a call without its result, an archived prefix. */
const traced = lines([
  meta(2),
  { role: 'user', content: 'old question' },
  { role: 'assistant', content: 'old answer' },
  { role: 'user', content: 'first' },
  { role: 'user', content: 'second, no reply between' },
  { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{}' } }] },
  { role: 'user', content: 'and now?' },
]);

/** 300 turns of some 2,400 tokens each: the agent loop's budget leaves most of them out. */
const wordy = lines([meta(0), ...Array.from({ length: 300 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 1200 }, (_, w) => `w${(i * 7 + w) % 997}`).join(' ') }))]);

/** What the tab shows: every part with its tokens, the total, the traces and the archive entries. */
async function shown(): Promise<string[]> {
  await waitFor(() => !!el!.querySelector('.sl-turn-total') && !el!.querySelector('.sl-turn [aria-busy="true"]'), 30_000);
  const parts = [...el!.querySelectorAll<HTMLElement>('tr.sl-turn-part')].map((r) => `${r.dataset.kind} ${r.dataset.sources} ${r.dataset.tokens} ${r.textContent}`);
  const traces = [...el!.querySelectorAll<HTMLElement>('.sl-turn-traces li')].map((li) => `${li.dataset.trace} ${li.textContent} ${li.querySelector('a')?.getAttribute('href')}`);
  const archive = [...el!.querySelectorAll<HTMLElement>('.sl-turn-archive li')].map((li) => li.textContent!);
  return [...parts, el!.querySelector('.sl-turn-total')!.textContent!, ...traces, ...archive];
}

async function full(bytes: Uint8Array, version: NanobotVersion): Promise<string[]> {
  const opened = openFromBytes(PATH, bytes, { path: PATH, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: NOW });
  el = await mount(<ContextTab opened={opened} reader={workspace()} params={{ message: 'What next?' }} onParams={() => {}} />);
  const s = await shown();
  await unmount(el);
  el = null;
  return s;
}

async function large(bytes: Uint8Array, version: NanobotVersion): Promise<string[]> {
  const index = indexBytes(bytes, version);
  const file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const load = await loadLarge(file, index, version, NOW, 'cli_direct.jsonl');
  el = await mount(<IndexContextTab file={file} index={index} load={load} version={version} path={PATH} reader={workspace()} params={{ message: 'What next?' }} onParams={() => {}} />);
  return shown();
}

describe('the Context tab at every size', () => {
  for (const version of ['v0.2', 'v0.3.0', 'main'] as const) {
    it(`shows the same next request, traces and archive in the full view and in large-file mode (${version})`, async () => {
      const want = await full(traced, version);
      expect(want.some((s) => s.startsWith('reply-missing'))).toBe(true);
      expect(want.some((s) => s.startsWith('tool-result-missing'))).toBe(true);
      expect(await large(traced, version)).toEqual(want);
    });
  }

  it("walks the agent loop's token budget at both sizes", async () => {
    const want = await full(wordy, 'v0.2');
    const history = want.find((s) => s.startsWith('history '))!;
    const tokens = Number(history.split(' ')[2]);
    expect(tokens).toBeGreaterThan(DEFAULT_HISTORY_BUDGET / 2);
    expect(tokens).toBeLessThanOrEqual(DEFAULT_HISTORY_BUDGET);
    expect(await large(wordy, 'v0.2')).toEqual(want);
  });

  it('at 0.2.1 uses its default window (65,536: a 56,320-token budget) at both sizes', async () => {
    const want = await full(wordy, '0.2.1');
    const tokens = Number(want.find((s) => s.startsWith('history '))!.split(' ')[2]);
    expect(tokens).toBeGreaterThan(56_320 / 2);
    expect(tokens).toBeLessThanOrEqual(56_320);
    expect(await large(wordy, '0.2.1')).toEqual(want);
  });

  it('at 0.2.1 says nanobot raises TypeError in large-file mode where the stored last_consolidated is "3"', async () => {
    const bytes = lines([meta(0).replace('"last_consolidated":0', '"last_consolidated":"3"'), { role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }]);
    const index = indexBytes(bytes, '0.2.1');
    const file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
    const load = await loadLarge(file, index, '0.2.1', NOW, 'cli_direct.jsonl');
    el = await mount(<IndexContextTab file={file} index={index} load={load} version="0.2.1" path={PATH} reader={workspace()} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn [role=alert]'));
    expect(el.querySelector('.sl-turn [role=alert]')!.textContent).toContain('TypeError');
    expect(el.querySelector('.sl-turn-total')).toBeNull();
  });
});
