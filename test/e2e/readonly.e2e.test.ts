/**
 * Without the File System Access API (as in Firefox and Safari; simulated by deleting
 * showDirectoryPicker and getAsFileSystemHandle before the app loads): a folder opens read-only
 * through `<input webkitdirectory>` or a drop (entries API), a single dropped file opens straight
 * into its session, the app says it is read-only, and the session view gets no adapter: an edit is a download of
 * the edited file, at both sizes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFolder, launchChromium, type Browser } from '../browser/harness';
import { axeSerious, builtApp, closeAll, demoWorkspaceCopy, serveApp, type Served, shot, watchPage } from './support';

let b: Browser;
let app: Served;
let ws: string;
let watch: { problems: string[] };

beforeAll(async () => {
  ws = demoWorkspaceCopy('ro-workspace');
  app = await serveApp(await builtApp());
  b = await launchChromium({ port: app.port });
  await b.page.setViewportSize({ width: 1280, height: 900 });
  await b.ctx.addInitScript(() => {
    delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    delete (DataTransferItem.prototype as { getAsFileSystemHandle?: unknown }).getAsFileSystemHandle;
  });
  watch = watchPage(b.page);
});

afterAll(() => closeAll(b, app, ws && path.dirname(ws)));

const row = (file: string) => b.page.locator(`.session-row[data-file="${file}"]`);

describe('read-only fallback', () => {
  it('says the browser cannot write folders and offers a read-only folder input', async () => {
    await b.page.goto(app.url);
    await b.page.getByRole('button', { name: 'Choose folder (read-only)…' }).waitFor();
    expect(await b.page.getByRole('button', { name: 'Open folder…' }).count()).toBe(0);
    expect(await b.page.locator('.start .notice').innerText()).toContain('read-only');
    await shot(b.page, 'readonly-start');
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it('opens a folder through <input webkitdirectory>, with badges, read-only', async () => {
    await b.page.setInputFiles('#folder-input', ws);
    await b.page.locator('.session-list').waitFor();
    expect(await b.page.locator('.session-row').count()).toBe(10);
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('read-only');
    expect(await b.page.locator('.workspace .notice.warn').first().innerText()).toContain('no File System Access API');
    await row('whatsapp_4915550001.jsonl').locator('.badge', { hasText: 'nanobot loads nothing' }).waitFor();
    expect(await row('cli_direct.jsonl').locator('.badge').innerText()).toContain('interrupted save');
    expect(await b.page.locator('.notice.gateway').count()).toBe(0);
    await shot(b.page, 'readonly-list');
    expect(await axeSerious(b.page)).toEqual([]);
    await b.page.getByRole('link', { name: /Leftovers/ }).click();
    await b.page.getByRole('button', { name: 'Inspect' }).waitFor();
    expect(await b.page.getByRole('button', { name: 'Remove…' }).count()).toBe(0);
  });

  it('opens a session with edits as downloads (no adapter)', async () => {
    await b.page.goto(`${app.url}#/w`);
    await row('telegram_12345.jsonl').locator('a.row-link').click();
    await b.page.locator('.session-page').waitFor();
    await b.page.getByText('Weekend trip to Porto').first().waitFor();
    expect(await b.page.locator('.session-page .notice.warn').first().innerText()).toContain('Read-only.');
    await shot(b.page, 'readonly-session');
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it.each([
    ['the whole document', ''],
    ['the line index', '&large=1'],
  ])('offers an edit of %s as a download of the edited file, the file on disk untouched', async (_name, large) => {
    const file = path.join(ws, 'sessions', 'telegram_12345.jsonl');
    const before = fs.readFileSync(file, 'utf8');
    await b.page.evaluate((h) => (location.hash = h), `#/s/telegram%3A12345?tab=edit${large}`);
    const title = b.page.locator('#sl-ed-title-h').locator('xpath=..');
    // The size line drawn below this file: the line index reads it. (Waited for: the view before the
    // link's, the same Edit tab without it, is still drawn for a moment, and its title field would take the text.)
    await expect.poll(() => b.page.locator('.sl-session.sl-large').count()).toBe(large ? 1 : 0);
    await title.getByLabel('New title').fill('Downloaded title');
    const [download] = await Promise.all([b.page.waitForEvent('download'), title.getByRole('button', { name: 'Download with this title' }).click()]);
    expect(download.suggestedFilename()).toBe('telegram_12345.jsonl');
    const lines = fs.readFileSync((await download.path())!, 'utf8').split('\n');
    expect(JSON.parse(lines[0]!).metadata.title).toBe('Downloaded title');
    expect(lines.slice(1).join('\n')).toBe(before.split('\n').slice(1).join('\n'));
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    await title.getByText('Downloaded the edited telegram_12345.jsonl').waitFor();
  });

  it('a dropped folder opens read-only through the entries API', async () => {
    await b.page.goto(`${app.url}#/`);
    await dropFolder(b, ws, 400, 400);
    await b.page.locator('.session-list').waitFor();
    expect(await b.page.locator('.session-row').count()).toBe(10);
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('read-only');
  });

  it('a single dropped .jsonl opens straight into its session', async () => {
    await b.page.goto(`${app.url}#/`);
    await dropFolder(b, path.join(ws, 'sessions', 'discord_30311.jsonl'), 400, 400);
    await b.page.waitForURL(/#\/s\/discord%3A30311/);
    await b.page.locator('.session-page').waitFor();
    expect(await b.page.locator('.session-page .notice.warn').first().innerText()).toContain('single file');
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});
