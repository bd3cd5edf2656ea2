// @vitest-environment happy-dom
/** Numbers in the edit previews carry thousands separators (issue 27: "Drops 2502 of 2602"), at both sizes. */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonl, meta, type, unmount } from '../helpers';
import { SIZES, card, planned, setupEdit } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe.each(SIZES)('edit previews over the %s', (size) => {
  it('group the digits of big counts', async () => {
    const turns = Array.from({ length: 2602 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    const h = await setupEdit(jsonl([meta(), ...turns]), size, { readOnly: true });
    el = h.el;
    // the ranges the fields take, too
    expect(card(el, 'Trim to a legal suffix').querySelector('input[type="number"]')!.getAttribute('placeholder')).toBe('1 to 2,602');
    expect(card(el, 'last_consolidated').querySelector('label')!.textContent).toContain('last_consolidated (0 to 2,602)');
    await type(card(el, 'Trim to a legal suffix').querySelector('input[type="number"]'), '100');
    expect((await planned(el, 'Trim to a legal suffix')).querySelector('.sl-preview')!.textContent).toContain('Drops 2,502 of 2,602 messages (0 already archived, 2,502 never archived) and keeps 100.');
    // A preview lists the first lines of 2,502 and counts the rest.
    expect((await planned(el, 'Trim to a legal suffix')).querySelector('.sl-diff')!.textContent).toContain('2,502 lines removed, 1 rewritten');
    await type(card(el, 'last_consolidated').querySelector('input'), '1500');
    expect((await planned(el, 'last_consolidated')).querySelector('.sl-preview')!.textContent).toContain('Messages 1–1,500 count as archived to memory; replay starts after them (1,102 messages remain replayable).');
  });
});
