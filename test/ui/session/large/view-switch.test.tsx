// @vitest-environment happy-dom
/** The one page's switch between a file's two readings (the store's `stat.other`), and what large-file mode tells the page. */
import { afterEach, describe, expect, it } from 'vitest';

const { SessionPage } = await import('../../../../src/ui/SessionPage');
const { FullViewOffer } = await import('../../../../src/ui/session/large/ViewSwitch');
const { navigate, parseHash, route } = await import('../../../../src/ui/shell/router');
const { setWorkspace } = await import('../../../../src/ui/workspace/model');
const { FULL_VIEW_MAX_BYTES } = await import('../../../../src/store/large/large-file');
const { formatBytes } = await import('../../../../src/ui/parts/format');
const { mount, unmount, waitFor } = await import('../helpers');
const { demoAdapter, demoWorkspace } = await import('../../shell-helpers');
const { setLanguage } = await import('../../../../src/ui/i18n/text');
const { status } = await import('../../../../src/ui/shell/status');
const { createMemoryAdapter } = await import('../../../../src/store/adapter/memory-adapter');
const { button, click, type } = await import('../helpers');

type SessionRoute = Extract<ReturnType<typeof parseHash>, { view: 'session' }>;

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
  await setWorkspace(null);
});

/** The page as the app mounts it: following the route. */
const Page = () => <SessionPage r={route.value as SessionRoute} />;
const go = (hash: string) => navigate(parseHash(hash));
const fullLink = () => el!.querySelector<HTMLAnchorElement>('[data-testid="open-full-view"]');
const backLink = () => el!.querySelector<HTMLAnchorElement>('[data-testid="open-large-view"]');
const FILE = 'sessions/telegram_12345.jsonl';

describe('switching a file above the large-file line between the two views', () => {
  it('offers the full view from large-file mode, opens it by link (a permalink), keeps it on a tab change, and goes back', async () => {
    const a = demoAdapter();
    const size = a.getFile(FILE)!.length;
    await setWorkspace({ ...(await demoWorkspace(a)), kind: 'folder' });
    // `large=100` puts the line under this small file, as a mid-size file is above the default line.
    go('#/s/telegram%3A12345?large=100');
    el = await mount(<Page />);
    await waitFor(() => !!fullLink() && !!el!.querySelector('[data-testid="large-counts"]'));
    expect(el.querySelector('.sl-session.sl-large')).not.toBeNull();
    expect(fullLink()!.querySelector('.sl-long')!.textContent).toBe(`Open the full view (about ${formatBytes(2 * size)} of memory)`);
    // A phone's words (large.css shows them there): the same memory.
    expect(fullLink()!.querySelector('.sl-short')!.textContent).toBe(`Full view (${formatBytes(2 * size)})`);
    expect(fullLink()!.getAttribute('href')).toBe('#/s/telegram%3A12345?large=100&full=1');
    expect(backLink()).toBeNull();

    go(fullLink()!.getAttribute('href')!);
    // The whole document: its own header facts (nanobot's count beside the file's) and no index counts.
    await waitFor(() => !!el!.querySelector('.sl-session') && !el!.querySelector('.sl-large'));
    expect(el.querySelector('[data-testid="large-counts"]')).toBeNull();
    expect(el.querySelector('.sl-view-switch')!.textContent).toContain(`about ${formatBytes(2 * size)} of memory`);
    expect(backLink()!.getAttribute('href')).toBe('#/s/telegram%3A12345?large=100');
    // The view's own route changes (a tab) keep the choice of view.
    await click(el.querySelector('#sl-tab-replay'));
    expect(location.hash).toBe('#/s/telegram%3A12345?tab=replay&large=100&full=1');
    expect(el.querySelector('.sl-large')).toBeNull();
    // The way back keeps the tab too.
    await waitFor(() => backLink()!.getAttribute('href') === '#/s/telegram%3A12345?tab=replay&large=100');

    go(backLink()!.getAttribute('href')!);
    await waitFor(() => !!el!.querySelector('[data-testid="large-counts"]'));
    expect(el.querySelector('[aria-selected="true"]')!.id).toBe('sl-tab-replay');
    expect(location.hash).toBe('#/s/telegram%3A12345?tab=replay&large=100');
  });

  it('a file under the line opens in the full view with no switch; full=1 there changes nothing', async () => {
    await setWorkspace({ ...(await demoWorkspace()), kind: 'folder' });
    go('#/s/telegram%3A12345?full=1');
    el = await mount(<Page />);
    await waitFor(() => !!el!.querySelector('.sl-session'));
    expect(el.querySelector('.sl-view-switch')).toBeNull();
    expect(el.querySelector('.sl-large')).toBeNull();
  });

  it('a fork written in large-file mode is said with the link that opens it, as the full view does', async () => {
    const a = createMemoryAdapter();
    const demo = demoAdapter();
    for (const p of demo.paths()) a.setFile(p, demo.getFile(p)!, 1);
    await setWorkspace({ ...(await demoWorkspace(a)), kind: 'folder' });
    go('#/s/cli%3Adirect?tab=edit&large=1');
    el = await mount(<Page />);
    await waitFor(() => !!el!.querySelector('#sl-ed-fork-h'), 20000);
    const c = el.querySelector('#sl-ed-fork-h')!.closest('section')!;
    await type(c.querySelector('input[type="number"]'), '2');
    await waitFor(() => !!c.querySelector('.sl-preview'));
    await click(button(c, 'Write fork'));
    await waitFor(() => status.value?.link?.label === 'Open the fork');
    expect(status.value!.link!.href).toBe('#/s/cli%3Adirect-fork');
    expect(a.getFile('sessions/cli_direct-fork.jsonl')).toBeDefined();
  }, 30000);

  it('offers no full view at or above its ceiling, and says why', async () => {
    el = await mount(<FullViewOffer size={FULL_VIEW_MAX_BYTES} offered={false} href="#/x" />);
    expect(fullLink()).toBeNull();
    expect(el.textContent).toBe(`The full view is not offered from ${formatBytes(FULL_VIEW_MAX_BYTES)}: the whole file would not fit in the page.`);
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    try {
      el = await mount(<FullViewOffer size={1024 * 1024} offered href="#/x" />);
      expect(fullLink()!.querySelector('.sl-long')!.textContent).toBe('打开完整视图（约占 2.0 MB 内存）');
    } finally {
      await setLanguage('en');
    }
  });
});
