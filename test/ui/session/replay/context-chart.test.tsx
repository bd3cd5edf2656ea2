// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContextOverTime, TurnPoint } from '../../../../src/core/replay/context-over-time';
import { ContextChart, MAX_DOTS } from '../../../../src/ui/session/replay/context/ContextChart';
import { ReplayTab } from '../../../../src/ui/session/replay/ReplayTab';
import { click, jsonl, meta, mount, openText, type, unmount, waitFor, wholeHost } from '../helpers';

let el: HTMLElement | undefined;

/** SVG elements have no click(): dispatch one that bubbles to the svg's handler. */
async function clickSvg(target: Element | undefined): Promise<void> {
  if (!target) throw new Error('nothing to click');
  await act(() => void target.dispatchEvent(new MouseEvent('click', { bubbles: true })));
}
afterEach(async () => {
  if (el) await unmount(el);
  el = undefined;
});

function point(turn: number, tokens: number, extra: Partial<TurnPoint> = {}): TurnPoint {
  return { turn, index: turn * 2, upto: turn * 2 + 1, tokens, messages: turn * 2 + 1, first: 0, windowCut: false, budgetCut: false, error: false, ...extra };
}

const data: ContextOverTime = {
  points: [point(0, 10), point(1, 50), point(2, 90, { windowCut: true }), point(3, 100, { windowCut: true, budgetCut: true })],
  budget: 100,
  lastConsolidated: 3,
  consolidatedAt: 1,
  windowStarts: [2],
  slowPath: false,
};

describe('ContextChart', () => {
  it('draws a point per turn, the budget line and both markers, with a title and a description', async () => {
    el = await mount(<ContextChart data={data} onPick={() => {}} />);
    const svg = el.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.querySelector('title')!.textContent).toContain('Tokens nanobot would send');
    expect(svg.querySelector('desc')!.textContent).toContain('4 user turns');
    expect(svg.querySelector('desc')!.textContent).toContain('starts cutting at turn 3');
    expect(svg.querySelectorAll('circle.sl-ctx-dot')).toHaveLength(4);
    expect(svg.querySelectorAll('circle.sl-ctx-cut')).toHaveLength(1);
    expect(svg.querySelector('[data-marker="budget"]')).not.toBeNull();
    expect(svg.querySelectorAll('[data-marker="window"]')).toHaveLength(1);
    expect(svg.querySelector('[data-marker="last-consolidated"]')).not.toBeNull();
    // higher tokens are drawn higher up
    const ys = [...svg.querySelectorAll('circle.sl-ctx-dot')].map((c) => Number(c.getAttribute('cy')));
    expect(ys[0]).toBeGreaterThan(ys[1]!);
    expect(ys[3]).toBeCloseTo(Number(svg.querySelector('[data-marker="budget"]')!.getAttribute('y1')));
  });

  it('names a budget far above every turn instead of drawing it, so the line is not flat along the axis', async () => {
    el = await mount(<ContextChart data={{ ...data, budget: 190_784 }} onPick={() => {}} />);
    const svg = el.querySelector('svg')!;
    expect(svg.querySelector('[data-marker="budget"]')).toBeNull();
    expect(el.querySelector('.sl-ctx-legend')!.textContent).toContain('the budget (190,784) is far above every turn: not drawn');
    const ys = [...svg.querySelectorAll('circle.sl-ctx-dot')].map((c) => Number(c.getAttribute('cy')));
    expect(ys[3]).toBeLessThan(40); // the most sent near the top, not squashed onto the axis
  });

  it('hands the clicked turn’s upto to onPick', async () => {
    const picked: number[] = [];
    el = await mount(<ContextChart data={data} onPick={(u) => picked.push(u)} />);
    await clickSvg(el.querySelectorAll('circle.sl-ctx-dot')[2]);
    expect(picked).toEqual([5]);
  });

  it('leaves dots out past MAX_DOTS turns but keeps the line', async () => {
    const many = { ...data, points: Array.from({ length: MAX_DOTS + 1 }, (_, k) => point(k, k)), windowStarts: [], consolidatedAt: null };
    el = await mount(<ContextChart data={many} onPick={() => {}} />);
    expect(el.querySelectorAll('circle.sl-ctx-dot')).toHaveLength(0);
    expect(el.querySelector('path.sl-ctx-line')!.getAttribute('d')!.split('L')).toHaveLength(MAX_DOTS + 1);
  });

  it('draws the line it is given (built in slices with the data) instead of building it again', async () => {
    el = await mount(<ContextChart data={data} shape={{ most: 100, top: 105, line: 'M56.0,12.0L788.0,192.0' }} onPick={() => {}} />);
    expect(el.querySelector('path.sl-ctx-line')!.getAttribute('d')).toBe('M56.0,12.0L788.0,192.0');
  });
});

const file = jsonl([
  meta({}, 0),
  { role: 'user', content: 'first question' },
  { role: 'assistant', content: 'first answer' },
  { role: 'user', content: 'second question' },
  { role: 'assistant', content: 'second answer' },
  { role: 'user', content: 'third question' },
  { role: 'assistant', content: 'third answer' },
]);

describe('ReplayTab context over time', () => {
  it('draws the chart for the session; a click sets upto, and upto replays that prefix', async () => {
    const o = openText(file);
    const routes: Record<string, string>[] = [];
    el = await mount(<ReplayTab source={wholeHost(o).source} params={{ max_tokens: '500' }} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await waitFor(() => el!.querySelectorAll('circle.sl-ctx-dot').length === 3);
    expect(el.textContent).toContain('Context over time');
    expect(el.textContent).toContain('not where it stood at each turn');
    await clickSvg(el.querySelectorAll('circle.sl-ctx-dot')[1]);
    expect(routes.at(-1)).toMatchObject({ upto: '3', max_tokens: '500' });
    await unmount(el);
    el = await mount(<ReplayTab source={wholeHost(o).source} params={{ upto: '3' }} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await waitFor(() => el!.querySelectorAll('.sl-fate-row').length === 3);
    expect(el.querySelector('[data-upto]')!.textContent).toContain('first 3 of 6 messages');
    expect(el.querySelector('[data-upto]')!.textContent).toContain('not recorded in the file');
    await waitFor(() => el!.querySelector('circle.sl-ctx-current') !== null);
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Show the whole session'));
    expect(routes.at(-1)!.upto).toBeUndefined();
  });

  it('shows the data table, collapsed, with a button per turn', async () => {
    const o = openText(file);
    const routes: Record<string, string>[] = [];
    el = await mount(<ReplayTab source={wholeHost(o).source} params={{}} onParams={(p) => routes.push(p)} onOpenLine={() => {}} />);
    await waitFor(() => el!.querySelector('details.sl-ctx-table') !== null);
    const details = el.querySelector('details.sl-ctx-table') as HTMLDetailsElement;
    expect(details.querySelector('table')).toBeNull();
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await waitFor(() => details.querySelectorAll('tbody tr').length === 3);
    await click(details.querySelectorAll('tbody button')[2]);
    expect(routes.at(-1)).toMatchObject({ upto: '5' });
  });
});

describe('ReplayTab context over time follows the Replay controls', () => {
  it('redraws the chart under the max_messages and budget set in the controls, and names those settings', async () => {
    const o = openText(file);
    el = await mount(<ReplayTab source={wholeHost(o).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => el!.querySelectorAll('circle.sl-ctx-dot').length === 3);
    // the agent loop's 120-message window never cuts a 6-message session
    expect(el.querySelectorAll('[data-marker="window"]')).toHaveLength(0);
    expect(el.querySelector('[data-settings]')!.textContent).toContain('max_messages=120');
    const maxMessages = [...el.querySelectorAll('label')].find((l) => l.textContent!.startsWith('max_messages'))!.querySelector('input')!;
    await type(maxMessages, '2');
    await waitFor(() => el!.querySelectorAll('[data-marker="window"]').length === 1);
    expect(el.querySelector('desc')!.textContent).toContain('starts cutting at turn 2');
    expect(el.querySelector('[data-settings]')!.textContent).toContain('max_messages=2');
    expect(el.textContent).toContain('not the agent loop’s');
    // each turn now sends only its own user message (a 2-message window cut to its user turn), not 1, 3, 5
    const table = el.querySelector('details.sl-ctx-table') as HTMLDetailsElement;
    table.open = true;
    table.dispatchEvent(new Event('toggle'));
    await waitFor(() => table.querySelectorAll('tbody tr').length === 3);
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.children[3]!.textContent)).toEqual(['1', '1', '1']);
    // the budget from the controls is the chart's (here far above six tokens a turn: named, not drawn); none, none is named
    expect(el.querySelector('.sl-ctx-legend')!.textContent).toMatch(/the budget \([\d,]+\) is far above every turn/);
    const budget = [...el.querySelectorAll('label')].find((l) => l.textContent!.startsWith('max_tokens'))!.querySelector('select')!;
    await type(budget, 'none');
    await waitFor(() => el!.querySelector('[data-settings]')!.textContent!.includes('max_tokens=0'));
    await waitFor(() => el!.querySelector('desc')!.textContent!.includes('with no token budget'));
    expect(el.querySelector('[data-marker="budget"]')).toBeNull();
    expect(el.querySelector('.sl-ctx-legend')!.textContent).not.toContain('budget');
  });
});
