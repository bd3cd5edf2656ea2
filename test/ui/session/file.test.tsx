// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { FileTab } from '../../../src/ui/session/file/FileTab';
import { LINE_DISPLAY_MAX } from '../../../src/ui/session/file/RawLine';
import type { OpenedSession } from '../../../src/store/save/sessions';
import { button, click, jsonl, meta, mount, openText, unmount, waitFor, wholeHost } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** The tab over the document the page holds (its source), once its lines and lenses are in. */
async function tab(o: OpenedSession, line: number | null): Promise<HTMLElement> {
  const root = await mount(<FileTab source={wholeHost(o).source} line={line} />);
  await waitFor(() => !!root.querySelector('.sl-line') && !root.querySelector('.sl-line-pending') && !!root.querySelector('.sl-lenses') && !root.querySelector('.sl-lenses [aria-busy="true"]'));
  return root;
}

describe('FileTab', () => {
  it('numbers the lines, highlights corrupt ones with reason and column', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'a' }, '{"role": "user", "content": x}']));
    el = await tab(o, null);
    const lines = [...el.querySelectorAll('.sl-line')];
    expect(lines.map((l) => l.getAttribute('data-line'))).toEqual(['1', '2', '3']);
    const bad = lines[2]!;
    expect(bad.classList.contains('sl-line-bad')).toBe(true);
    expect(bad.textContent).toContain('Not valid JSON: Expecting value');
    expect(bad.textContent).toContain('(column 29)');
    expect(bad.querySelector('mark.sl-col')!.textContent).toBe('x');
  });

  it('cuts a 1 MB line for display, with "show all" beside "show more"', async () => {
    const huge = 'y'.repeat(1_000_000);
    const o = openText(jsonl([meta(), { role: 'user', content: huge }]));
    el = await tab(o, null);
    const pre = el.querySelectorAll('.sl-line')[1]!.querySelector('pre')!;
    expect(pre.textContent!.length).toBeLessThanOrEqual(LINE_DISPLAY_MAX + 1);
    await click(button(el.querySelectorAll('.sl-line')[1]!, 'Show all 976.6 KB'));
    await waitFor(() => el!.querySelectorAll('.sl-line')[1]!.querySelector('pre')!.textContent!.length > 1_000_000);
    expect(el.querySelectorAll('.sl-line')[1]!.querySelector('pre')!.textContent!.length).toBeGreaterThan(1_000_000);
  });

  it('explains the metadata record, flagging nanobot’s own keys', async () => {
    const o = openText(jsonl([meta({ title: 'T', goal_state: { status: 'active' }, my_plugin: 1 }, 1), { role: 'user', content: 'a' }]));
    el = await tab(o, null);
    const panel = el.querySelector('.sl-meta')!;
    const rows = [...panel.querySelectorAll('.sl-inner .sl-field-row')].map((r) => r.textContent!);
    expect(rows.find((r) => r.startsWith('title'))).toContain('nanobot’s own');
    expect(rows.find((r) => r.startsWith('goal_state'))).toContain('nanobot’s own');
    expect(rows.find((r) => r.startsWith('my_plugin'))).toContain('not a nanobot key');
    expect(panel.textContent).toContain('how many leading messages are archived to memory and not replayed');
  });

  it('flags a malformed internal record as not what nanobot writes, and still shows it', async () => {
    const bad = { goal_state: { status: 7, objective: 'o', ui_summary: 'u', started_at: 't' }, runtime_checkpoint: 'later', _last_summary: { text: 's', last_active: 'x' }, webui: null };
    const o = openText(jsonl([meta(bad), { role: 'user', content: 'a' }]));
    el = await tab(o, null);
    const rows = [...el.querySelectorAll('.sl-inner .sl-field-row')];
    const row = (k: string) => rows.find((r) => r.textContent!.startsWith(k))!;
    expect(row('goal_state').querySelector('.sl-contract')!.textContent).toBe('goal_state is not what nanobot writes: status is a number.');
    expect(row('goal_state').textContent).toContain('"status": 7');
    expect(row('runtime_checkpoint').querySelector('.sl-contract')!.textContent).toContain('the value is a string');
    expect(row('webui').querySelector('.sl-contract')!.textContent).toContain('the value is null');
    expect(row('_last_summary').querySelector('.sl-contract')).toBeNull();
  });

  it('shows both lenses when they differ: repair path, skipped lines, defaulted times', async () => {
    const o = openText(jsonl([{ _type: 'metadata', key: 'cli:direct', created_at: 'not a date', metadata: {} }, { role: 'user', content: 'a' }, '{broken']));
    el = await tab(o, null);
    const lenses = el.querySelector('.sl-lenses')!;
    expect(lenses.textContent).toContain('The lenses differ');
    const nb = lenses.querySelectorAll('.sl-lens')[0]!.textContent!;
    expect(nb).toContain('repair (strict pass raised');
    expect(nb).toContain('1: line 3');
    expect(nb).toContain('created_at and updated_at defaulted to the time of loading');
    expect(lenses.querySelectorAll('.sl-lens')[1]!.textContent).toContain('corrupt lines1');
  });

  it('says when nanobot loads nothing, and agrees when both lenses do', async () => {
    const bad = openText(jsonl([meta(), 'null']));
    el = await tab(bad, null);
    expect(el.querySelector('.sl-lens')!.textContent).toContain('Loads nothing');
    await unmount(el);
    el = await tab(openText(jsonl([meta(), { role: 'user', content: 'a' }])), null);
    expect(el.querySelector('.sl-lenses')!.textContent).toContain('Both lenses agree: 1 message');
  });

  it('highlights the line from the route', async () => {
    const o = openText(jsonl([meta(), { role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }]));
    el = await tab(o, 2);
    expect(el.querySelector('.sl-line.sl-hl')!.getAttribute('data-line')).toBe('3');
  });
});
