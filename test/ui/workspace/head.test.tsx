// @vitest-environment happy-dom
/**
 * The workspace header is one line (issue 27): the name, the version in a few words with its
 * evidence one click away, Reload and Close; the gateway warning is one line and, once dismissed,
 * stays dismissed for that workspace.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setWorkspace } from '../../../src/ui/workspace/model';
import { WorkspaceView } from '../../../src/ui/workspace/WorkspaceView';
import { click, mount, unmount, waitFor } from '../session/helpers';
import { demoAdapter, demoWorkspace } from '../shell-helpers';

let el: HTMLElement | null = null;

beforeEach(async () => {
  localStorage.clear();
  await act(() => setWorkspace(null));
  // The demo's files, opened as a writable folder (the demo itself has no gateway warning).
  await setWorkspace({ ...(await demoWorkspace(demoAdapter())), kind: 'folder', name: 'ana-ws' });
});

afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

describe('workspace header', () => {
  it('names the version in one line; layout, evidence and the override wait behind it', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => !!el!.querySelector('.version-summary'));
    const head = el.querySelector('.workspace-head')!;
    // Three things in the line: the title, the folded facts, the actions.
    expect([...head.children].map((c) => c.className)).toEqual(['workspace-title', 'workspace-facts', 'workspace-actions']);
    const facts = head.querySelector<HTMLDetailsElement>('details.workspace-facts')!;
    expect(facts.open).toBe(false);
    expect(facts.querySelector('summary')!.textContent).toBe('nanobot v0.2 (ambiguous)');
    // What used to stand above the list is inside the folded details (the version panel loads on use).
    await waitFor(() => !!facts.querySelector('.facts-panel .version-evidence') && !!facts.querySelector('.facts-panel .naming'));
    for (const sel of ['.layout-text', '.naming', '.version-line', '.version-evidence', '.version-picker select']) expect(facts.querySelector(`.facts-panel ${sel}`)).not.toBeNull();
    expect(el.querySelector('.workspace > .layout-text, .workspace > .version-line')).toBeNull();
  });

  it('shows the gateway warning as one line, and a dismissed one stays dismissed for the workspace', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    const note = el.querySelector<HTMLElement>('.notice.gateway')!;
    expect(note.querySelector('summary')!.textContent).toBe('Stop nanobot’s gateway first: edits are saved straight into ana-ws.');
    expect(note.querySelector('details')!.open).toBe(false);
    await click(note.querySelector('button[aria-label="Dismiss this note"]'));
    expect(el.querySelector('.notice.gateway')).toBeNull();
    await unmount(el);
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => !!el!.querySelector('.version-summary'));
    expect(el.querySelector('.notice.gateway')).toBeNull();
  });
});

describe('a folder with no sessions', () => {
  it('says so once, with where nanobot keeps sessions, instead of an empty workspace', async () => {
    const { createMemoryAdapter } = await import('../../../src/store/adapter/memory-adapter');
    const { detectLayout } = await import('../../../src/store/listing/layout');
    const a = createMemoryAdapter();
    a.setFile('notes.txt', 'hello');
    await setWorkspace({ kind: 'folder', name: 'Downloads', adapter: a, writable: true, layout: await detectLayout(a, 'Downloads') });
    el = await mount(<WorkspaceView page="sessions" />);
    expect(el.querySelector('h1')!.textContent).toBe('No nanobot sessions in “Downloads”');
    expect(el.textContent).toContain('<workspace>/sessions/');
    expect(el.textContent).toContain('~/.nanobot/sessions/<32 hex digits>/');
    expect(el.textContent).toContain('not kept under Recent folders');
    expect(el.querySelector('nav.tabs, .session-list, .notice.gateway, .workspace-facts')).toBeNull();
    // "not a nanobot workspace" is said once.
    expect(el.textContent!.split('not a nanobot workspace').length).toBe(2);
  });
});
