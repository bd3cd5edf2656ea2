// @vitest-environment happy-dom
// The one Replay tab at both sizes (issue 39): over the document held whole and over the file's line
// index (large-file mode, its replay streamed by the replay worker's body in place), the same settings
// give the same fates, counts and tokens; the index's replay reaches as far back as the rules say.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNanobot } from '../../../../src/core/lens/load';
import { getHistory } from '../../../../src/core/replay/replay';
import { agentLoopOptions } from '../../../../src/core/replay/budget';
import { loadTokenizer } from '../../../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../../src/core/tokens/tokens';
import type { NanobotVersion } from '../../../../src/core/nanobot/nanobot-version';
import type { SessionSource } from '../../../../src/store/source/session-source';
import { ReplayTab } from '../../../../src/ui/session/replay/ReplayTab';
import { button, click, enc, indexedText, mount, type, unmount, waitFor, wholeBytes } from '../helpers';
import { pyDumps } from '../../../../src/core/python/pyjson';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

let counter: Awaited<ReturnType<typeof loadTokenizer>>;
beforeAll(async () => {
  counter = await loadTokenizer();
});

const SIZES: [string, (text: string, version: NanobotVersion) => SessionSource][] = [
  ['whole', (text, version) => wholeBytes(enc(text), version)],
  ['index', (text, version) => indexedText(text, version)],
];

/** The tab's answer is in (no count or read under way), every row in view with its message. */
async function answered(root: Element): Promise<void> {
  await waitFor(() => !!root.querySelector('.sl-headline') && root.textContent!.includes('Recomputed in') && !root.querySelector('.sl-fate-row[aria-busy]'), 60_000);
}

const rowsOf = (root: Element) => [...root.querySelectorAll('.sl-fate-row')].map((r) => r.textContent!);

/** What the tab shows at one size: the headline, the counts per fate, and every row in view. */
async function shown(source: SessionSource, params: Record<string, string> = {}): Promise<{ headline: string; counts: string; rows: string[] }> {
  el = await mount(<ReplayTab source={source} params={params} onParams={() => {}} onOpenLine={() => {}} />);
  await answered(el);
  const seen = { headline: el.querySelector('.sl-headline')!.textContent!, counts: el.querySelector('.sl-counts')!.textContent!, rows: rowsOf(el) };
  await unmount(el);
  el = null;
  return seen;
}

describe('the Replay tab at both sizes', () => {
  it('gives the same fates, each row numbered by its message, past a corrupt line, an archive and a command', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 5}'];
    for (let i = 0; i < 12; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}`, ...(i === 8 ? { _command: true } : {}) }));
    rows.splice(3, 0, '{corrupt');
    const text = rows.join('\n') + '\n';
    const [whole, index] = [await shown(SIZES[0]![1](text, 'v0.3.0')), await shown(SIZES[1]![1](text, 'v0.3.0'))];
    expect(index).toEqual(whole);
    // From the first user turn after the archive (message 7) to the end, but the command (message 9).
    const kept = index.rows.filter((r) => r.includes('kept (entry'));
    expect(kept.map((r) => r.match(/^#(\d+)/)![1])).toEqual(['7', '8', '10', '11', '12']);
    expect(kept.map((r) => r.match(/m\d+/)![0])).toEqual(['m6', 'm7', 'm9', 'm10', 'm11']);
  });

  it('copies the same JSON at both sizes: nanobot\'s entries as json.dumps writes the list', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 2}'];
    for (let i = 0; i < 8; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i} "quoted" \u00e9`, timestamp: '2026-06-01T10:00:00', n: i / 4 }));
    const text = rows.join('\n') + '\n';
    const s = loadNanobot(enc(text), 'cli:big', '2026-12-04T00:00:00', 'v0.2').result!;
    const want = pyDumps(getHistory(s.messages, s.lastConsolidated, agentLoopOptions('v0.2'), 'v0.2').entries);
    const copied: string[] = [];
    for (const [, sourceOf] of SIZES) {
      el = await mount(<ReplayTab source={sourceOf(text, 'v0.2')} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
      await answered(el);
      const write = vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (t) => void copied.push(t));
      await click(button(el.querySelector('.sl-copy')!, 'Copy history as JSON'));
      await waitFor(() => el!.querySelector('.sl-copy [role=status]')!.textContent!.startsWith('Copied'));
      write.mockRestore();
      await unmount(el);
      el = null;
    }
    expect(copied[0]).toBe(want);
    expect(copied[1]).toBe(want);
  });

  it.each(SIZES)("at the agent loop's defaults the budget leaves the oldest out, and no budget sends all (%s)", async (_size, sourceOf) => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 0}'];
    for (let i = 0; i < 300; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 1500 }, (_, w) => `w${(i * 7 + w) % 997}`).join(' ') }));
    const text = rows.join('\n') + '\n';
    const s = loadNanobot(enc(text), 'cli:big', '2026-12-04T00:00:00', 'main').result!;
    const want = getHistory(s.messages, s.lastConsolidated, agentLoopOptions('main'), 'main', (e) => estimateMessageTokens(e, counter, 'main'));
    expect(want.entries.length).toBeLessThan(300);
    const asked: Record<string, string>[] = [];
    el = await mount(<ReplayTab source={sourceOf(text, 'main')} params={{ large: '100' }} onParams={(p) => asked.push(p)} onOpenLine={() => {}} />);
    await answered(el);
    const sum = want.tokens!.reduce((a, b) => a + b, 0);
    expect(el.querySelector('.sl-headline')!.textContent).toBe(`nanobot sends ${want.entries.length} messages of 300 — ${sum.toLocaleString('en-US')} tokens of a 190,784-token budget`);
    const select = el.querySelector<HTMLSelectElement>('.sl-controls select')!;
    expect(select.value).toBe('default');
    await type(select, 'none');
    await waitFor(() => el!.querySelector('.sl-headline')!.textContent!.startsWith('nanobot sends 300 messages of 300'), 60_000);
    await waitFor(() => asked.length > 0);
    expect(asked.at(-1)).toMatchObject({ large: '100', max_tokens: '0' });
  });

  it('draws the same Context over time; a turn\'s "open" replays the session as of it, at both sizes', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 3}'];
    for (let i = 0; i < 40; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: Array.from({ length: 30 + 20 * i }, (_, w) => `w${(i + w) % 97}`).join(' ') }));
    const text = rows.join('\n') + '\n';
    const s = loadNanobot(enc(text), 'cli:big', '2026-12-04T00:00:00', 'v0.2').result!;
    const past = getHistory(s.messages.slice(0, 9), 3, { ...agentLoopOptions('v0.2'), maxTokens: 2_000 }, 'v0.2', (e) => estimateMessageTokens(e, counter, 'v0.2'));
    const tables: string[][] = [];
    for (const [, sourceOf] of SIZES) {
      const source = sourceOf(text, 'v0.2');
      const asked: Record<string, string>[] = [];
      el = await mount(<ReplayTab source={source} params={{ max_tokens: '2000' }} onParams={(p) => asked.push(p)} onOpenLine={() => {}} />);
      await waitFor(() => !!el!.querySelector('.sl-ctx-table'), 60_000);
      const d = el.querySelector<HTMLDetailsElement>('.sl-ctx-table')!;
      d.open = true;
      d.dispatchEvent(new Event('toggle'));
      await waitFor(() => !!el!.querySelector('.sl-ctx-table tbody tr'));
      tables.push([...el.querySelectorAll('.sl-ctx-table tr')].map((r) => r.textContent!));
      el.querySelectorAll<HTMLButtonElement>('.sl-ctx-table tbody button')[4]!.click();
      expect(asked.at(-1)).toMatchObject({ max_tokens: '2000', upto: '9' });
      await unmount(el);
      el = await mount(<ReplayTab source={source} params={asked.at(-1)!} onParams={() => {}} onOpenLine={() => {}} />);
      await answered(el);
      expect(el.querySelector('[data-upto="9"]')!.textContent).toContain('first 9 of 40 messages');
      expect(el.querySelector('.sl-headline')!.textContent).toMatch(new RegExp(`^nanobot sends ${past.entries.length} messages of 9 `));
      expect(rowsOf(el)).toHaveLength(9);
      await unmount(el);
      el = null;
    }
    expect(tables[0]!.length).toBe(21);
    expect(tables[1]).toEqual(tables[0]);
  });

  it('replays a window reaching further back than 20,000 messages by streaming, not refusing it', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 0}'];
    for (let i = 0; i < 20_100; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    el = await mount(<ReplayTab source={indexedText(rows.join('\n') + '\n', 'main')} params={{ max_tokens: '0' }} onParams={() => {}} onOpenLine={() => {}} />);
    await answered(el);
    expect(el.querySelector('.sl-headline')!.textContent).toMatch(/^nanobot sends 20,100 messages of 20,100 /);
  }, 60_000);
});

describe.each(SIZES)("the Replay tab where nanobot raises (%s)", (_size, sourceOf) => {
  it("says what nanobot's load raises, its type and text", async () => {
    const deep = `{"role": "user", "content": ${'['.repeat(1200)}${']'.repeat(1200)}}`;
    el = await mount(<ReplayTab source={sourceOf([JSON.stringify({ role: 'user', content: 'hi' }), deep].join('\n') + '\n', 'v0.3.0')} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('.notice'));
    expect(el.querySelector('.notice')!.textContent).toBe("nanobot's load raises RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string: the session cannot be opened by it.");
    expect(el.querySelector('.sl-headline')).toBeNull();
  });

  it('at 0.2.1 a stored last_consolidated of "3" raises TypeError, naming no message (the slice itself raises)', async () => {
    const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": "3"}'];
    for (let i = 0; i < 6; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    el = await mount(<ReplayTab source={sourceOf(rows.join('\n') + '\n', '0.2.1')} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('[role=alert]'));
    const alert = el.querySelector('[role=alert]')!;
    expect(alert.textContent).toContain('TypeError');
    expect(alert.querySelector('button')).toBeNull();
  });
});
