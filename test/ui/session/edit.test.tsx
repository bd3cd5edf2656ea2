// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { render } from 'preact';
import { createMemoryAdapter, type MemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import type { OpenedSession } from '../../../src/store/save/sessions';
import { EditTab } from '../../../src/ui/session/edit/EditTab';
import { NOW, button, check, click, dec, jsonl, meta, mount, openText, openVia, type, unmount, waitFor } from './helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

const PATH = 'sessions/cli_direct.jsonl';
// a line written compactly (not as nanobot writes it): an untouched record must keep these bytes
const compact = '{"role":"user","content":"first","timestamp":"2026-06-01T10:00:00"}';
const base = jsonl([meta(), compact, { role: 'assistant', content: 'answer' }, { role: 'user', content: 'second' }, { role: 'assistant', content: 'done' }]);

interface Harness {
  adapter: MemoryAdapter;
  changes: [OpenedSession | null, string][];
  forks: string[];
  el: HTMLElement;
}

async function setup(text = base): Promise<Harness> {
  const adapter = createMemoryAdapter();
  adapter.setFile(PATH, text);
  const h: Harness = { adapter, changes: [], forks: [], el: null as unknown as HTMLElement };
  const opened = await openVia(adapter, PATH);
  const draw = (o: OpenedSession) => (
    <EditTab opened={o} adapter={adapter} now={() => NOW} onForked={(p) => h.forks.push(p)} onChanged={(next, m) => { h.changes.push([next, m]); if (next) void act(() => render(draw(next), h.el)); }} />
  );
  h.el = el = await mount(draw(opened));
  return h;
}

function card(root: Element, title: string): Element {
  const c = [...root.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title);
  if (!c) throw new Error(`no card ${title}`);
  return c;
}

describe('EditTab', () => {
  it('previews a title edit, then saves exactly those bytes (other lines untouched)', async () => {
    const h = await setup();
    const c = card(h.el, 'Title');
    // The field says what to type, not the card's heading again.
    expect(c.querySelector('.sl-field > span')!.textContent).toBe('New title');
    await type(c.querySelector('input'), 'My <b>trip</b>');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('Title becomes "My <b>trip</b>"');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('line 1');
    expect(c.querySelector('.sl-diff-list')!.children).toHaveLength(1);
    await click(button(c, 'Save title'));
    await waitFor(() => h.changes.length > 0);
    const text = dec(h.adapter.getFile(PATH)!);
    const lines = text.split('\n');
    expect(JSON.parse(lines[0]!).metadata).toEqual({ title: 'My <b>trip</b>', title_user_edited: true });
    expect(lines[0]).toContain('"metadata": {"title": "My <b>trip</b>", "title_user_edited": true}');
    expect(lines[1]).toBe(compact);
    expect(text.split('\n').slice(1).join('\n')).toBe(base.split('\n').slice(1).join('\n'));
    // The cards are read again from the saved file: the result shows in the new Title card.
    await waitFor(() => !!card(h.el, 'Title').querySelector('[role="status"]'));
    expect(card(h.el, 'Title').querySelector('[role="status"]')!.textContent).toContain('Saved cli_direct.jsonl');
  });

  it('refuses to save over an outside change, says what changed, and reloads from disk', async () => {
    const h = await setup();
    h.adapter.setFile(PATH, base + '{"role": "user", "content": "from the gateway"}\n');
    const c = card(h.el, 'Add a message');
    await type(c.querySelector('textarea'), 'mine');
    await click(button(c, 'Add message'));
    await waitFor(() => !!c.querySelector('[role="alert"]'));
    const alert = c.querySelector('[role="alert"]')!.textContent!;
    expect(alert).toContain('the file changed on disk');
    expect(alert).toMatch(/size \d+ → \d+ bytes/);
    expect(alert).toContain('gateway');
    expect(dec(h.adapter.getFile(PATH)!)).toContain('from the gateway');
    expect(dec(h.adapter.getFile(PATH)!)).not.toContain('mine');
    await click(button(c, 'Reload from disk'));
    await waitFor(() => h.changes.length > 0);
    expect(h.changes[0]![1]).toBe('Reloaded from disk.');
    expect(h.changes[0]![0]!.recovered.messages).toHaveLength(5);
  });

  it('repairs with a backup first and says where it went', async () => {
    const broken = jsonl([meta(), { role: 'user', content: 'a' }, '{oops', '', { role: 'assistant', content: 'b' }]);
    const h = await setup(broken);
    const c = card(h.el, 'Repair');
    await click(button(c, 'Preview repair'));
    expect(c.querySelector('.sl-preview')!.textContent).toContain('leaving out 2 corrupt or blank lines');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('− line 3: {oops');
    await click(button(c, 'Repair (backup first)'));
    expect(c.querySelector('.sl-confirm')!.textContent).toContain('without 2 corrupt or blank lines');
    await click(button(c, 'Yes, repair'));
    await waitFor(() => h.changes.length > 0);
    const backup = h.adapter.paths().find((p) => p.endsWith('.bak'))!;
    expect(backup).toMatch(/^sessions\/cli_direct\.jsonl\..*\.bak$/);
    expect(dec(h.adapter.getFile(backup)!)).toBe(broken);
    expect(dec(h.adapter.getFile(PATH)!)).not.toContain('oops');
    expect(h.changes[0]![1]).toContain(`backed up to ${backup}`);
  });

  it('previews a trim: which messages go and how many were never archived; asks before saving', async () => {
    const h = await setup();
    const c = card(h.el, 'Trim to a legal suffix');
    await type(c.querySelector('input[type="number"]'), '2');
    const preview = c.querySelector('.sl-preview')!.textContent!;
    expect(preview).toContain('Drops 2 of 4 messages (0 already archived, 2 never archived)');
    expect(preview).toContain('Messages that go: #1–2');
    expect(preview).toContain('Session Lens does not');
    await click(button(c, 'Trim'));
    expect(h.changes).toHaveLength(0);
    await click(button(c, 'Cancel'));
    expect(c.querySelector('.sl-confirm')).toBeNull();
    await click(button(c, 'Trim'));
    await click(button(c, 'Yes, trim'));
    await waitFor(() => h.changes.length > 0);
    const lines = dec(h.adapter.getFile(PATH)!).trim().split('\n');
    expect(lines.slice(1).map((l) => JSON.parse(l).content)).toEqual(['second', 'done']);
  });

  it('validates last_consolidated and shows archived / replayable counts', async () => {
    const h = await setup();
    const c = card(h.el, 'last_consolidated');
    await type(c.querySelector('input'), '9');
    expect(c.querySelector('[role="alert"]')!.textContent).toContain('from 0 to 4');
    await type(c.querySelector('input'), '2');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('2 archived (not replayed) · 2 replayable');
  });

  it('validates the fork’s file name and writes the fork', async () => {
    const h = await setup();
    const c = card(h.el, 'Fork before a user turn');
    await type(c.querySelector('input[type="text"]'), 'cli:a\u0007b');
    expect(c.querySelector('[role="alert"]')!.textContent).toContain('U+0007');
    await type(c.querySelector('input[type="text"]'), 'cli:forked');
    await type(c.querySelector('input[type="number"]'), '2');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('Writes cli_forked.jsonl with the 2 messages before user turn 2');
    await click(button(c, 'Write fork'));
    await waitFor(() => h.forks.length > 0);
    expect(h.forks).toEqual(['sessions/cli_forked.jsonl']);
    const fork = dec(h.adapter.getFile('sessions/cli_forked.jsonl')!).trim().split('\n');
    expect(fork).toHaveLength(3);
  });

  it('deletes only after confirming', async () => {
    const h = await setup();
    const c = card(h.el, 'Delete the session file');
    await click(button(c, 'Delete file'));
    expect(h.adapter.getFile(PATH)).toBeDefined();
    await click(button(c, 'Yes, delete file'));
    await waitFor(() => h.changes.length > 0);
    expect(h.changes[0]![0]).toBeNull();
    expect(h.adapter.getFile(PATH)).toBeUndefined();
  });

  it('in read-only mode offers downloads and cannot delete', async () => {
    const o = openText(base);
    let clicked: string | null = null;
    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) { clicked = this.download; };
    try {
      el = await mount(<EditTab opened={o} adapter={null} now={() => NOW} onForked={() => {}} onChanged={() => {}} />);
      expect(el.textContent).toContain('open read-only');
      const c = card(el, 'Clear all messages');
      await click(button(c, 'Preview clear'));
      await click(button(c, 'Download cleared file'));
      await click(button(c, 'Yes, download cleared file'));
      await waitFor(() => clicked !== null);
      expect(clicked).toBe('cli_direct.jsonl');
      expect(card(el, 'Delete the session file').textContent).toContain('needs write access');
    } finally {
      HTMLAnchorElement.prototype.click = orig;
    }
  });

  it("leaves the warning about a running gateway to the page's one notice (issue 42: three stacked up)", async () => {
    const h = await setup();
    expect(h.el.textContent).not.toContain('nanobot gateway');
    expect(h.el.querySelector('.notice.gateway')).toBeNull();
    await check(card(h.el, 'Trim to a legal suffix').querySelector('input[type="checkbox"]'), true);
  });
});
