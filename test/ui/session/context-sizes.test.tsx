// @vitest-environment happy-dom
/**
 * The one Context tab at both sizes: over the line index (the replay streamed at the agent loop's
 * settings for the window, the traces found by the traces worker's pass) it shows the same next
 * request, part by part and token for token, the same save traces and archive entries as over the
 * whole document, on the same file; at both sizes the history is the agent loop's replay with its
 * token budget walked, not a count window alone, and past the 20,000 messages the old worker refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rulesOf, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS, historyBudget } from '../../../src/core/replay/budget';

/** 190,784: the budget of nanobot's defaults (200,000 window, 8,192 generation tokens). */
const DEFAULT_HISTORY_BUDGET = historyBudget(DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS);
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { ContextTab } from '../../../src/ui/session/context/ContextTab';
import { enc, indexedBytes, mount, unmount, waitFor, wholeBytes } from './helpers';

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

/** The tab over the whole document the page holds. */
async function full(bytes: Uint8Array, version: NanobotVersion): Promise<string[]> {
  el = await mount(<ContextTab source={wholeBytes(bytes, version, PATH)} reader={workspace()} params={{ message: 'What next?' }} onParams={() => {}} />);
  const s = await shown();
  await unmount(el);
  el = null;
  return s;
}

/** The same tab over the file's line index. */
async function large(bytes: Uint8Array, version: NanobotVersion): Promise<string[]> {
  el = await mount(<ContextTab source={indexedBytes(bytes, version, PATH).source} reader={workspace()} params={{ message: 'What next?' }} onParams={() => {}} />);
  return shown();
}

describe('the one Context tab at both sizes', () => {
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

  for (const [size, open] of [['the whole document', wholeBytes], ['the line index', (b: Uint8Array, v: NanobotVersion, p: string) => indexedBytes(b, v, p).source]] as const) {
    it(`at 0.2.1 says nanobot raises TypeError over ${size} where the stored last_consolidated is "3", as a value worded by the page`, async () => {
      const bytes = lines([meta(0).replace('"last_consolidated":0', '"last_consolidated":"3"'), { role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }]);
      el = await mount(<ContextTab source={open(bytes, '0.2.1', PATH)} reader={workspace()} params={{}} onParams={() => {}} />);
      await waitFor(() => !!el!.querySelector('.sl-turn [role=alert]'));
      expect(el.querySelector('.sl-turn [role=alert]')!.textContent).toBe('nanobot raises TypeError: slice indices must be integers or None or have an __index__ method: get_history fails, so the agent cannot build its prompt for this session.');
      expect(el.querySelector('.sl-turn-total')).toBeNull();
    });
  }

  it('builds the request past the 20,000 messages large-file mode refused, equal at both sizes', async () => {
    const many = lines([meta(0), ...Array.from({ length: 20_400 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))]);
    const want = await full(many, 'v0.2');
    expect(Number(want.find((s) => s.startsWith('history '))!.split(' ')[2])).toBeGreaterThan(0);
    expect(await large(many, 'v0.2')).toEqual(want);
  }, 120_000);

  it("says nanobot's load raises, with its exception, at both sizes (v0.3.0: a RecursionError propagates)", async () => {
    const deep = Number(rulesOf('v0.3.0').depthBudget.jsonLoads) + 50;
    const bytes = lines([meta(0), { role: 'user', content: 'q' }, `{"role": "user", "content": ${'['.repeat(deep)}${']'.repeat(deep)}}`]);
    const alerts: string[] = [];
    for (const source of [wholeBytes(bytes, 'v0.3.0', PATH), indexedBytes(bytes, 'v0.3.0', PATH).source]) {
      el = await mount(<ContextTab source={source} reader={workspace()} params={{}} onParams={() => {}} />);
      await waitFor(() => !!el!.querySelector('.sl-turn [role=alert]'));
      expect(el.querySelector('.sl-turn-total')).toBeNull();
      alerts.push(el.querySelector('.sl-turn [role=alert]')!.textContent!);
      await unmount(el);
      el = null;
    }
    expect(alerts[0]).toMatch(/^nanobot's load raises RecursionError: maximum recursion depth exceeded/);
    expect(alerts[1]).toBe(alerts[0]);
  });

  it('builds the request on the empty session nanobot starts where it loads nothing, at both sizes', async () => {
    // Not UTF-8: both of nanobot's passes fail and it starts an empty session under its key.
    const bad = new Uint8Array([...lines([meta(0), { role: 'user', content: 'q' }]), 0xff, 10]);
    const want = await full(bad, 'v0.2');
    expect(want.find((s) => s.startsWith('history '))).toMatch(/^history\s+0 /);
    expect(await large(bad, 'v0.2')).toEqual(want);
    expect(el!.querySelector('.sl-turn .notice')!.textContent).toContain('nanobot loads nothing from this file');
  });
});
