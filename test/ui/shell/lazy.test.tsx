// @vitest-environment happy-dom
/**
 * A lazy page's module is loaded once, whether `preload()` asked for it ahead (the session page while
 * the workspace is read: App.tsx) or its first render did; a failed preload is tried again on render.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent } from '../../../src/ui/shell/lazy';
import { mount, unmount, waitFor } from '../session/helpers';

let el: HTMLElement | null = null;
afterEach(async () => {
  if (el) await unmount(el);
  el = null;
});

describe('lazyComponent', () => {
  it('preload() loads the module ahead, once; the render then shows it without loading it again', async () => {
    let loads = 0;
    const Page = lazyComponent(async () => {
      loads++;
      return () => <p class="page">the page</p>;
    });
    Page.preload();
    Page.preload();
    await waitFor(() => loads === 1);
    el = await mount(<Page />);
    await waitFor(() => !!el!.querySelector('.page'));
    expect(loads).toBe(1);
  });

  it('a preload that failed is tried again when the page renders', async () => {
    let loads = 0;
    const Page = lazyComponent(async () => {
      if (loads++ === 0) throw new Error('offline');
      return () => <p class="page">the page</p>;
    });
    Page.preload();
    await waitFor(() => loads === 1);
    await new Promise((r) => setTimeout(r, 0));
    el = await mount(<Page />);
    await waitFor(() => !!el!.querySelector('.page'));
    expect(loads).toBe(2);
  });
});
