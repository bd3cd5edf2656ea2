// @vitest-environment happy-dom
// The Context tab at 0.2.1: the agent loop's default window is the version's (65,536: a 56,320-token budget),
// and a stored last_consolidated of "3" makes nanobot's get_history raise, as golden-0.2.1 records.
import { afterEach, describe, expect, it } from 'vitest';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import type { SessionSource } from '../../../src/store/source/session-source';
import { ContextTab } from '../../../src/ui/session/context/ContextTab';
import { enc, indexedBytes, jsonl, meta, mount, unmount, waitFor, wholeBytes } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** The session at a size: the whole document the page holds, or read on its line index. */
const SIZES: [string, (text: string, version: NanobotVersion) => SessionSource][] = [
  ['the whole document', (text, version) => wholeBytes(enc(text), version)],
  ['the line index', (text, version) => indexedBytes(enc(text), version).source],
];
// Twelve turns of about 8,000 tokens each: more than 56,320, less than 190,784.
const long = jsonl([
  meta({}),
  ...Array.from({ length: 24 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i} ` + 'lorem ipsum dolor '.repeat(i % 2 ? 5 : 2_000), timestamp: '2026-06-01T10:00:00' })),
]);
const historyTokens = (root: Element) => Number((root.querySelector('tr.sl-turn-history') as HTMLElement).dataset.tokens);

describe.each(SIZES)('the Context tab at 0.2.0/0.2.1 over %s', (_size, open) => {
  it('uses the version’s default context window: 65,536 at 0.2.1, 200,000 at 0.2.2, and the budget binds only at 0.2.1', async () => {
    el = await mount(<ContextTab source={open(long, '0.2.1')} reader={null} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'), 60_000);
    expect(el.querySelector('progress')!.getAttribute('max')).toBe('65536');
    expect((el.querySelector('.sl-turn-controls input') as HTMLInputElement).placeholder).toBe('65536');
    expect(historyTokens(el)).toBeLessThanOrEqual(56_320);
    await unmount(el);
    el = await mount(<ContextTab source={open(long, '0.2.2')} reader={null} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn-total'), 60_000);
    expect(el.querySelector('progress')!.getAttribute('max')).toBe('200000');
    expect(historyTokens(el)).toBeGreaterThan(56_320);
  }, 120_000);

  it('says nanobot raises TypeError where the stored last_consolidated is "3" at 0.2.1', async () => {
    const text = jsonl([{ ...meta({}), last_consolidated: '3' }, ...[0, 1, 2, 3, 4].map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))]);
    el = await mount(<ContextTab source={open(text, '0.2.1')} reader={null} params={{}} onParams={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-turn [role=alert]'));
    expect(el.querySelector('.sl-turn [role=alert]')!.textContent).toContain('TypeError');
    expect(el.querySelector('.sl-turn-total')).toBeNull();
  }, 120_000);
});
