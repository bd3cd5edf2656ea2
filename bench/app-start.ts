/**
 * The start of every Chromium app bench: the built app served on its port, a fresh Chromium at a
 * fixed viewport with the bench's init scripts installed, on the start screen, ready for a drop.
 */
import type { Page } from 'playwright-core';
import { importTs } from './listing';
import { installFolderLookup } from './page-folders';

type Support = typeof import('../test/e2e/support');
type Harness = typeof import('../test/browser/harness');

export interface StartedApp {
  b: Awaited<ReturnType<Harness['launchChromium']>>;
  page: Page;
  close(): Promise<void>;
}

/** Serves the built app (or the build in `dir`, e.g. an older one to compare with) on `port` and opens it; `init` adds the bench's own init scripts first. */
export async function startBuiltApp(port: number, init: (page: Page) => Promise<unknown>, dir?: string): Promise<StartedApp> {
  const { builtApp, serveApp } = await importTs<Support>('test/e2e/support.ts');
  const { launchChromium } = await importTs<Harness>('test/browser/harness.ts');
  const app = await serveApp(dir ?? (await builtApp()), port);
  const b = await launchChromium({ port });
  const close = async () => {
    await b.close();
    await app.close();
  };
  try {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(installFolderLookup);
    await init(page);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Try the demo' }).waitFor();
    return { b, page, close };
  } catch (e) {
    await close();
    throw e;
  }
}
