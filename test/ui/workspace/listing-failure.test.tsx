// @vitest-environment happy-dom
/**
 * A folder nanobot's own listing fails on (issue 42): the workspace page names the files that break
 * it, links to their line 1, and writes the fix through the guarded save, after which nanobot lists
 * the folder again. A file changed since it was listed is left alone.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryAdapter, type MemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { detectLayout } from '../../../src/store/listing/layout';
import { mtimeIso } from '../../../src/store/listing/session-list';
import { listing, setWorkspace } from '../../../src/ui/workspace/model';
import { WorkspaceView } from '../../../src/ui/workspace/WorkspaceView';
import { button, click, dec, mount, unmount, waitFor } from '../session/helpers';

const META = (key: string, updated: string) => `{"_type": "metadata", "key": "${key}", "created_at": "2026-06-01T10:00:00", "updated_at": ${updated}, "metadata": {}, "last_consolidated": 0}`;
const USER = '{"role": "user", "content": "hello", "timestamp": "2026-06-01T10:00:01"}';
const file = (key: string, updated: string) => `${META(key, updated)}\n${USER}\n`;

let el: HTMLElement | null = null;
let a: MemoryAdapter;

beforeEach(async () => {
  localStorage.clear();
  a = createMemoryAdapter();
  a.setFile('sessions/cli_a.jsonl', file('cli:a', '"2026-06-03T10:00:00"'));
  a.setFile('sessions/cli_b.jsonl', file('cli:b', '1751371200'));
  a.setFile('sessions/cli_c.jsonl', file('cli:c', '"2026-06-02T10:00:00"'));
  a.setFile('sessions/cli_d.jsonl', file('cli:d', '[2026, 6, 1]'));
  await setWorkspace({ kind: 'folder', name: 'ws', adapter: a, writable: true, layout: await detectLayout(a, 'ws') });
  el = await mount(<WorkspaceView page="sessions" />);
  await waitFor(() => !!el!.querySelector('.listing-failure .breakers'));
});

afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await act(() => setWorkspace(null));
});

describe('a folder nanobot cannot list', () => {
  it('names the files that break it, with their values, a link to line 1 and the text each would get', () => {
    const box = el!.querySelector('.listing-failure')!;
    expect(box.querySelector('h3')!.textContent).toBe('nanobot’s own session list fails on this folder: 2 files break it');
    const items = [...box.querySelectorAll('.breakers li')];
    expect(items.map((i) => i.getAttribute('data-file'))).toEqual(['cli_b.jsonl', 'cli_d.jsonl']);
    expect(items[0]!.textContent).toContain('updated_at is 1751371200, not text');
    expect(items[0]!.textContent).toContain(`Sets updated_at to "${mtimeIso(1751371200_000)}" (the same time, read as seconds since 1970)`);
    expect(items[1]!.textContent).toContain('updated_at is [2026, 6, 1], not text');
    expect(items[1]!.textContent).toContain('Sets updated_at to "2026-06-01T10:00:00" (its created_at)');
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe('#/s/cli%3Ab?tab=file&line=1');
  });

  it('writes the fix after a confirm, and nanobot lists the folder again', async () => {
    await click(button(el!, 'Write updated_at as text in 2 files'));
    await click(button(el!, 'Write updated_at as text in 2 files'));
    await waitFor(() => listing.value?.sortError === null && !el!.querySelector('.listing-failure'));
    expect(dec(a.getFile('sessions/cli_b.jsonl')!)).toBe(file('cli:b', JSON.stringify(mtimeIso(1751371200_000))));
    expect(dec(a.getFile('sessions/cli_d.jsonl')!)).toBe(file('cli:d', '"2026-06-01T10:00:00"'));
    // nanobot's order now: newest updated_at first.
    expect([...el!.querySelectorAll('.session-row')].map((r) => r.getAttribute('data-file'))).toEqual(['cli_a.jsonl', 'cli_c.jsonl', 'cli_d.jsonl', 'cli_b.jsonl']);
  });

  it('leaves a file that changed since it was listed alone, and says so', async () => {
    a.setFile('sessions/cli_d.jsonl', file('cli:d', '7'));
    await click(button(el!, 'Write updated_at as text in 2 files'));
    await click(button(el!, 'Write updated_at as text in 2 files'));
    await waitFor(() => !!el!.querySelector('.listing-failure [role="status"]')?.textContent?.includes('cli_d.jsonl changed since it was listed'));
    expect(dec(a.getFile('sessions/cli_d.jsonl')!)).toBe(file('cli:d', '7'));
  });
});
