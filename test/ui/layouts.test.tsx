// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { base64urlKey } from '../../src/core/nanobot/keys';
import { detectLayout } from '../../src/store/listing/layout';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { layoutText } from '../../src/ui/workspace/version/layout-text';
import { folderIndex, listing, setWorkspace } from '../../src/ui/workspace/model';
import { WorkspaceView } from '../../src/ui/workspace/WorkspaceView';
import { mount, type, unmount, waitFor } from './session/helpers';

const meta = (key: string, title: string) =>
  `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {"title": "${title}"}, "last_consolidated": 0}\n`;
const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

describe('layouts', () => {
  it("nanobot's config folder: one session folder per workspace, labelled by its path, plus legacy sessions", async () => {
    const a = createMemoryAdapter();
    a.setFile('config.json', '{}');
    a.setFile(`sessions/${A}/.workspace`, '/home/ana/projects/site');
    a.setFile(`sessions/${A}/${base64urlKey('cli:direct')}.jsonl`, meta('cli:direct', 'Site work'));
    a.setFile(`sessions/${B}/.workspace`, '/home/ana/notes');
    a.setFile(`sessions/${B}/${base64urlKey('telegram:1')}.jsonl`, meta('telegram:1', 'Notes chat'));
    a.setFile('sessions/cli_old.jsonl', meta('cli:old', 'Old global session'));
    const layout = await detectLayout(a, '.nanobot');
    expect(layoutText(layout, '.nanobot')).toBe('“.nanobot” is nanobot’s config folder: 2 workspaces with sessions, plus legacy global sessions (3 files in all).');
    await setWorkspace({ kind: 'folder', name: '.nanobot', adapter: a, writable: true, layout });
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => !!el!.querySelector('.session-row'));
    const options = [...el.querySelectorAll('.folder-picker option')].map((o) => o.textContent);
    expect(options).toEqual(['/home/ana/projects/site (workspace, 1 file)', '/home/ana/notes (workspace, 1 file)', 'legacy global sessions (legacy, 1 file)']);
    await waitFor(() => !!el!.querySelector('.naming summary'));
    expect(el.querySelector('.naming summary')!.textContent).toBe('nanobot main file names (base64url)');
    expect(el.querySelector('a.row-link')!.textContent).toBe('Site work');
    await type(el.querySelector('.folder-picker select'), '2');
    await waitFor(() => el!.querySelector('a.row-link')?.textContent === 'Old global session');
    expect(folderIndex.value).toBe(2);
    expect(el.querySelector('a.row-link')!.getAttribute('href')).toBe('#/s/cli%3Aold?folder=sessions');
    await waitFor(() => el!.querySelector('.naming summary')?.textContent === 'nanobot v0.2 file names (safe_key)');
  });

  it('a folder that is not nanobot’s: lists only the .jsonl files that look like sessions', async () => {
    const a = createMemoryAdapter();
    a.setFile('chat.jsonl', meta('cli:x', 'Loose session'));
    a.setFile('data.jsonl', '{"id": 1, "value": 2}\n');
    const layout = await detectLayout(a, 'downloads');
    expect(layoutText(layout, 'downloads')).toBe('“downloads” is not a nanobot workspace, but 1 .jsonl file here looks like a session.');
    await act(() => setWorkspace({ kind: 'folder', name: 'downloads', adapter: a, writable: true, layout }));
    await waitFor(() => listing.value !== null);
    expect(listing.value!.summaries.map((s) => s.fileName)).toEqual(['chat.jsonl']);
  });

  it('a newer workspace says where its sessions are', async () => {
    const a = createMemoryAdapter();
    a.setFile('.nanobot/workspace-id', A);
    a.setFile('AGENTS.md', '# agents');
    const layout = await detectLayout(a, 'site');
    await setWorkspace({ kind: 'folder', name: 'site', adapter: a, writable: true, layout });
    el = await mount(<WorkspaceView page="sessions" />);
    expect(el.textContent).toContain('newer nanobot workspace');
    expect(el.textContent).toContain(`sessions/${A}/`);
  });
});
