// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { listSessions } from '../../src/store/sessions';
import { buildRows, filterRows } from '../../src/ui/workspace/rows';
import { FIRST_ROWS, SessionList } from '../../src/ui/workspace/SessionList';
import { mount, unmount, waitFor } from './session/helpers';
import { demoAdapter } from './shell-helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** `n` list matches: the demo's rows repeated under distinct paths. */
async function manyMatches(n: number) {
  const listing = await listSessions(demoAdapter(), 'sessions', { version: 'v0.2', now: '2031-07-08T09:10:11' });
  const summaries = Array.from({ length: n }, (_, i) => {
    const s = listing.summaries[i % listing.summaries.length]!;
    return { ...s, fileName: `f${i}.jsonl`, path: `sessions/f${i}.jsonl` };
  });
  return filterRows(buildRows(summaries, new Map(), []), '', '');
}

const list = () => el!.querySelector<HTMLUListElement>('.session-list')!;
const shown = () => [...el!.querySelectorAll('.session-row')].map((r) => r.getAttribute('data-file'));

describe('session list', () => {
  it('renders a long list a screenful per task, marked busy until every row is there, in order', async () => {
    const matches = await manyMatches(150);
    el = await mount(<SessionList matches={matches} limit={130} onShowMore={() => {}} href={() => '#'} label="Sessions" />);
    expect(shown()).toHaveLength(FIRST_ROWS);
    expect(FIRST_ROWS).toBeLessThanOrEqual(20);
    expect(list().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => !list().hasAttribute('aria-busy'));
    expect(shown()).toEqual(matches.slice(0, 130).map((m) => m.row.summary.fileName));
    expect(el.querySelector('button.show-more')!.textContent).toContain('20 not shown');
  });

  it('renders a short list at once, without a busy mark', async () => {
    const matches = await manyMatches(12);
    el = await mount(<SessionList matches={matches} limit={200} onShowMore={() => {}} href={() => '#'} label="Sessions" />);
    expect(shown()).toHaveLength(12);
    expect(list().hasAttribute('aria-busy')).toBe(false);
    expect(el.querySelector('button.show-more')).toBeNull();
  });

  it('keeps rendering when the limit grows and shrinks back at once when matches shrink', async () => {
    const matches = await manyMatches(300);
    const at = (limit: number, m = matches) => act(() => render(<SessionList matches={m} limit={limit} onShowMore={() => {}} href={() => '#'} label="Sessions" />, el!));
    el = await mount(<SessionList matches={matches} limit={200} onShowMore={() => {}} href={() => '#'} label="Sessions" />);
    await waitFor(() => !list().hasAttribute('aria-busy'));
    expect(shown()).toHaveLength(200);
    await at(300);
    await waitFor(() => !list().hasAttribute('aria-busy'));
    expect(shown()).toHaveLength(300);
    await at(200, matches.slice(0, 5));
    expect(shown()).toHaveLength(5);
    expect(list().hasAttribute('aria-busy')).toBe(false);
  });
});
