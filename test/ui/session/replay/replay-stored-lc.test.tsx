// @vitest-environment happy-dom
// 0.2.0/0.2.1 slice with the stored last_consolidated unchecked: a "3" makes every replay raise TypeError
// (golden-0.2.1 holds nanobot's own answer). The session views must say so, not replay from the clamped count.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { openFromBytes } from '../../../open-bytes';
import { ReplayTab } from '../../../../src/ui/session/replay/ReplayTab';
import { ReplayEntries } from '../../../../src/ui/session/export/ReplayEntries';
import { firstReplayedLine } from '../../../../src/ui/session/find/first-replayed';
import { enc, jsonl, meta, mount, NOW, unmount, waitFor, wholeHost, indexedText } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const text = (lc: unknown) =>
  jsonl([{ ...meta({}), last_consolidated: lc }, ...[0, 1, 2, 3, 4].map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))]);
export const openAt = (lc: unknown, version: '0.2.1' | '0.2.2') => {
  const bytes = enc(text(lc));
  const path = 'sessions/cli_direct.jsonl';
  return openFromBytes(path, bytes, { path, size: bytes.length, lastModified: 1, sha256: 'x' }, { version, now: NOW });
};

describe('the Replay tab with an unchecked stored last_consolidated', () => {
  it('at 0.2.1 a "3" raises TypeError as nanobot does; at 0.2.2 it is reset and all five are sent', async () => {
    el = await mount(<ReplayTab source={wholeHost(openAt('3', '0.2.1')).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-replay-summary'));
    expect(el.querySelector('[role=alert]')?.textContent).toContain('TypeError');
    await unmount(el);
    el = await mount(<ReplayTab source={wholeHost(openAt('3', '0.2.2')).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-replay-summary'));
    expect(el.querySelector('[role=alert]')).toBeNull();
    expect(el.textContent).toContain('nanobot sends 5 messages of 5');
  });
  it('at 0.2.1 a float raises too, with no message to point at (the slice itself raises)', async () => {
    el = await mount(<ReplayTab source={wholeHost(openAt(2.5, '0.2.1')).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-replay-summary'));
    const alert = el.querySelector('[role=alert]')!;
    expect(alert.textContent).toContain('TypeError');
    expect(alert.querySelector('button')).toBeNull();
  });
  it('Context over time replays each turn with the stored "3" at 0.2.1: nanobot raises at every turn', async () => {
    el = await mount(<ReplayTab source={wholeHost(openAt('3', '0.2.1')).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('details.sl-ctx-table'), 30_000);
    const details = el.querySelector('details.sl-ctx-table') as HTMLDetailsElement;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await waitFor(() => el!.querySelectorAll('details.sl-ctx-table tbody tr').length === 3);
    const tokens = [...el.querySelectorAll('details.sl-ctx-table tbody tr')].map((r) => r.querySelectorAll('td')[2]!.textContent);
    expect(tokens).toEqual(Array(3).fill('nanobot raises'));
  }, 60_000);
  it('the export of the replay and the jump to the first replayed message say what nanobot does with "3" at 0.2.1', async () => {
    for (const source of [wholeHost(openAt('3', '0.2.1')).source, indexedText(text('3'), '0.2.1')]) {
      el = await mount(<ReplayEntries source={source} params={{}} upto={null}>{(entries) => <p class="sl-got">{entries.length}</p>}</ReplayEntries>);
      await waitFor(() => !!el!.querySelector('[role=alert], .sl-got'));
      expect(el.querySelector('[role=alert]')?.textContent).toContain('TypeError');
      await unmount(el);
      el = null;
    }
    expect(await firstReplayedLine(wholeHost(openAt('3', '0.2.1')).source)).toBeNull();
    expect(await firstReplayedLine(wholeHost(openAt('3', '0.2.2')).source)).toBe(1);
    expect(await firstReplayedLine(indexedText(text('3'), '0.2.1'))).toBeNull();
  });
});
