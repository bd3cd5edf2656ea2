// @vitest-environment happy-dom
/**
 * Forms follow the file (issue 27): after any save every field is read again from the new file,
 * and one result message replaces the one before it (no stale error, no old "Saved" line).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { render } from 'preact';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import type { OpenedSession } from '../../../../src/store/save/sessions';
import { EditTab } from '../../../../src/ui/session/edit/EditTab';
import { NOW, button, click, jsonl, meta, mount, openVia, type, unmount, waitFor } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const PATH = 'sessions/cli_direct.jsonl';
const turns = Array.from({ length: 20 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));

async function setup() {
  const adapter = createMemoryAdapter();
  adapter.setFile(PATH, jsonl([{ ...meta(), last_consolidated: 16 }, ...turns]));
  let saves = 0;
  const opened = await openVia(adapter, PATH);
  const draw = (o: OpenedSession) => (
    <EditTab opened={o} adapter={adapter} now={() => NOW} onForked={() => {}} onChanged={(next) => { saves++; if (next) void act(() => render(draw(next), el!)); }} />
  );
  el = await mount(draw(opened));
  return { saves: () => saves };
}

const card = (title: string) => [...el!.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title)!;
const TRIM = 'Trim to a legal suffix';
const results = () => [...el!.querySelectorAll('.sl-outcome')].map((o) => o.textContent);

describe('edit forms after a save', () => {
  it('re-read every field from the new file and show only the latest result', async () => {
    const h = await setup();
    await type(card('Title').querySelector('input'), 'Trip');
    await click(button(card('Title'), 'Save title'));
    await waitFor(() => h.saves() === 1);
    expect(results()).toHaveLength(1);
    expect(results()[0]).toContain('Saved cli_direct.jsonl');
    expect((card('last_consolidated').querySelector('input') as HTMLInputElement).value).toBe('16');

    // Trim 20 → 4 messages: last_consolidated becomes 0 in the file, and its field says so, without an error.
    await type(card(TRIM).querySelector('input[type="number"]'), '4');
    await click(button(card(TRIM), 'Trim'));
    await click(button(card(TRIM), 'Yes, trim'));
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
