// @vitest-environment happy-dom
/**
 * The one Edit tab's saves at both sizes: the same bytes for the same edit, a long save's progress
 * and Cancel, a save that outlives its card, the delete's backup and its refusal; on the page, the
 * result outlives the file being opened again and takes the focus.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../../../src/store/adapter/memory-adapter';
import { useState } from 'preact/hooks';
import { SessionView } from '../../../../src/ui/session/SessionView';
import type { SessionHostProps } from '../../../../src/ui/session-host';
import { button, check, click, dec, mount, type, unmount, waitFor, indexHost } from '../helpers';
import { PATH, SIZES, card, planned, setupEdit, type Size } from './harness';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

/** 30 messages, a corrupt line, CRLF endings and no final newline. */
function text(): string {
  const rows = ['{"_type": "metadata", "key": "cli:big", "created_at": "2026-06-01T09:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {"title": "Old"}, "last_consolidated": 4}'];
  for (let i = 0; i < 30; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
  rows.splice(3, 0, '{corrupt');
  return rows.join('\r\n');
}

const setup = async (size: Size, opts: Parameters<typeof setupEdit>[2] = {}) => {
  const h = await setupEdit(text(), size, opts);
  el = h.el;
  return h;
};

/** Each edit as a person makes it in its card, up to its last button. */
const EDITS: [string, (root: HTMLElement) => Promise<string[]>][] = [
  ['Title', async (root) => (await type(card(root, 'Title').querySelector('input'), 'New'), ['Save title'])],
  ['Add a message', async (root) => (await type(card(root, 'Add a message').querySelector('textarea'), 'one more'), ['Add message'])],
  ['last_consolidated', async (root) => (await type(card(root, 'last_consolidated').querySelector('input'), '10'), ['Save last_consolidated'])],
  ['Trim to a legal suffix', async (root) => (await type(card(root, 'Trim to a legal suffix').querySelector('input[type="number"]'), '7'), await check(card(root, 'Trim to a legal suffix').querySelector('input[type="checkbox"]'), true), ['Trim', 'Yes, trim'])],
  ['Clear all messages', async (root) => (await click(button(card(root, 'Clear all messages'), 'Preview clear')), ['Clear', 'Yes, clear'])],
  ['Remove a corrupt or blank line', async () => ['Remove line', 'Yes, remove line']],
  ['Repair', async (root) => (await click(button(card(root, 'Repair'), 'Preview repair')), ['Repair (backup first)', 'Yes, repair'])],
];

describe('the same edit at both sizes', () => {
  // A repair's preview differs by design: the index counts the message lines it writes again without reading them.
  it.each(EDITS.filter(([title]) => title !== 'Repair'))('%s previews the same lines over the index as over the whole document', async (title, make) => {
    const previews: string[] = [];
    for (const size of SIZES) {
      const h = await setup(size);
      await make(h.el);
      previews.push((await planned(h.el, title)).querySelector('.sl-preview')!.textContent!);
      await unmount(el!);
      el = null;
    }
    expect(previews[0]).toContain('Preview:');
    expect(previews[1]).toBe(previews[0]);
  });

  it.each(EDITS)('%s writes the same bytes over the index as over the whole document', async (title, make) => {
    const written: string[] = [];
    for (const size of SIZES) {
      const h = await setup(size);
      const steps = await make(h.el);
      const c = await planned(h.el, title);
      expect(c.querySelector('[role="alert"]'), `${size}: ${c.querySelector('[role="alert"]')?.textContent}`).toBeNull();
      for (const s of steps) await click(button(c, s));
      await waitFor(() => h.saved.length === 1);
      written.push(dec(h.adapter.getFile(PATH)!));
      await unmount(el!);
      el = null;
    }
    expect(written[1]).toBe(written[0]);
    expect(written[0]).not.toBe(text());
  });
});

describe.each(SIZES)('saves over the %s', (size) => {
  it('a save shows its progress and a Cancel button; cancelled, the file is unchanged, and the tmp removed (issue 27)', async () => {
    const h = await setup(size);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    h.adapter.onStep(async (step) => void (step === 'write' && (await gate)));
    await type(card(h.el, 'Title').querySelector('input'), 'Never saved');
    const title = await planned(h.el, 'Title');
    await click(button(title, 'Save title'));
    await waitFor(() => !!title.querySelector('.sl-save-progress'));
    expect(title.querySelector('.sl-save-progress progress')).not.toBeNull();
    await click(button(title, 'Cancel save'));
    expect(title.querySelector('.sl-save-progress')!.textContent).toContain('Cancelling…');
    release();
    await waitFor(() => !!title.querySelector('.sl-outcome'));
    expect(title.querySelector('.sl-outcome')!.textContent).toBe('Save cancelled: the file is unchanged and the temporary file was removed.');
    expect(title.querySelector('.sl-outcome')!.getAttribute('role')).toBe('status');
    expect(dec(h.adapter.getFile(PATH)!)).toBe(text());
    expect(h.adapter.paths()).toEqual([PATH]);
    expect(h.saved).toEqual([]);
  });

  it('a save goes on when its card goes away (another tab looked at), and leaving the page asks first until it ends', async () => {
    const h = await setup(size);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    h.adapter.onStep(async (step) => void (step === 'write' && (await gate)));
    await type(card(h.el, 'Title').querySelector('input'), 'Saved anyway');
    await click(button(await planned(h.el, 'Title'), 'Save title'));
    await waitFor(() => !!card(h.el, 'Title').querySelector('.sl-save-progress'));
    await unmount(el!);
    el = null;
    const leave = () => {
      const e = new Event('beforeunload', { cancelable: true });
      dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(leave()).toBe(true);
    release();
    await waitFor(() => h.saved.length === 1);
    expect(dec(h.adapter.getFile(PATH)!)).toContain('Saved anyway');
    expect(leave()).toBe(false);
  });

  it('deletes only after confirming, a backup of the same bytes kept', async () => {
    const h = await setup(size);
    const del = card(h.el, 'Delete the session file');
    await click(button(del, 'Delete file'));
    expect(h.adapter.getFile(PATH)).toBeDefined();
    await click(button(del, 'Yes, delete file'));
    await waitFor(() => h.deleted.length === 1);
    expect(h.adapter.getFile(PATH)).toBeUndefined();
    const backup = /backed up to (.+)\.$/.exec(h.deleted[0]!)![1]!;
    expect(h.deleted[0]).toBe(`Deleted ${PATH}. Its last version was backed up to ${backup}.`);
    expect(dec(h.adapter.getFile(backup)!)).toBe(text());
  });

  it('refuses to delete a file that changed since it was read, and keeps it', async () => {
    const h = await setup(size);
    h.adapter.setFile(PATH, text() + '\r\n{"role": "user", "content": "from nanobot"}');
    const del = card(h.el, 'Delete the session file');
    await click(button(del, 'Delete file'));
    await click(button(del, 'Yes, delete file'));
    await waitFor(() => !!del.querySelector('.sl-outcome'));
    expect(del.querySelector('.sl-outcome')!.textContent).toContain('Not saved: the file changed on disk since it was read.');
    expect(h.adapter.getFile(PATH)).toBeDefined();
    expect(h.deleted).toEqual([]);
  });
});

describe('on the page (the line index)', () => {
  it('the result outlives the file being indexed again, and takes the focus, as the full view does', async () => {
    const a = createMemoryAdapter();
    a.setFile(PATH, text());
    const saved: string[] = [];
    // The shell opens the file again after a save and hands the page the new source.
    function Page({ host }: { host: SessionHostProps }) {
      const [source, setSource] = useState(host.source);
      return <SessionView {...host} source={source} onSaved={(m) => (saved.push(m), void host.open().then(setSource))} />;
    }
    el = await mount(<Page host={await indexHost(a, PATH, 'v0.2', { adapter: a, route: { tab: 'edit', params: {} } })} />);
    await waitFor(() => !!el!.querySelector('.sl-edit-cards'));
    await type(card(el, 'Add a message').querySelector('textarea'), 'one more');
    await click(button(await planned(el, 'Add a message'), 'Add message'));
    await waitFor(() => saved.length === 1);
    // Indexed again: a new card, showing the result and holding the focus.
    await waitFor(() => !!el!.querySelector('.sl-edit-cards') && !!card(el!, 'Add a message').querySelector('.sl-outcome'));
    const outcome = card(el, 'Add a message').querySelector('.sl-outcome')!;
    expect(outcome.textContent).toBe(saved[0]);
    await waitFor(() => document.activeElement === outcome);
    expect((card(el, 'Add a message').querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
  });
});
