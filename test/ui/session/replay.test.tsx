// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHistory } from '../../../src/core/replay/replay';
import { DROP_REASON_EN } from '../../../src/words/replay-en';
import { loadTokenizer } from '../../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../src/core/tokens/tokens';
import { LINK_DELAY_MS, ReplayTab } from '../../../src/ui/session/replay/ReplayTab';
import { settingsFromParams, settingsToParams } from '../../../src/ui/session/replay/settings';
import { agentLoopOptions } from '../../../src/core/replay/budget';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { button, check, click, indexedText, jsonl, meta, mount, openText, settle, type, unmount, waitFor, wholeHost } from './helpers';
import type { OpenedSession } from '../../../src/store/save/sessions';
import type { SessionSource } from '../../../src/store/source/session-source';

/** One source per session opened (what the page holds): a render again keeps it. */
const sources = new WeakMap<OpenedSession, SessionSource>();
function src(o: OpenedSession): SessionSource {
  if (!sources.has(o)) sources.set(o, wholeHost(o).source);
  return sources.get(o)!;
}

/** The tab's answer is in, and every row in view has its message. */
const answered = (root: Element, text: string) => waitFor(() => root.textContent!.includes(text) && !!root.querySelector('.sl-fate-row') && !root.querySelector('.sl-fate-row[aria-busy]'));

// Counts the rows rendered: each row renders its message's preview once.
const previews = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../../src/core/listing/preview', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../../src/core/listing/preview')>();
  return { ...mod, messagePreview: (...a: Parameters<typeof mod.messagePreview>) => (previews.n++, mod.messagePreview(...a)) };
});

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
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

describe('replay settings', () => {
  it('start as the agent loop’s and round-trip through route params', () => {
    expect(settingsFromParams({}, 'v0.2')).toEqual({ maxMessages: 120, maxTokens: 190_784, includeTimestamps: true, extendToUser: false, includeRuntimeContext: true });
    const p = settingsToParams({ ...agentLoopOptions('v0.2'), maxTokens: 500, extendToUser: true }, { file: 'x.jsonl', line: '3' });
    expect(p).toEqual({ file: 'x.jsonl', max_messages: '120', max_tokens: '500', ts: '1', etu: '1' });
    expect(settingsFromParams(p, 'v0.2')).toEqual({ maxMessages: 120, maxTokens: 500, includeTimestamps: true, extendToUser: true, includeRuntimeContext: true });
  });
});

/** The one tab at both sizes: over the document held whole, and over the file's line index (large-file mode). */
const SIZES: [string, (text: string) => SessionSource][] = [
  ['the whole document', (text) => src(openText(text))],
  ['the line index', (text) => indexedText(text)],
];

describe.each(SIZES)('ReplayTab over %s', (_size, sourceOf) => {
  it('marks every message kept or dropped with the reason in words, and the timestamp change', async () => {
    const o = openText(file);
    const routes: Record<string, string>[] = [];
    el = await mount(<ReplayTab source={sourceOf(file)} params={{}} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await answered(el, 'tokens of a 190,784-token budget');
    const rows = [...el.querySelectorAll('.sl-fate-row')].map((r) => r.textContent!);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toContain(DROP_REASON_EN.consolidated);
    expect(rows[1]).toContain(DROP_REASON_EN['before-user']);
    expect(rows[2]).toContain(DROP_REASON_EN.command);
    expect(rows[3]).toContain('kept (entry 1)');
    expect(rows[3]).toContain('timestamp added');
    expect(rows[4]).not.toContain('timestamp added');
    expect(el.textContent).toContain('nanobot sends 4 messages of 7');
    // the total shown is the sum of nanobot's estimates of the exact entries
    const count = await loadTokenizer();
    const r = getHistory(o.nanobot.result!.messages, 1, { maxTokens: 190_784, includeTimestamps: true }, 'v0.2');
    const total = r.entries.reduce((n, e) => n + estimateMessageTokens(e, count, 'v0.2'), 0);
    expect(el.querySelector('.sl-headline')!.textContent).toContain(`${total.toLocaleString('en-US')} tokens`);
    expect(el.querySelector('canvas[role="img"]')!.getAttribute('aria-label')).toContain('messages 1–1: archived to memory');
  });

  it('applies a small budget at once and says which messages are over it', async () => {
    const routes: Record<string, string>[] = [];
    el = await mount(<ReplayTab source={sourceOf(file)} params={{ max_tokens: '60' }} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await answered(el, 'of a 60-token budget');
    const rows = [...el.querySelectorAll('.sl-fate-row')].map((r) => r.textContent!);
    expect(rows[3]).toContain(DROP_REASON_EN.budget);
    expect(rows[4]).toContain(DROP_REASON_EN.budget);
    expect(rows[5]).toContain('kept');
    expect(el.textContent).toContain('Over the budget');
    // turning timestamps off updates the view and the route
    await check(el.querySelectorAll('input[type="checkbox"]')[0], false);
    await waitFor(() => el!.textContent!.includes('include_timestamps is off'));
    expect(routes).toEqual([]); // the link follows once the controls are quiet
    await waitFor(() => routes.length === 1);
    expect(routes.at(-1)).toMatchObject({ ts: '0', max_tokens: '60' });
    // two quick changes: the view follows each, the link is written once, with the last
    await check(el.querySelectorAll('input[type="checkbox"]')[0], true);
    await type(el.querySelector('select'), 'none');
    await waitFor(() => el!.textContent!.includes('(no budget)'));
    await waitFor(() => routes.length === 2);
    await settle(LINK_DELAY_MS + 50);
    expect(routes).toHaveLength(2);
    expect(routes.at(-1)).toMatchObject({ max_tokens: '0', ts: '1' }); // both changes, in one write
  });

  it('says where nanobot raises and links to the message', async () => {
    el = await mount(<ReplayTab source={sourceOf(jsonl([meta(), { role: 'user', content: 'q' }, { content: 'no role here' }]))} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => el!.textContent!.includes('nanobot raises'));
    expect(el.querySelector('[role="alert"]')!.textContent).toContain("KeyError: 'role'");
    expect(el.querySelector('[role="alert"]')!.textContent).toContain('message #2');
  });
});

describe('ReplayTab on a change of settings', () => {
  const turns = jsonl([
    meta(),
    ...Array.from({ length: 6 }, (_, i) => [
      { role: 'user', content: `question ${i}`, timestamp: `2026-06-01T10:0${i}:00` },
      { role: 'assistant', content: `answer ${i}` },
    ]).flat(),
  ]);
  const rowOf = (root: Element, i: number) => root.querySelector(`.sl-fate-row[data-message="${i}"]`)!;
  /** The messages whose row the DOM changed in while `act` ran. */
  async function touchedRows(root: Element, act: () => Promise<void>): Promise<Set<number>> {
    const seen = new Set<number>();
    const note = (records: MutationRecord[]) => {
      for (const r of records) {
        const node = r.target instanceof Element ? r.target : r.target.parentElement;
        const row = node?.closest('.sl-fate-row');
        if (row) seen.add(Number(row.getAttribute('data-message')));
      }
    };
    const mo = new MutationObserver(note);
    mo.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    await act();
    note(mo.takeRecords());
    mo.disconnect();
    return seen;
  }

  it('re-renders exactly the rows whose fate changed, and the runs only when they changed', async () => {
    const o = openText(turns);
    el = await mount(<ReplayTab source={src(o)} params={{ max_messages: '8' }} onParams={() => {}} onOpenLine={() => {}} />);
    await answered(el, 'Recomputed in');
    const before = [...Array(12).keys()].map((i) => rowOf(el!, i));
    const messages = o.nanobot.result!.messages;
    const fateAt = (mm: number) => getHistory(messages, 0, { maxMessages: mm, maxTokens: 190_784, includeTimestamps: true }, 'v0.2').fates.map((f) => (f.kept ? `kept ${f.entry}` : f.reason));
    const [was, now] = [fateAt(8), fateAt(4)];
    const changed = new Set(was.flatMap((f, i) => (f !== now[i] ? [i] : [])));
    expect(changed.size).toBeGreaterThan(0);
    expect(changed.size).toBeLessThan(12);
    const input = el.querySelector('.sl-controls input[type="number"]');
    previews.n = 0;
    const touched = await touchedRows(el, async () => {
      await type(input, '4');
      await waitFor(() => el!.textContent!.includes('nanobot sends 4 messages'));
    });
    expect(touched).toEqual(changed);
    expect(previews.n).toBe(changed.size); // the other rows were not even rendered again
    // every row is still the element it was, and says its new fate
    [...Array(12).keys()].forEach((i) => expect(rowOf(el!, i)).toBe(before[i]));
    expect(rowOf(el, 3).textContent).toContain(DROP_REASON_EN.window);
    expect(rowOf(el, 8).textContent).toContain('kept (entry 1)');
    // a change that leaves every fate as it was rewrites neither the rows nor the runs
    const runs = el.querySelector('.sl-runs')!;
    const runsTouched: MutationRecord[] = [];
    const mo = new MutationObserver((r) => runsTouched.push(...r));
    mo.observe(runs, { subtree: true, childList: true, characterData: true, attributes: true });
    previews.n = 0;
    const same = await touchedRows(el, async () => {
      await check(el!.querySelectorAll('input[type="checkbox"]')[1], true); // extend_to_user: the window starts on a user turn already
      await waitFor(() => (el!.querySelectorAll('input[type="checkbox"]')[1] as HTMLInputElement).checked);
      await settle(20);
    });
    mo.disconnect();
    expect(fateAt(4)).toEqual(getHistory(messages, 0, { maxMessages: 4, maxTokens: 190_784, includeTimestamps: true, extendToUser: true }, 'v0.2').fates.map((f) => (f.kept ? `kept ${f.entry}` : f.reason)));
    expect(same.size).toBe(0);
    expect(previews.n).toBe(0);
    expect(runsTouched).toHaveLength(0);
  });

  it('keeps an opened entry open across changes, and a re-used row calls the newest callbacks', async () => {
    const o = openText(turns);
    const calls: string[] = [];
    const tab = (name: string, mm: string) => <ReplayTab source={src(o)} params={{ max_messages: mm }} onParams={() => {}} onOpenLine={(l) => calls.push(`${name}:${l}`)} />;
    el = await mount(tab('first', '8'));
    await answered(el, 'Recomputed in');
    await click(button(rowOf(el, 10), 'entry'));
    expect(rowOf(el, 10).querySelector('.sl-code')!.textContent).toContain('question 5');
    await type(el.querySelector('.sl-controls input[type="number"]'), '6');
    await waitFor(() => el!.textContent!.includes('nanobot sends 6 messages'));
    expect(rowOf(el, 10).textContent).toContain('kept (entry 5)');
    expect(rowOf(el, 10).querySelector('.sl-code')!.textContent).toContain('question 5');
    await click(button(rowOf(el, 10), 'hide entry'));
    expect(rowOf(el, 10).querySelector('.sl-code')).toBeNull();
    // the parent renders again with another callback; row 1 is re-used as it was and calls the new one
    await act(() => render(tab('second', '6'), el!));
    await click(button(rowOf(el, 1), 'line 3'));
    expect(calls).toEqual(['second:2']);
  });
});

describe('the fate strip in words', () => {
  it('names the first 40 runs, in its label and its list, and counts the rest', async () => {
    const many = jsonl([
      meta(),
      ...Array.from({ length: 50 }, (_, i) => [
        { role: 'user', content: `question ${i}` },
        { role: 'user', content: '/status', _command: true },
      ]).flat(),
    ]);
    el = await mount(<ReplayTab source={src(openText(many))} params={{ max_messages: '100' }} onParams={() => {}} onOpenLine={() => {}} />);
    await answered(el, 'Recomputed in');
    const label = el.querySelector('canvas[role="img"]')!.getAttribute('aria-label')!;
    expect(label).toContain('messages 40–40: ');
    expect(label).not.toContain('messages 41–41');
    expect(label).toMatch(/; and 60 more runs$/);
    expect(el.querySelectorAll('.sl-runs li')).toHaveLength(41);
    expect(el.querySelector('.sl-runs li:last-child')!.textContent).toBe('… and 60 more runs');
  });
});

describe('the Replay tab in the page', () => {
  it('a change not yet in the link when the tab is left is written then, under the tab now shown (the Export tab reads it)', async () => {
    const { SessionView } = await import('../../../src/ui/session/SessionView');
    const o = openText(file);
    const routes: [string, Record<string, string>][] = [];
    const none = () => {};
    el = await mount(<SessionView {...wholeHost(o)} opened={o} adapter={null} now={() => '2026-06-01T12:00:00'} onSaved={none} onDeleted={none} onForked={none} route={{ tab: 'replay', params: { file: 'cli_direct.jsonl' } }} onRoute={(t, p) => routes.push([t, p])} />);
    await answered(el, 'Recomputed in');
    await type(el.querySelector('.sl-controls input[type="number"]'), '3');
    await click([...el.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Export'));
    expect(routes.at(-1)![0]).toBe('export');
    expect(routes.at(-1)![1]).toMatchObject({ file: 'cli_direct.jsonl', max_messages: '3' });
    await settle(LINK_DELAY_MS + 50);
    expect(routes.at(-1)![0]).toBe('export');
  });

  it('a change still pending when the page itself is left is dropped: the page goes where the person went', async () => {
    const { SessionView } = await import('../../../src/ui/session/SessionView');
    const o = openText(file);
    const routes: string[] = [];
    const none = () => {};
    el = await mount(<SessionView {...wholeHost(o)} opened={o} adapter={null} now={() => '2026-06-01T12:00:00'} onSaved={none} onDeleted={none} onForked={none} route={{ tab: 'replay', params: {} }} onRoute={(t) => routes.push(t)} />);
    await answered(el, 'Recomputed in');
    await type(el.querySelector('.sl-controls input[type="number"]'), '3');
    await unmount(el);
    el = null;
    await settle(LINK_DELAY_MS + 50);
    expect(routes).toEqual([]);
  });
});
