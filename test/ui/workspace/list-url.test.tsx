// @vitest-environment happy-dom
/** The list's search, filters and sort live in the link, and a sort control orders the rows (issue 27). */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyListParams } from '../../../src/ui/workspace/filters';
import { navigate, route } from '../../../src/ui/shell/router';
import { scans, setWorkspace } from '../../../src/ui/workspace/model';
import { WorkspaceView } from '../../../src/ui/workspace/WorkspaceView';
import { click, mount, type, unmount, waitFor } from '../session/helpers';
import { demoWorkspace } from '../shell-helpers';

let el: HTMLElement | null = null;
const files = () => [...el!.querySelectorAll('.session-row')].map((r) => r.getAttribute('data-file'));

beforeEach(async () => {
  applyListParams({});
  await act(() => setWorkspace(null));
  await setWorkspace(await demoWorkspace());
  await waitFor(() => scans.value.size === 10);
  navigate({ view: 'workspace', page: 'sessions', params: {} }, { replace: true });
});

afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  applyListParams({});
  await setWorkspace(null);
});

describe('the list in the link', () => {
  it('puts search, channel, problems and sort into the link as they change', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    await type(el.querySelector('#session-search'), 'Porto');
    await type(el.querySelector('select.channel-filter'), 'telegram');
    await type(el.querySelector('select.sort-control'), 'size');
    await waitFor(() => location.hash.includes('sort=size'));
    expect(location.hash).toBe('#/w?q=Porto&channel=telegram&sort=size');
    expect(route.value.params).toEqual({ q: 'Porto', channel: 'telegram', sort: 'size' });
    await click(el.querySelector('label.check input'));
    await waitFor(() => location.hash.includes('problems=1'));
  });

  it('never writes over a link just followed whose hashchange has not reached the route yet', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    // The link to Health is in the address bar; its hashchange is still queued when the list writes its search.
    history.replaceState(history.state, '', '#/w/health');
    await type(el.querySelector('#session-search'), 'Porto');
    expect(location.hash).toBe('#/w/health');
  });

  it('a link sets them; the sort orders the rows and the scope line says so', async () => {
    navigate({ view: 'workspace', page: 'sessions', params: { sort: 'size', channel: 'telegram' } }, { replace: true });
    el = await mount(<WorkspaceView page="sessions" />);
    await waitFor(() => (el!.querySelector<HTMLSelectElement>('select.sort-control')?.value ?? '') === 'size');
    expect(el.querySelector<HTMLSelectElement>('select.channel-filter')!.value).toBe('telegram');
    const sizes = [...el.querySelectorAll('.session-row')].map((r) => r.getAttribute('data-file'));
    expect(sizes[0]).toBe('telegram_88001.jsonl'); // the 2,602-message session is the largest
    expect(el.querySelector('#search-scope')!.textContent).toMatch(/^\d+ sessions, largest first\./);
    await type(el.querySelector('select.sort-control'), 'title');
    const titles = files();
    expect(titles.length).toBeGreaterThan(1);
    await type(el.querySelector('select.sort-control'), 'nanobot');
    await waitFor(() => !location.hash.includes('sort='));
    expect(el.querySelector('#search-scope')!.textContent).toContain('in nanobot’s order');
  });
});
