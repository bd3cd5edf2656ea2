// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { getHistory } from '../../../../src/core/replay/replay';
import { foldFates, FOLD_MIN } from '../../../../src/ui/session/replay/strip/fold-runs';
import { FateList } from '../../../../src/ui/session/replay/strip/FateList';
import type { PyDict } from '../../../../src/core/python/pyvalue';
import { click, enc, jsonl, meta, mount, settle, unmount, waitFor, wholeBytes } from '../helpers';
import { unpackFates } from '../../../../src/store/source/replay/packed-fates';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const turns = (n: number): PyDict[] => Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i + 1}` }) as PyDict);

describe('folding runs of left-out messages', () => {
  it('folds a run of 20+ equal drops into one item; shorter runs and kept messages stay rows', () => {
    const r = getHistory(turns(2000), 0, { maxMessages: 120 }, 'v0.2');
    const { items, itemOf } = foldFates(r.fates, new Set());
    expect(items[0]).toEqual({ kind: 'run', key: 'window', from: 0, to: 1879, open: false });
    expect(items).toHaveLength(121);
    expect(itemOf[0]).toBe(0);
    expect(itemOf[1879]).toBe(0);
    expect(itemOf[1880]).toBe(1);
    const short = getHistory(turns(120 + FOLD_MIN - 1), 0, { maxMessages: 120 }, 'v0.2');
    expect(foldFates(short.fates, new Set()).items.every((it) => it.kind === 'message')).toBe(true);
    const opened = foldFates(r.fates, new Set([0]));
    expect(opened.items[0]).toMatchObject({ kind: 'run', open: true });
    expect(opened.items).toHaveLength(2001);
    expect(opened.itemOf[5]).toBe(6);
  });

  it('shows "1,880 outside the window" first, then what is sent; the run opens and folds again', async () => {
    const messages = turns(2000);
    // The list reads its rows' messages from the session's source, as they come into view.
    const source = wholeBytes(enc(jsonl([meta(), ...messages])), 'v0.2');
    const view = await source.replayView({ maxMessages: 120, maxTokens: 0 }, null);
    el = await mount(<FateList source={source} lens="nanobot" view={view} fates={unpackFates(view)} scrollTo={null} nonce={0} onOpenLine={() => {}} version="v0.2" />);
    const rows = () => [...el!.querySelectorAll('.sl-vlist-row')];
    expect(rows()[0]!.textContent).toContain('1,880 outside the window');
    expect(rows()[1]!.textContent).toContain('#1,881');
    expect(rows()[1]!.textContent).toContain('kept');
    await click(el.querySelector('.sl-fate-run button'));
    await settle();
    expect(el.querySelector('.sl-fate-run button')!.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => /^#1user/.test(rows()[1]!.textContent!));
    await click(el.querySelector('.sl-fate-run button'));
    expect(rows()[1]!.textContent).toContain('#1,881');
  });
});
