// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { getHistory, DROP_REASON_TEXT } from '../../../src/core/replay';
import { loadTokenizer } from '../../../src/core/tokenizer';
import { estimateMessageTokens } from '../../../src/core/tokens';
import { LINK_DELAY_MS, ReplayTab } from '../../../src/ui/session/replay/ReplayTab';
import { settingsFromParams, settingsToParams, AGENT_LOOP } from '../../../src/ui/session/replay/settings';
import { check, jsonl, meta, mount, openText, settle, type, unmount, waitFor } from './helpers';

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
    expect(settingsFromParams({})).toEqual({ maxMessages: 120, maxTokens: 190_784, includeTimestamps: true, extendToUser: false });
    const p = settingsToParams({ ...AGENT_LOOP, maxTokens: 500, extendToUser: true }, { file: 'x.jsonl', line: '3' });
    expect(p).toEqual({ file: 'x.jsonl', max_messages: '120', max_tokens: '500', ts: '1', etu: '1' });
    expect(settingsFromParams(p)).toEqual({ maxMessages: 120, maxTokens: 500, includeTimestamps: true, extendToUser: true });
  });
});

describe('ReplayTab', () => {
  it('marks every message kept or dropped with the reason in words, and the timestamp change', async () => {
    const o = openText(file);
    const routes: Record<string, string>[] = [];
    el = await mount(<ReplayTab opened={o} params={{}} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await waitFor(() => el!.textContent!.includes('tokens of a 190,784-token budget'));
    const rows = [...el.querySelectorAll('.sl-fate-row')].map((r) => r.textContent!);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toContain(DROP_REASON_TEXT.consolidated);
    expect(rows[1]).toContain(DROP_REASON_TEXT['before-user']);
    expect(rows[2]).toContain(DROP_REASON_TEXT.command);
    expect(rows[3]).toContain('kept (entry 1)');
    expect(rows[3]).toContain('timestamp added');
    expect(rows[4]).not.toContain('timestamp added');
    expect(el.textContent).toContain('nanobot sends 4 messages of 7');
    // the total shown is the sum of nanobot's estimates of the exact entries
    const count = await loadTokenizer();
    const r = getHistory(o.nanobot.result!.messages, 1, { maxTokens: 190_784, includeTimestamps: true });
    const total = r.entries.reduce((n, e) => n + estimateMessageTokens(e, count), 0);
    expect(el.querySelector('.sl-headline')!.textContent).toContain(`${total.toLocaleString('en-US')} tokens`);
    expect(el.querySelector('canvas[role="img"]')!.getAttribute('aria-label')).toContain('messages 1–1: archived to memory');
  });

  it('applies a small budget at once and says which messages are over it', async () => {
    const o = openText(file);
    const routes: Record<string, string>[] = [];
    el = await mount(<ReplayTab opened={o} params={{ max_tokens: '60' }} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await waitFor(() => el!.textContent!.includes('of a 60-token budget'));
    const rows = [...el.querySelectorAll('.sl-fate-row')].map((r) => r.textContent!);
    expect(rows[3]).toContain(DROP_REASON_TEXT.budget);
    expect(rows[4]).toContain(DROP_REASON_TEXT.budget);
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
    const o = openText(jsonl([meta(), { role: 'user', content: 'q' }, { content: 'no role here' }]));
    el = await mount(<ReplayTab opened={o} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => el!.textContent!.includes('nanobot raises'));
    expect(el.querySelector('[role="alert"]')!.textContent).toContain("KeyError: 'role'");
    expect(el.querySelector('[role="alert"]')!.textContent).toContain('message #2');
  });
});
