/**
 * Reconnecting a remembered folder after a reload when the browser wants permission again: with
 * only the write guard pre-granted, a stored handle drops back to 'prompt' after a browser restart
 * (a plain reload keeps the grant). The deep link waits on a "Reconnect" screen; the click asks,
 * and the link opens.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, dropFolder } from '../browser/harness';
import { axeSerious, closeAll, demoWorkspaceCopy, dropOnStart, openAppInChromium, restartBrowser, type Served, shot, watchPage } from './support';

let b: Browser;
let app: Served;
let ws: string;
let watch: { problems: string[] };

beforeAll(async () => {
  ws = demoWorkspaceCopy('reconnect-ws');
  ({ app, b, watch } = await openAppInChromium({ guards: { read: false, write: true } }));
});

afterAll(() => closeAll(b, app, ws && path.dirname(ws)));

describe('remembered folder needing permission again', () => {
  it('opens a dropped folder', async () => {
    await dropOnStart(b, app, ws);
    await b.page.locator('.session-list').waitFor();
    expect(await b.page.locator('.session-row').count()).toBe(10);
  });

  it('after a browser restart, the deep link waits for a click on Reconnect', async () => {
    await b.page.goto(`${app.url}#/s/telegram%3A12345?tab=replay`);
    await b.page.locator('.session-page').waitFor();
    // Headless Chromium cannot accept the permission prompt a click opens: it answers 'denied'.
    b = await restartBrowser(b, { denyPrompts: true });
    await b.page.setViewportSize({ width: 1280, height: 900 });
    watch = watchPage(b.page);
    await b.page.goto(`${app.url}#/s/telegram%3A12345?tab=replay`);
    await b.page.getByRole('heading', { name: 'Reconnect to continue' }).waitFor();
    expect(await b.page.locator('.remembered .state').innerText()).toBe('Needs your permission again');
    await shot(b.page, 'reconnect-prompt');
    expect(await b.page.getByRole('button', { name: 'Open folder…' }).count()).toBe(0);
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it('a refused prompt is a clear state with a way forward; dropping the folder again opens the link', async () => {
    await b.page.getByRole('button', { name: 'Reconnect reconnect-ws' }).click();
    await b.page.getByRole('button', { name: 'Open folder…' }).waitFor();
    await b.page.locator('.remembered .state', { hasText: 'Access refused' }).waitFor();
    expect(await b.page.locator('.remembered-message').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('drop it on the page')]));
    await shot(b.page, 'reconnect-denied');
    expect(await axeSerious(b.page)).toEqual([]);
    await dropFolder(b, ws, 400, 400);
    await b.page.locator('.session-page').waitFor();
    await b.page.getByText('Weekend trip to Porto').first().waitFor();
    expect(b.page.url()).toMatch(/#\/s\/telegram%3A12345\?tab=replay/);
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('editable');
  });

  it('forgetting the folder removes its cached listing and last view from IndexedDB', async () => {
    // The listing store's keys, read in the page.
    const keys = () =>
      b.page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open('session-lens-listings');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('listings').objectStore('listings').getAllKeys();
              all.onsuccess = () => (open.result.close(), resolve(all.result.map(String)));
              all.onerror = () => reject(all.error);
            };
          }),
      );
    await expect.poll(async () => (await keys()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await b.page.goto(`${app.url}#/w`);
    await b.page.locator('.workspace-actions').getByRole('button', { name: 'Close' }).click();
    await b.page.getByRole('button', { name: 'Forget reconnect-ws' }).click();
    await b.page.getByText('Forgot reconnect-ws').waitFor();
    expect(await keys()).toEqual([]);
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});
