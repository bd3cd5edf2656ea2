// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listSessions } from '../../src/store/listing/session-list';

// Counts the rows' renders: each row highlights its title (or key) once per render.
const highlights = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/ui/parts/highlight', async (orig) => {
  const m = await orig<typeof import('../../src/ui/parts/highlight')>();
  return { ...m, highlighted: (...a: Parameters<typeof m.highlighted>) => (highlights.n++, m.highlighted(...a)) };
});
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

  it('renders again only the rows whose summary, badges, link or place changed', async () => {
    const matches = await manyMatches(30);
    const at = (m: typeof matches) => act(() => render(<SessionList matches={m} limit={200} onShowMore={() => {}} href={(x) => `#${x.row.summary.fileName}`} label="Sessions" />, el!));
    el = await mount(<SessionList matches={matches} limit={200} onShowMore={() => {}} href={(x) => `#${x.row.summary.fileName}`} label="Sessions" />);
    await waitFor(() => !list().hasAttribute('aria-busy'));
    // The same summaries as new rows (as a reconcile that reused them builds): nothing renders again.
    const again = filterRows(buildRows(matches.map((m) => m.row.summary), new Map(), []), '', '');
    highlights.n = 0;
    await at(again);
    expect(highlights.n).toBe(0);
    // One summary replaced (a file re-read): that row alone.
    const changed = again.map((m, i) => (i === 3 ? { ...m, row: { ...m.row, summary: { ...m.row.summary, size: m.row.summary.size + 1 } } } : m));
    await at(changed);
    expect(highlights.n).toBeGreaterThan(0);
    expect(highlights.n).toBeLessThanOrEqual(3);
    expect(shown()).toEqual(matches.map((m) => m.row.summary.fileName));
  });
});
