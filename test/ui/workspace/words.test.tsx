// @vitest-environment happy-dom
/** The list's words (issue 27): "1 session matches", "2 sessions match". */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { query } from '../../../src/ui/workspace/filters';
import { scans, setWorkspace } from '../../../src/ui/workspace/model';
import { WorkspaceView } from '../../../src/ui/workspace/WorkspaceView';
import { mount, type, unmount, waitFor } from '../session/helpers';
import { demoWorkspace } from '../shell-helpers';

let el: HTMLElement | null = null;

beforeEach(async () => {
  query.value = '';
  await act(() => setWorkspace(null));
  await setWorkspace(await demoWorkspace());
  await waitFor(() => scans.value.size === 10);
});

afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  query.value = '';
  await setWorkspace(null);
});

describe('search words', () => {
  it('agree in number', async () => {
    el = await mount(<WorkspaceView page="sessions" />);
    await type(el.querySelector('#session-search'), 'Clérigos');
    expect(el.querySelector('#search-scope')!.textContent).toMatch(/^1 session matches “Clérigos”/);
    await type(el.querySelector('#session-search'), 'telegram');
    expect(el.querySelector('#search-scope')!.textContent).toMatch(/^2 sessions match “telegram”/);
  });
});
