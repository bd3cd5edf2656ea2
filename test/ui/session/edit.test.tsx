// @vitest-environment happy-dom
// The one Edit tab at both sizes: the whole document, and the line index (the size line lowered to 0 bytes).
import { afterEach, describe, expect, it } from 'vitest';
import { button, check, click, dec, jsonl, meta, type, unmount, waitFor } from './helpers';
import { PATH, SIZES, card, planned, redrawn, setupEdit } from './edit/harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

// a line written compactly (not as nanobot writes it): an untouched record must keep these bytes
const compact = '{"role":"user","content":"first","timestamp":"2026-06-01T10:00:00"}';
const base = jsonl([meta(), compact, { role: 'assistant', content: 'answer' }, { role: 'user', content: 'second' }, { role: 'assistant', content: 'done' }]);

const setup = async (size: (typeof SIZES)[number], text = base, opts: Parameters<typeof setupEdit>[2] = {}) => {
  const h = await setupEdit(text, size, opts);
  el = h.el;
  return h;
};

describe.each(SIZES)('EditTab over the %s', (size) => {
  it('previews a title edit, then saves exactly those bytes (other lines untouched)', async () => {
    const h = await setup(size);
    const c0 = card(h.el, 'Title');
    // The field says what to type, not the card's heading again.
    expect(c0.querySelector('.sl-field > span')!.textContent).toBe('New title');
    await type(c0.querySelector('input'), 'My <b>trip</b>');
    const c = await planned(h.el, 'Title');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('Title becomes "My <b>trip</b>"');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('line 1');
    expect(c.querySelector('.sl-diff-list')!.children).toHaveLength(1);
    const cards = h.el.querySelector('.sl-edit-cards');
    await click(button(c, 'Save title'));
    await waitFor(() => h.saved.length > 0);
    const text = dec(h.adapter.getFile(PATH)!);
    const lines = text.split('\n');
    expect(JSON.parse(lines[0]!).metadata).toEqual({ title: 'My <b>trip</b>', title_user_edited: true });
    expect(lines[0]).toContain('"metadata": {"title": "My <b>trip</b>", "title_user_edited": true}');
    expect(lines[1]).toBe(compact);
    expect(text.split('\n').slice(1).join('\n')).toBe(base.split('\n').slice(1).join('\n'));
    // The cards are read again from the saved file: the result shows in the new Title card.
    await redrawn(h.el, cards);
    await waitFor(() => !!card(h.el, 'Title').querySelector('[role="status"]'));
    expect(card(h.el, 'Title').querySelector('[role="status"]')!.textContent).toContain('Saved cli_direct.jsonl');
    expect((card(h.el, 'Title').querySelector('input') as HTMLInputElement).value).toBe('My <b>trip</b>');
  });

  it('refuses to save over an outside change, says what changed, and reloads from disk', async () => {
    const h = await setup(size);
    h.adapter.setFile(PATH, base + '{"role": "user", "content": "from the gateway"}\n');
    await type(card(h.el, 'Add a message').querySelector('textarea'), 'mine');
    const c = await planned(h.el, 'Add a message');
    // The whole document plans over what the page holds, so its save meets the change; the index the page
    // holds reads the metadata line back from the file, so its plan meets it first. Either way: refused, said, reloadable.
    if (size === 'document') {
      await click(button(c, 'Add message'));
      await waitFor(() => !!c.querySelector('.sl-outcome[role="alert"]'));
      const alert = c.querySelector('.sl-outcome[role="alert"]')!.textContent!;
      expect(alert).toContain('the file changed on disk');
      expect(alert).toMatch(/\d+ → \d+ bytes/);
    } else {
      expect(button(c, 'Add message')).toBeUndefined();
      expect(c.querySelector('[role="alert"]')!.textContent).toMatch(/changed on disk/);
    }
    expect(dec(h.adapter.getFile(PATH)!)).toContain('from the gateway');
    expect(dec(h.adapter.getFile(PATH)!)).not.toContain('mine');
    await click(button(c, 'Reload from disk'));
    await waitFor(() => h.saved.length > 0);
    expect(h.saved[0]).toBe('Reloaded from disk.');
  });

  it('refuses a save when the file changes between the preview and the save', async () => {
    const h = await setup(size);
    await type(card(h.el, 'Add a message').querySelector('textarea'), 'mine');
    const c = await planned(h.el, 'Add a message');
    h.adapter.setFile(PATH, base + '{"role": "user", "content": "from the gateway"}\n');
    await click(button(c, 'Add message'));
    await waitFor(() => !!c.querySelector('.sl-outcome[role="alert"]'));
    const alert = c.querySelector('.sl-outcome[role="alert"]')!.textContent!;
    expect(alert).toContain('the file changed on disk');
    expect(alert).toMatch(/\d+ → \d+ bytes/);
    expect(dec(h.adapter.getFile(PATH)!)).not.toContain('mine');
  });

  it('adds a message at the end, the preview naming the new line', async () => {
    const h = await setup(size);
    await type(card(h.el, 'Add a message').querySelector('textarea'), 'hello there');
    const c = await planned(h.el, 'Add a message');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('new line 6');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('hello there');
    await click(button(c, 'Add message'));
    await waitFor(() => h.saved.length > 0);
    const last = dec(h.adapter.getFile(PATH)!).trim().split('\n').at(-1)!;
    expect(JSON.parse(last)).toMatchObject({ role: 'user', content: 'hello there' });
  });

  it('repairs with a backup first and says where it went', async () => {
    const broken = jsonl([meta(), { role: 'user', content: 'a' }, '{oops', '', { role: 'assistant', content: 'b' }]);
    const h = await setup(size, broken);
    await click(button(card(h.el, 'Repair'), 'Preview repair'));
    const c = await planned(h.el, 'Repair');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('leaving out 2 corrupt or blank lines');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('− line 3: {oops');
    await click(button(c, 'Repair (backup first)'));
    expect(c.querySelector('.sl-confirm')!.textContent).toContain('without 2 corrupt or blank lines');
    await click(button(c, 'Yes, repair'));
    await waitFor(() => h.saved.length > 0);
    const backup = h.adapter.paths().find((p) => p.endsWith('.bak'))!;
    expect(backup).toMatch(/^sessions\/cli_direct\.jsonl\..*\.bak$/);
    expect(dec(h.adapter.getFile(backup)!)).toBe(broken);
    expect(dec(h.adapter.getFile(PATH)!)).not.toContain('oops');
    expect(h.saved[0]).toContain(`backed up to ${backup}`);
  });

  it('removes one corrupt line on request, offering it by its text', async () => {
    const broken = jsonl([meta(), { role: 'user', content: 'a' }, '{oops', { role: 'assistant', content: 'b' }]);
    const h = await setup(size, broken);
    await waitFor(() => card(h.el, 'Remove a corrupt or blank line').querySelector('option')!.textContent!.includes('{oops'));
    const c = await planned(h.el, 'Remove a corrupt or blank line');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain('line 3: {oops');
    await click(button(c, 'Remove line'));
    await click(button(c, 'Yes, remove line'));
    await waitFor(() => h.saved.length > 0);
    expect(dec(h.adapter.getFile(PATH)!)).toBe(broken.replace('{oops\n', ''));
  });

  it('previews a trim: which messages go and how many were never archived; asks before saving', async () => {
    const h = await setup(size);
    await type(card(h.el, 'Trim to a legal suffix').querySelector('input[type="number"]'), '2');
    const c = await planned(h.el, 'Trim to a legal suffix');
    const preview = c.querySelector('.sl-preview')!.textContent!;
    expect(preview).toContain('Drops 2 of 4 messages (0 already archived, 2 never archived)');
    expect(preview).toContain('Messages that go: #1–2');
    expect(preview).toContain('Session Lens does not');
    expect(c.querySelector('.sl-diff-list')!.textContent).toContain(compact.slice(0, 40));
    await click(button(c, 'Trim'));
    expect(h.saved).toHaveLength(0);
    await click(button(c, 'Cancel'));
    expect(c.querySelector('.sl-confirm')).toBeNull();
    await click(button(c, 'Trim'));
    await click(button(c, 'Yes, trim'));
    await waitFor(() => h.saved.length > 0);
    const lines = dec(h.adapter.getFile(PATH)!).trim().split('\n');
    expect(lines.slice(1).map((l) => JSON.parse(l).content)).toEqual(['second', 'done']);
  });

  it('validates last_consolidated and shows archived / replayable counts', async () => {
    const h = await setup(size);
    await type(card(h.el, 'last_consolidated').querySelector('input'), '9');
    let c = await planned(h.el, 'last_consolidated');
    expect(c.querySelector('[role="alert"]')!.textContent).toContain('from 0 to 4');
    await type(c.querySelector('input'), '2');
    c = await planned(h.el, 'last_consolidated');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('2 archived (not replayed) · 2 replayable');
  });

  it('validates the fork’s file name and writes the fork', async () => {
    const h = await setup(size);
    await type(card(h.el, 'Fork before a user turn').querySelector('input[type="text"]'), 'cli:a\u0007b');
    let c = await planned(h.el, 'Fork before a user turn');
    expect(c.querySelector('[role="alert"]')!.textContent).toContain('U+0007');
    await type(c.querySelector('input[type="text"]'), 'cli:forked');
    await type(c.querySelector('input[type="number"]'), '2');
    c = await planned(h.el, 'Fork before a user turn');
    expect(c.querySelector('.sl-preview')!.textContent).toContain('Writes cli_forked.jsonl with the 2 messages before user turn 2');
    await click(button(c, 'Write fork'));
    await waitFor(() => h.forks.length > 0);
    expect(h.forks).toEqual(['sessions/cli_forked.jsonl']);
    const fork = dec(h.adapter.getFile('sessions/cli_forked.jsonl')!).trim().split('\n');
    expect(fork).toHaveLength(3);
  });

  it('clears every message after asking, corrupt lines kept', async () => {
    const text = jsonl([meta(), { role: 'user', content: 'a' }, '{oops', { role: 'assistant', content: 'b' }]);
    const h = await setup(size, text);
    await click(button(card(h.el, 'Clear all messages'), 'Preview clear'));
    const c = await planned(h.el, 'Clear all messages');
    expect(c.querySelector('.sl-diff')!.textContent).toContain('2 lines removed');
    await click(button(c, 'Clear'));
    await click(button(c, 'Yes, clear'));
    await waitFor(() => h.saved.length > 0);
    const lines = dec(h.adapter.getFile(PATH)!).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('{oops');
  });

  it('deletes only after confirming', async () => {
    const h = await setup(size);
    const c = card(h.el, 'Delete the session file');
    await click(button(c, 'Delete file'));
    expect(h.adapter.getFile(PATH)).toBeDefined();
    await click(button(c, 'Yes, delete file'));
    await waitFor(() => h.deleted.length > 0);
    expect(h.deleted[0]).toContain('Deleted sessions/cli_direct.jsonl');
    expect(h.adapter.getFile(PATH)).toBeUndefined();
  });

  it('in read-only mode offers downloads (the edited file) and cannot delete', async () => {
    let clicked: { name: string; href: string } | null = null;
    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) { clicked = { name: this.download, href: this.href }; };
    const blobs: Blob[] = [];
    const made = URL.createObjectURL;
    URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:x');
    try {
      const h = await setup(size, base, { readOnly: true });
      expect(h.el.textContent).toContain('open read-only');
      await click(button(card(h.el, 'Clear all messages'), 'Preview clear'));
      const c = await planned(h.el, 'Clear all messages');
      await click(button(c, 'Download cleared file'));
      await click(button(c, 'Yes, download cleared file'));
      await waitFor(() => clicked !== null);
      expect(clicked!.name).toBe('cli_direct.jsonl');
      expect((await blobs[0]!.text()).trim().split('\n')).toHaveLength(1);
      expect(dec(h.adapter.getFile(PATH)!)).toBe(base);
      expect(card(h.el, 'Delete the session file').textContent).toContain('needs write access');
    } finally {
      HTMLAnchorElement.prototype.click = orig;
      URL.createObjectURL = made;
    }
  });

  it('in read-only mode offers the fork as a download: the bytes the fork writes', async () => {
    // A line not as nanobot writes it (written again in the fork) and the rest copied as they are.
    const text = jsonl([meta(), compact, { role: 'assistant', content: 'answer' }, { role: 'user', content: 'second' }, { role: 'assistant', content: 'done' }]);
    let clicked: string | null = null;
    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) { clicked = this.download; };
    const blobs: Blob[] = [];
    const made = URL.createObjectURL;
    URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:x');
    try {
      const h = await setup(size, text, { readOnly: true });
      await type(card(h.el, 'Fork before a user turn').querySelector('input[type="number"]'), '2');
      const c = await planned(h.el, 'Fork before a user turn');
      await click(button(c, 'Download fork'));
      await waitFor(() => clicked !== null);
      expect(clicked).toBe('cli_direct-fork.jsonl');
      expect(h.adapter.paths()).toEqual([PATH]);
      await unmount(h.el);
      // The same bytes the fork writes with write access.
      const written = await setup(size, text);
      await type(card(written.el, 'Fork before a user turn').querySelector('input[type="number"]'), '2');
      await click(button(await planned(written.el, 'Fork before a user turn'), 'Write fork'));
      await waitFor(() => written.forks.length > 0);
      expect(await blobs[0]!.text()).toBe(dec(written.adapter.getFile('sessions/cli_direct-fork.jsonl')!));
    } finally {
      HTMLAnchorElement.prototype.click = orig;
      URL.createObjectURL = made;
    }
  });

  it("leaves the warning about a running gateway to the page's one notice (issue 42: three stacked up)", async () => {
    const h = await setup(size);
    expect(h.el.textContent).not.toContain('nanobot gateway');
    expect(h.el.querySelector('.notice.gateway')).toBeNull();
    await check(card(h.el, 'Trim to a legal suffix').querySelector('input[type="checkbox"]'), true);
  });
});
