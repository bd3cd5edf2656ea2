// @vitest-environment happy-dom
/**
 * Forms follow the file (issue 27): after any save every field is read again from the new file,
 * and one result message replaces the one before it (no stale error, no old "Saved" line).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, jsonl, meta, type, unmount, waitFor } from '../helpers';
import { SIZES, planned, redrawn, setupEdit, type Size } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const turns = Array.from({ length: 20 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));

async function setup(size: Size) {
  const h = await setupEdit(jsonl([{ ...meta(), last_consolidated: 16 }, ...turns]), size);
  el = h.el;
  return { saves: () => h.saved.length };
}

const card = (title: string) => [...el!.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title)!;
const TRIM = 'Trim to a legal suffix';
const results = () => [...el!.querySelectorAll('.sl-outcome')].map((o) => o.textContent);

describe.each(SIZES)('edit forms over the %s after a save', (size) => {
  it('re-read every field from the new file and show only the latest result', async () => {
    const h = await setup(size);
    await type(card('Title').querySelector('input'), 'Trip');
    const cards = el!.querySelector('.sl-edit-cards');
    await click(button(await planned(el!, 'Title'), 'Save title'));
    await redrawn(el!, cards);
    await waitFor(() => h.saves() === 1 && results().length > 0);
    expect(results()).toHaveLength(1);
    expect(results()[0]).toContain('Saved cli_direct.jsonl');
    expect((card('last_consolidated').querySelector('input') as HTMLInputElement).value).toBe('16');

    // Trim 20 → 4 messages: last_consolidated becomes 0 in the file, and its field says so, without an error.
    await type(card(TRIM).querySelector('input[type="number"]'), '4');
    await click(button(await planned(el!, TRIM), 'Trim'));
    const before = el!.querySelector('.sl-edit-cards');
    await click(button(card(TRIM), 'Yes, trim'));
    await redrawn(el!, before);
    await waitFor(() => h.saves() === 2);
    const lc = card('last_consolidated');
    expect((lc.querySelector('input') as HTMLInputElement).value).toBe('0');
    expect(lc.querySelector('[role="alert"]')).toBeNull();
    expect((card(TRIM).querySelector('input[type="number"]') as HTMLInputElement).value).toBe('');
    // The fork's turn picker fits the new file (2 user turns → turn 2), with no error.
    expect(card('Fork before a user turn').querySelector('[role="alert"]')).toBeNull();
    // The title card's "Saved" is gone: one result, the trim's.
    expect(results()).toHaveLength(1);
    expect(card('Title').querySelector('.sl-outcome')).toBeNull();
    expect(card(TRIM).querySelector('.sl-outcome')).not.toBeNull();
  });
});
