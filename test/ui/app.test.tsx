// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/pwa/register', async () => {
  const { signal } = await import('@preact/signals');
  return { updateReady: signal(false), offlineReady: signal(false), applyUpdate: () => {}, registerServiceWorker: () => {} };
});

const { App } = await import('../../src/ui/shell/App');
const { navigate } = await import('../../src/ui/shell/router');
const { setWorkspace } = await import('../../src/ui/workspace/model');
const { theme } = await import('../../src/ui/shell/theme');
const { mount, unmount, click, waitFor } = await import('./session/helpers');
const { demoWorkspace } = await import('./shell-helpers');

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

describe('the shell', () => {
  it('has landmarks, a skip link, and routes the guide', async () => {
    navigate({ view: 'guide', params: {} });
    el = await mount(<App />);
    await waitFor(() => !!document.querySelector('main h1'));
    expect(document.querySelector('header.app-header')).not.toBeNull();
    expect(document.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(document.querySelector('main#main')).not.toBeNull();
    expect(document.querySelector('.skip-link')!.textContent).toBe('Skip to content');
    expect(document.querySelector('main h1')!.textContent).toBe('How nanobot keeps sessions');
    expect(document.title).toBe('Guide — Session Lens');
  });

  it('shows package.json’s version and that nothing leaves the browser in its footer', async () => {
    // Read here, not imported: the footer must show what the release bumped.
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    navigate({ view: 'start', params: {} });
    el = await mount(<App />);
    const footer = document.querySelector('footer.app-footer')!;
    expect(footer.querySelector('[data-version]')!.getAttribute('data-version')).toBe(version);
    expect(footer.textContent).toBe(`Session Lens ${version} · Runs entirely in this browser: nothing you open leaves it.`);
    expect(footer.previousElementSibling?.tagName).toBe('MAIN');
  });

  it('the theme toggle cycles system → light → dark on <html data-theme>', async () => {
    navigate({ view: 'start', params: {} });
    el = await mount(<App />);
    const btn = () => document.querySelector<HTMLButtonElement>('.theme-toggle')!;
    expect(theme.value).toBe('system');
    await click(btn());
    expect(document.documentElement.dataset.theme).toBe('light');
    await click(btn());
    expect(document.documentElement.dataset.theme).toBe('dark');
    await click(btn());
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('"/" and Ctrl+K jump to the session search', async () => {
    await setWorkspace(await demoWorkspace());
    navigate({ view: 'guide', params: {} });
    el = await mount(<App />);
    await act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true })));
    await waitFor(() => document.activeElement?.id === 'session-search');
    navigate({ view: 'guide', params: {} });
    await waitFor(() => !document.getElementById('session-search'));
    await act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true })));
    await waitFor(() => document.activeElement?.id === 'session-search');
  });
});
