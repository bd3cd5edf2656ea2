// @vitest-environment happy-dom
/** App faults found by trying it (issue 15, section 3); each test pins one. */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAdapter, type MemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../src/store/listing/layout';
import type { StorageAdapter } from '../../src/store/adapter/adapter';
import { EditTab } from '../../src/ui/session/edit/EditTab';
import { DiffView } from '../../src/ui/session/edit/DiffView';
import { documentDiff } from '../../src/store/save/edit-preview';
import { documentSourceOf } from '../../src/store/source/document-source';
import { FileTab } from '../../src/ui/session/file/FileTab';
import { ReplayTab } from '../../src/ui/session/replay/ReplayTab';
import { setTitle } from '../../src/core/edit/edits';
import { scans, setWorkspace } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { relation } from '../../src/ui/workspace/pages/LeftoversPage';
import type { FileScan } from '../../src/ui/workspace/scan/scan';
import { NOW, button, click, dec, jsonl, meta, mount, openText, openVia, type, unmount, waitFor, wholeHost } from './session/helpers';
import { demoAdapter, demoWorkspace } from './shell-helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

const PATH = 'sessions/cli_direct.jsonl';
const base = jsonl([meta(), { role: 'user', content: 'one' }, { role: 'assistant', content: 'two' }, { role: 'user', content: 'three' }, { role: 'assistant', content: 'four' }]);

function card(root: Element, title: string): Element {
  return [...root.querySelectorAll('section.sl-edit')].find((s) => s.querySelector('h3')!.textContent === title)!;
}

/** The Edit tab over the document read through `adapter` (`shown`: the folder the tab is told of, the same unless said). */
async function editTab(adapter: StorageAdapter & MemoryAdapter, onForked: (p: string) => void = () => {}, shown: StorageAdapter = adapter, text = base): Promise<HTMLElement> {
  adapter.setFile(PATH, text);
  const source = documentSourceOf(adapter, await openVia(adapter, PATH), { now: NOW, version: 'v0.2' });
  const root = await mount(<EditTab source={source} adapter={shown} now={() => NOW} onForked={onForked} onSaved={() => {}} onDeleted={() => {}} />);
  await waitFor(() => !!root.querySelector('.sl-edit-cards'));
  return root;
}

/** Waits for the card's action once its plan is in. */
async function action(c: Element, label: string): Promise<HTMLButtonElement> {
  await waitFor(() => !!button(c, label));
  return button(c, label)!;
}

const key = (k: string) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('app faults', () => {
  it('a fork does not claim "saved with fsync" where the platform offers none', async () => {
    const a = createMemoryAdapter();
    expect(a.fsyncs).toBeFalsy();
    el = await editTab(a);
    expect(el.textContent).toContain('A web page has no fsync');
    const c = card(el, 'Fork before a user turn');
    await click(button(c, 'Preview fork'));
    await click(await action(c, 'Write fork'));
    await waitFor(() => !!c.querySelector('[role="status"]'));
    expect(c.querySelector('[role="status"]')!.textContent).not.toContain('saved with fsync');
    expect(c.querySelector('[role="status"]')!.textContent).toContain('a web page cannot fsync');
  });

  it('Health never says "nanobot does not list this file" about a file nanobot lists', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/no_meta.jsonl', '{"role": "user", "content": cut\n{"role": "user", "content": "listed anyway"}\n');
    await setWorkspace({ kind: 'folder', name: 'W', adapter: a, writable: false, layout: await detectLayout(a, 'w') });
    await waitFor(() => scans.value.size === 1);
    el = await mount(<WorkspaceView page="health" />);
    await waitFor(() => !!el!.querySelector('.health-file'));
    expect(el.querySelector('.health-file')!.textContent).toContain('reads this file through its repair pass');
    expect(el.textContent).not.toContain('does not list');
    expect(el.textContent).toContain('unless reading line 1 fails');
  });

  it('a "line N" link brings the lines list into view in the File tab', async () => {
    const o = openText(jsonl([meta(), ...Array.from({ length: 60 }, (_, i) => ({ role: 'user', content: `m${i}` })), '{"cut']));
    const seen: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      seen.push(this);
    });
    try {
      el = await mount(<FileTab source={wholeHost(o).source} line={61} />);
      await waitFor(() => seen.some((e) => e.querySelector('#sl-lines-h')));
      await waitFor(() => !!el!.querySelector('.sl-diag-list'));
      seen.length = 0;
      await click([...el.querySelectorAll('.sl-diag-list button')].find((b) => b.textContent!.startsWith('line 62')));
      expect(seen.some((e) => e.querySelector('#sl-lines-h'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('a confirm step takes focus, announces itself, and closes on Escape (focus back on its button)', async () => {
    const a = createMemoryAdapter();
    el = await editTab(a);
    const c = card(el, 'Clear all messages');
    await click(button(c, 'Preview clear'));
    const open = await action(c, 'Clear');
    await click(open);
    const dialog = c.querySelector('[role="alertdialog"]')!;
    expect(dialog).not.toBeNull();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toContain('All 4 messages will be removed');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement!.textContent).toBe('Cancel');
    await key('Escape');
    expect(c.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.activeElement).toBe(button(c, 'Clear'));
    expect(dec(a.getFile(PATH)!)).toBe(base);
  });

  it('the Replay headline does not say nanobot sends messages from a file it loads nothing from', async () => {
    const o = openText(jsonl([meta(), ...Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` })), '[1, 2]']));
    expect(o.nanobot.result).toBeNull();
    el = await mount(<ReplayTab source={wholeHost(o).source} params={{}} onParams={() => {}} onOpenLine={() => {}} />);
    await waitFor(() => !!el!.querySelector('.sl-headline'));
    const headline = el.querySelector('.sl-headline')!.textContent!;
    expect(headline).not.toMatch(/nanobot sends \d/);
    expect(headline).toContain('nanobot sends nothing: it loads nothing from this file. After a repair it would send 10 messages of 10');
  });

  it('the workspace’s session count still matches after Reload finds a new file', async () => {
    const a = demoAdapter();
    await setWorkspace({ ...(await demoWorkspace(a)), kind: 'folder' });
    el = await mount(<WorkspaceView page="sessions" />);
    expect(el.querySelector('.layout-text')!.textContent).toContain('10 session files');
    a.setFile('sessions/cli_new.jsonl', jsonl([meta(), { role: 'user', content: 'new' }]));
    await click(button(el, 'Reload'));
    await waitFor(() => el!.querySelectorAll('.session-row').length === 11);
    expect(el.querySelector('nav.tabs a[aria-current="page"] .count')!.textContent).toBe('11');
    expect(el.querySelector('.layout-text')!.textContent).toContain('11 session files');
  });

  it('the leftovers text holds when the times are equal and when the target is damaged', () => {
    const l = { name: 'a.jsonl.tmp', kind: 'tmp' as const, target: 'a.jsonl', path: 'sessions/a.jsonl.tmp', stat: { size: 5, lastModified: 1000 }, targetStat: { size: 9, lastModified: 1000 } };
    const same = relation(l);
    expect(same).toContain('at the same time as that file’s last change');
    expect(same).not.toMatch(/written (before|after)/);
    const broken = { nanobot: { empty: true, path: 'repair' }, diagnostics: [] } as unknown as FileScan;
    const text = relation(l, broken);
    expect(text).not.toContain('intact');
    expect(text).toContain('a.jsonl is damaged in its own right');
  });

  it('the demo shows no gateway warning', async () => {
    await setWorkspace(await demoWorkspace());
    el = await mount(<WorkspaceView page="sessions" />);
    expect(el.querySelector('.notice.gateway')).toBeNull();
    await unmount(el);
    const a = createMemoryAdapter();
    const demoLike = Object.assign(Object.create(a) as MemoryAdapter, { browserPrivate: true });
    el = await editTab(a, () => {}, demoLike);
    expect(el.textContent).not.toContain('Stop nanobot first');
    expect(el.textContent).toContain('no nanobot reads or writes them');
  });

  it.each([
    ['Trim to a legal suffix', 'Trim'],
    ['Clear all messages', 'Clear'],
    ['Delete the session file', 'Delete file'],
  ])('%s offers the backup a repair writes', async (title, label) => {
    const a = createMemoryAdapter();
    el = await editTab(a);
    const c = card(el, title);
    if (title.startsWith('Trim')) await type(c.querySelector('input[type="number"]'), '2');
    if (title.startsWith('Clear')) await click(button(c, 'Preview clear'));
    await click(await action(c, label));
    const box = c.querySelector<HTMLInputElement>('[role="alertdialog"] input[type="checkbox"]')!;
    expect(box.checked).toBe(true);
    expect(box.parentElement!.textContent).toContain('Back up the file first, as a repair does');
    await click(button(c, `Yes, ${label.toLowerCase()}`));
    await waitFor(() => a.paths().some((p) => p.endsWith('.bak')));
    const bak = a.paths().find((p) => /^sessions\/cli_direct\.jsonl\..+\.bak$/.test(p))!;
    expect(dec(a.getFile(bak)!)).toBe(base);
  });

  it('the diff preview shows the changed part of a long line', () => {
    const long = 'word '.repeat(2000);
    const o = openText(jsonl([meta({ note: long, title: 'old title' }), { role: 'user', content: 'x' }]));
    const r = setTitle(o.doc, o.key, 'new title', NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const diff = documentDiff(o.doc, r.doc);
    expect(diff.changed).toBe(1);
    return mount(<DiffView diff={diff} />).then((d) => {
      el = d;
      const codes = [...d.querySelectorAll('.sl-diff-change code')].map((c) => c.textContent!);
      expect(codes[0]).toContain('old title');
      expect(codes[1]).toContain('new title');
      expect(codes[1]!.length).toBeLessThan(200);
    });
  });

  it('says once, in the Edit tab, that a browser save leaves the file private (mode 0600)', async () => {
    const a = createMemoryAdapter();
    const folderLike = Object.assign(Object.create(a) as MemoryAdapter, { ownerOnlySaves: true });
    el = await editTab(a, () => {}, folderLike);
    expect(el.textContent!.match(/mode 0600/g)).toHaveLength(1);
    expect(el.textContent).toContain('If nanobot runs as another user, it can no longer read the session');
    await unmount(el);
    el = await editTab(createMemoryAdapter());
    expect(el.textContent).not.toContain('0600');
  });
});

describe('Reset demo', () => {
  it('asks first, and resets only when confirmed', async () => {
    vi.resetModules();
    const demoFolder = vi.fn(async () => {
      throw new Error('stop here');
    });
    vi.doMock('../../src/ui/workspace/scan/demo', () => ({ demoExists: async () => true, demoFolder, DEMO_DIR: 'x', DEFAULT_DEMO: 'v0.2' }));
    const { StartScreen } = await import('../../src/ui/start/StartScreen');
    await (await import('../../src/ui/i18n/text')).startText('en'); // the fresh modules' text, as the app loads it before rendering
    el = await mount(<StartScreen />);
    await waitFor(() => !!button(el!, 'Reset demo'));
    await click(button(el, 'Reset demo'));
    expect(demoFolder).not.toHaveBeenCalled();
    const dialog = el.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Every change made in the demo is lost');
    expect(document.activeElement!.textContent).toBe('Cancel');
    await key('Escape');
    expect(el.querySelector('[role="alertdialog"]')).toBeNull();
    await click(button(el, 'Reset demo'));
    await click(button(el, 'Reset the demo'));
    await waitFor(() => demoFolder.mock.calls.length > 0);
    expect(demoFolder).toHaveBeenCalledWith(true, 'v0.2');
    vi.doUnmock('../../src/ui/workspace/scan/demo');
  });
});


