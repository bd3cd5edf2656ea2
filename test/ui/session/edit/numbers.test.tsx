// @vitest-environment happy-dom
/** Numbers in the edit previews carry thousands separators (issue 27: "Drops 2502 of 2602"). */
import { afterEach, describe, expect, it } from 'vitest';
import { EditTab } from '../../../../src/ui/session/edit/EditTab';
import { NOW, jsonl, meta, mount, openText, type, unmount } from '../helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe('edit previews', () => {
  it('group the digits of big counts', async () => {
    const turns = Array.from({ length: 2602 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    el = await mount(<EditTab opened={openText(jsonl([meta(), ...turns]))} adapter={null} now={() => NOW} onForked={() => {}} onChanged={() => {}} />);
    const card = (title: string) => [...el!.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title)!;
    // the ranges the fields take, too
    expect(card('Trim to a legal suffix').querySelector('input[type="number"]')!.getAttribute('placeholder')).toBe('1 to 2,602');
    expect(card('last_consolidated').querySelector('label')!.textContent).toContain('last_consolidated (0 to 2,602)');
    await type(card('Trim to a legal suffix').querySelector('input[type="number"]'), '100');
    expect(card('Trim to a legal suffix').querySelector('.sl-preview')!.textContent).toContain('Drops 2,502 of 2,602 messages (0 already archived, 2,502 never archived) and keeps 100.');
    await type(card('last_consolidated').querySelector('input'), '1500');
    expect(card('last_consolidated').querySelector('.sl-preview')!.textContent).toContain('Messages 1–1,500 count as archived to memory; replay starts after them (1,102 messages remain replayable).');
  });
});
