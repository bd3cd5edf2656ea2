// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFromIndex } from '../../../../src/core/index/index-load';
import { indexBytes } from '../../../../src/core/index/line-index';
import { decodeRecord } from '../../../../src/store/large/read/large-records';
import { LargeReplay } from '../../../../src/ui/session/large/LargeReplay';
import { loadLarge } from '../../../../src/store/large/large-load';
import { mount, unmount, waitFor } from '../helpers';
import { loadNanobot } from '../../../../src/core/lens/load';
import { getHistory } from '../../../../src/core/replay/replay';
import { agentLoopOptions } from '../../../../src/core/replay/budget';
import { loadTokenizer } from '../../../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../../src/core/tokens/tokens';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** 12 messages, 5 of them archived by `last_consolidated`, a command among the rest (v0.3.0 drops it). */
function file(): Uint8Array<ArrayBuffer> {
  const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 5}'];
  for (let i = 0; i < 12; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}`, ...(i === 8 ? { _command: true } : {}) }));
  rows.splice(3, 0, '{corrupt');
  return new TextEncoder().encode(rows.join('\n') + '\n');
}

describe('the replay of a large file', () => {
  it('numbers each card by its message, not by its place among the kept', async () => {
    const bytes = file();
    const index = indexBytes(bytes, 'v0.3.0');
    const load = loadFromIndex(index, 'v0.3.0', (l) => decodeRecord(bytes.subarray(index.start[l]!, index.start[l]! + index.length[l]!)) ?? {});
    expect(load.lastConsolidated).toBe(5);
    el = await mount(<LargeReplay file={new Blob([bytes])} index={index} load={load} version="v0.3.0" />);
    await waitFor(() => el!.querySelectorAll('.sl-large-replay article').length > 0);
    const cards = [...el.querySelectorAll('.sl-large-replay article')];
    // From the first user turn after the archive (message 7) to the end, but the command (message 9):
    // their own numbers, and their own texts.
    expect(cards.map((c) => c.getAttribute('data-message'))).toEqual(['6', '7', '9', '10', '11']);
    expect(cards.map((c) => c.textContent!.match(/#(\d+)/)![1])).toEqual(['7', '8', '10', '11', '12']);
    expect(cards.map((c) => c.textContent!.match(/m\d+/)![0])).toEqual(['m6', 'm7', 'm9', 'm10', 'm11']);
  });
});

describe("the replay of a large file at the agent loop's settings", () => {
  it('sends what the full view sends by default: the token budget leaves the oldest messages out', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 0}'];
    for (let i = 0; i < 300; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 1500 }, (_, w) => `w${(i * 7 + w) % 997}`).join(' ') }));
    const bytes = new TextEncoder().encode(rows.join('\n') + '\n');
    const index = indexBytes(bytes, 'main');
    const load = loadFromIndex(index, 'main', (l) => decodeRecord(bytes.subarray(index.start[l]!, index.start[l]! + index.length[l]!)) ?? {});
    const counter = await loadTokenizer();
    const s = loadNanobot(bytes, 'cli:big', '2026-12-04T00:00:00', 'main').result!;
    const want = getHistory(s.messages, s.lastConsolidated, agentLoopOptions('main'), 'main', (e) => estimateMessageTokens(e, counter, 'main'));
    expect(want.entries.length).toBeLessThan(300);
    const asked: Record<string, string>[] = [];
    el = await mount(<LargeReplay file={new Blob([bytes])} index={index} load={load} version="main" params={{ large: '100' }} onParams={(p) => asked.push(p)} />);
    await waitFor(() => el!.querySelector('.sl-large-replay .sl-headline') !== null);
    const sum = want.tokens!.reduce((a, b) => a + b, 0);
    expect(el.querySelector('.sl-headline')!.textContent).toBe(`nanobot main sends ${want.entries.length} of 300 messages (${sum.toLocaleString('en-US')} tokens by nanobot's estimate)`);
    // The full view's controls, at the agent loop's settings.
    const select = el.querySelector<HTMLSelectElement>('.sl-controls select')!;
    expect(select.value).toBe('default');
    expect(el.querySelector('.sl-controls')!.textContent).toContain('190,784');
    // No budget: every message is sent, and the link carries the setting.
    select.value = 'none';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => el!.querySelector('.sl-headline')?.textContent?.startsWith('nanobot main sends 300 of 300') ?? false);
    await waitFor(() => asked.length > 0);
    expect(asked.at(-1)).toMatchObject({ large: '100', max_tokens: '0' });
  });
});

describe("a large file's Context over time", () => {
  it("is the full view's panel: the same turns, tokens and cuts; a turn's \"open\" shows the replay as of it", async () => {
    const { ContextPanel } = await import('../../../../src/ui/session/replay/context/ContextPanel');
    const { agentLoop } = await import('../../../../src/ui/session/replay/settings');
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 3}'];
    for (let i = 0; i < 40; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 30 + 20 * i }, (_, w) => `w${(i + w) % 97}`).join(' ') }));
    const bytes = new TextEncoder().encode(rows.join('\n') + '\n');
    const index = indexBytes(bytes, 'v0.2');
    const load = loadFromIndex(index, 'v0.2', (l) => decodeRecord(bytes.subarray(index.start[l]!, index.start[l]! + index.length[l]!)) ?? {});
    const s = loadNanobot(bytes, 'cli:big', '2026-12-04T00:00:00', 'v0.2').result!;
    const settings = { ...agentLoop('v0.2'), maxTokens: 2_000 };
    const table = async () => {
      await waitFor(() => !!el!.querySelector('.sl-ctx-table'));
      const d = el!.querySelector<HTMLDetailsElement>('.sl-ctx-table')!;
      d.open = true;
      d.dispatchEvent(new Event('toggle'));
      await waitFor(() => !!el!.querySelector('.sl-ctx-table tbody tr'));
      return [...el!.querySelectorAll('.sl-ctx-table tr')].map((r) => r.textContent);
    };
    el = await mount(<ContextPanel messages={s.messages} lastConsolidated={s.lastConsolidated} version="v0.2" current={null} settings={settings} onPick={() => {}} />);
    const want = await table();
    expect(want.length).toBe(21);
    await unmount(el);
    const asked: Record<string, string>[] = [];
    el = await mount(<LargeReplay file={new Blob([bytes])} index={index} load={load} version="v0.2" params={{ max_tokens: '2000' }} onParams={(p) => asked.push(p)} />);
    expect(await table()).toEqual(want);
    // A turn's "open": the replay as of that turn, through the link.
    el.querySelectorAll<HTMLButtonElement>('.sl-ctx-table tbody button')[4]!.click();
    expect(asked.at(-1)).toMatchObject({ max_tokens: '2000', upto: '9' });
    await unmount(el);
    el = await mount(<LargeReplay file={new Blob([bytes])} index={index} load={load} version="v0.2" params={asked.at(-1)!} onParams={() => {}} />);
    await waitFor(() => el!.querySelector('.sl-large-replay .sl-headline') !== null);
    expect(el.querySelector('[data-upto="9"]')).not.toBeNull();
    const past = getHistory(s.messages.slice(0, 9), 3, { ...agentLoopOptions('v0.2'), maxTokens: 2_000 }, 'v0.2', (e) => estimateMessageTokens(e, counterOf, 'v0.2'));
    expect(el.querySelector('.sl-headline')!.textContent).toMatch(new RegExp(`^nanobot v0.2 sends ${past.entries.length} of 9 messages`));
  });
});

let counterOf: Awaited<ReturnType<typeof loadTokenizer>>;
beforeAll(async () => {
  counterOf = await loadTokenizer();
});

describe('the replay of a large file nanobot cannot load', () => {
  it("says what nanobot's load raises, its type and text, rather than that it loads nothing", async () => {
    const deep = `{"role": "user", "content": ${'['.repeat(1200)}${']'.repeat(1200)}}`;
    const bytes = new TextEncoder().encode([JSON.stringify({ role: 'user', content: 'hi' }), deep].join('\n') + '\n');
    const index = indexBytes(bytes, 'v0.3.0');
    const load = await loadLarge(new Blob([bytes]), index, 'v0.3.0', '2026-12-04T10:00:00', 'cli_big.jsonl');
    expect(load.raises).toBe(true);
    el = await mount(<LargeReplay file={new Blob([bytes])} index={index} load={load} version="v0.3.0" />);
    expect(el.querySelector('.notice')!.textContent).toBe("nanobot's load raises RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string: the session cannot be opened by it.");
  });

  it('at 0.2.1 a stored last_consolidated of "3" raises TypeError, naming no message (the slice itself raises)', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": "3"}'];
    for (let i = 0; i < 6; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    const bytes = new TextEncoder().encode(rows.join('\n') + '\n');
    const index = indexBytes(bytes, '0.2.1');
    const file = new Blob([bytes]);
    const load = await loadLarge(file, index, '0.2.1', '2026-06-01T12:00:00', 'cli_big.jsonl');
    el = await mount(<LargeReplay file={file} index={index} load={load} version="0.2.1" />);
    await waitFor(() => !!el!.querySelector('.notice.danger'));
    const said = el.querySelector('.notice.danger')!.textContent!;
    expect(said).toContain('TypeError');
    expect(said).not.toContain('message #');
  });
});
