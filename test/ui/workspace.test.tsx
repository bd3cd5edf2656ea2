// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelFilter, problemsOnly, query } from '../../src/ui/workspace/filters';
import { refreshListing, scans, setWorkspace, listing } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { mount, type, unmount, waitFor, click, settle } from './session/helpers';
import { demoAdapter, demoWorkspace } from './shell-helpers';
import type { MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { interruptedSave, noteSave } from '../../src/store/save/save-journal';
import { notesWorkspace } from '../../src/ui/workspace/save-notes';
import { openSession } from '../../src/store/save/sessions';
import { setTitle } from '../../src/core/edit/edits';
import { saveEdited } from '../../src/ui/session/edit/apply';

let el: HTMLElement | null = null;
let adapter: MemoryAdapter;

beforeEach(async () => {
  query.value = '';
  channelFilter.value = '';
  problemsOnly.value = false;
  adapter = demoAdapter();
  await act(() => setWorkspace(null));
  await setWorkspace(await demoWorkspace(adapter));
  await waitFor(() => scans.value.size === 10);
});

afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

const rows = () => [...el!.querySelectorAll<HTMLElement>('.session-row')];
const rowOf = (file: string) => el!.querySelector<HTMLElement>(`.session-row[data-file="${file}"]`)!;

describe('workspace: sessions page', () => {
  it('is a list of links in nanobot’s order with key, channel, time, size, count and badges', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    const ul = el.querySelector('ul.session-list')!;
    expect(ul.getAttribute('aria-label')).toBe('Sessions');
    expect(rows()).toHaveLength(10);
    expect(rows().map((r) => r.dataset.file).slice(0, 2)).toEqual(['discord_30311.jsonl', 'cli_direct.jsonl']);
    const cli = rowOf('cli_direct.jsonl');
    expect(cli.querySelector('a.row-link')!.textContent).toBe('Fix the flaky upload test');
    expect(cli.querySelector('a.row-link')!.getAttribute('href')).toBe('#/s/cli%3Adirect');
    expect(cli.querySelector('.row-key')!.textContent).toBe('cli:direct');
    expect(cli.querySelector('.channel')!.textContent).toBe('cli');
    expect(cli.querySelector('.row-time')!.textContent).toBe('2 Jun 2026, 09:16');
    expect(cli.querySelector('.row-size')!.textContent).toBe('4.0 KB');
    expect(cli.querySelector('.row-count')!.textContent).toBe('15 msgs');
    expect(cli.querySelector('.badges')!.textContent).toContain('interrupted save');
    expect(rowOf('whatsapp_4915550001.jsonl').querySelector('.badges')!.textContent).toContain('nanobot loads nothing');
    expect(rowOf('email_ana.jsonl').querySelector('a.row-link')!.getAttribute('href')).toBe('#/s/email%3Aana%40example.com?file=email_ana.jsonl');
    expect(el.querySelector('.layout-text')!.textContent).toContain('is a nanobot workspace: 10 session files in sessions/');
    expect(el.querySelector('.notice.gateway')).toBeNull(); // the demo lives in this browser: no gateway saves it
    // Message content is text: nothing from a file becomes markup.
    expect(el.querySelector('script, iframe, img[src^="/home"]')).toBeNull();
  });

  it('searches message text, filters by channel and by problems', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    await type(el.querySelector('#session-search'), 'clérigos');
    expect(rows().map((r) => r.dataset.file)).toEqual(['telegram_12345.jsonl']);
    expect(el.querySelector('mark')!.textContent).toBe('Clérigos');
    await type(el.querySelector('#session-search'), '');
    await type(el.querySelector('select.channel-filter'), 'telegram');
    expect(rows()).toHaveLength(2);
    await type(el.querySelector('select.channel-filter'), '');
    await act(() => {
      const box = el!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
      box.checked = true;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(rows()).toHaveLength(4);
  });

  it('arrow keys, Home and End move focus through the rows (one tab stop)', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    const links = () => [...el!.querySelectorAll<HTMLAnchorElement>('a.row-link')];
    expect(links().filter((a) => a.tabIndex === 0)).toHaveLength(1);
    links()[0]!.focus();
    const key = (k: string) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));
    await key('ArrowDown');
    expect(document.activeElement).toBe(links()[1]);
    await key('End');
    expect(document.activeElement).toBe(links()[9]);
    await key('ArrowDown');
    expect(document.activeElement).toBe(links()[9]);
    await key('Home');
    expect(document.activeElement).toBe(links()[0]);
    expect(links().filter((a) => a.tabIndex === 0)).toEqual([links()[0]]);
  });
});

describe('workspace: health and leftovers', () => {
  it('health lists every problem with a link to its line', async () => {
    el = await mount(<WorkspaceView page="health" />);
    await waitFor(() => !!el!.querySelector('.health-file'));
    const files = [...el.querySelectorAll('.health-file')];
    expect(files.map((f) => f.querySelector('h3 a')!.textContent)).toEqual(['discord_30311.jsonl', 'whatsapp_4915550001.jsonl', 'cli_direct.jsonl', 'email_ana.jsonl']);
    const wa = files[1]!;
    expect(wa.querySelector('.verdict')!.textContent).toMatch(/loads nothing.*destroy the whole file/);
    const link = wa.querySelector<HTMLAnchorElement>('a.diag-where')!;
    expect(link.textContent).toBe('line 4');
    expect(link.getAttribute('href')).toBe('#/s/whatsapp%3A4915550001?tab=file&line=4');
    expect(el.querySelector('.health-summary')!.textContent).toMatch(/1 nanobot would load as empty/);
    expect(el.querySelector('nav.tabs a[aria-current="page"]')!.textContent).toBe('Health4');
  });

  it('a leftover is inspected and removed only after confirmation', async () => {
    el = await mount(<WorkspaceView page="leftovers" />);
    await waitFor(() => !!el!.querySelector('.leftover'));
    const item = el.querySelector('.leftover')!;
    expect(item.textContent).toContain('It was going to replace cli_direct.jsonl');
    await click([...item.querySelectorAll('button')].find((b) => b.textContent === 'Inspect'));
    await waitFor(() => !!el!.querySelector('.inspection'));
    expect(el.querySelector('.inspection')!.textContent).toMatch(/the current file has 15 messages.*cut off/);
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Remove…'));
    expect(adapter.getFile('sessions/cli_direct.jsonl.tmp')).toBeDefined();
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Cancel'));
    expect(adapter.getFile('sessions/cli_direct.jsonl.tmp')).toBeDefined();
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Remove…'));
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Delete cli_direct.jsonl.tmp'));
    await waitFor(() => el!.textContent!.includes('No leftovers in this folder.'));
    expect(adapter.getFile('sessions/cli_direct.jsonl.tmp')).toBeUndefined();
    expect(adapter.getFile('sessions/cli_direct.jsonl')).toBeDefined();
    await settle();
    expect(listing.value!.summaries).toHaveLength(10);
  });

  it('an empty leftover (a save interrupted before it wrote a byte) is called empty, not cut off (issue 27)', async () => {
    adapter.setFile('sessions/cli_direct.jsonl.tmp', new Uint8Array(0));
    el = await mount(<WorkspaceView page="leftovers" />);
    await waitFor(() => !!el!.querySelector('.leftover'));
    await click([...el.querySelector('.leftover')!.querySelectorAll('button')].find((b) => b.textContent === 'Inspect'));
    await waitFor(() => !!el!.querySelector('.inspection'));
    expect(el.querySelector('.inspection')!.textContent).toContain('It is empty: the save was interrupted before it wrote anything.');
    expect(el.querySelector('.inspection')!.textContent).not.toContain('cut off');
  });

  it('an empty tmp left by a Session Lens save cut short by a reload is named as its own, with the right words, and removing it forgets the note (issue 27)', async () => {
    adapter.setFile('sessions/cli_direct.jsonl.tmp', new Uint8Array(0));
    await refreshListing();
    noteSave(localStorage, notesWorkspace()!, 'sessions/cli_direct.jsonl.tmp', (await adapter.stat('sessions/cli_direct.jsonl.tmp')).lastModified - 1000);
    el = await mount(<WorkspaceView page="leftovers" />);
    await waitFor(() => !!el!.querySelector('.leftover'));
    const item = el.querySelector('.leftover')!;
    expect(item.querySelector('.chip')!.textContent).toBe('Session Lens save, interrupted');
    expect(item.textContent).toMatch(/Session Lens began this save at .+, and the page was closed or reloaded before it finished\./);
    await click([...item.querySelectorAll('button')].find((b) => b.textContent === 'Inspect'));
    await waitFor(() => !!el!.querySelector('.inspection'));
    expect(el.querySelector('.inspection')!.textContent).toContain('It is empty: Session Lens keeps a save’s bytes in the browser’s swap file until the save completes');
    expect(el.querySelector('.inspection')!.textContent).not.toContain('cut off');
    expect(el.querySelector('.inspection')!.textContent).toContain('Nothing in it is needed: it can be removed.');
    expect(el.querySelector('.inspection')!.textContent).not.toContain('problem'); // not a byte: nothing to count, nothing to show
    expect(el.querySelector('.inspection pre')).toBeNull();
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Remove…'));
    await click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Delete cli_direct.jsonl.tmp'));
    await waitFor(() => el!.textContent!.includes('No leftovers in this folder.'));
    expect(interruptedSave(localStorage, notesWorkspace()!, 'sessions/cli_direct.jsonl.tmp', null)).toBeNull();
  });

  it('a save of the full view is noted while it runs (its tmp named), and the note is gone once it is done', async () => {
    const opened = await openSession(adapter, 'sessions/telegram_12345.jsonl', { now: '2026-12-06T10:00:00', version: 'v0.2' });
    const edit = setTitle(opened.doc, opened.key, 'Noted while saving', '2026-12-06T10:00:00');
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    let during: string | null = null;
    adapter.onStep((step) => void (step === 'write' && (during = localStorage.getItem('session-lens:saves-running'))));
    const out = await saveEdited(adapter, opened, edit.doc, '2026-12-06T10:00:00');
    adapter.onStep(undefined);
    expect(out.ok).toBe(true);
    expect(JSON.parse(during!)).toEqual([{ workspace: notesWorkspace(), tmp: 'sessions/telegram_12345.jsonl.tmp', started: expect.any(Number) }]);
    expect(localStorage.getItem('session-lens:saves-running')).toBeNull();
  });

  it('a tmp nanobot left (no note of a save of ours, or one older than the note) keeps the plain words', async () => {
    noteSave(localStorage, notesWorkspace()!, 'sessions/cli_direct.jsonl.tmp', (await adapter.stat('sessions/cli_direct.jsonl.tmp')).lastModified + 60_000);
    el = await mount(<WorkspaceView page="leftovers" />);
    await waitFor(() => !!el!.querySelector('.leftover'));
    expect(el.querySelector('.leftover .chip')!.textContent).toBe('tmp file');
    expect(el.querySelector('.leftover')!.textContent).not.toContain('Session Lens began');
    localStorage.clear();
  });
});
