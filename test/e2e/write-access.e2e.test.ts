/**
 * A folder dropped where the browser grants reading but not writing (no File System guards: read
 * is granted by the drop, readwrite is 'prompt'): it opens read-only with "Allow editing"; asking
 * happens only from that click (headless answers prompts 'denied'), and a refusal keeps it read-only.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { axeSerious, closeAll, demoWorkspaceCopy, dropOnStart, openAppInChromium, type Served, shot } from './support';

let b: Browser;
let app: Served;
let ws: string;
let watch: { problems: string[] };

beforeAll(async () => {
  ws = demoWorkspaceCopy('read-only-grant');
  ({ app, b, watch } = await openAppInChromium({ guards: { read: false, write: false }, denyPrompts: true }));
});

afterAll(() => closeAll(b, app, ws && path.dirname(ws)));

describe('a folder the page may read but not write', () => {
  it('opens read-only with a way to allow editing, and no prompt until the click', async () => {
    await dropOnStart(b, app, ws);
    await b.page.locator('.session-list').waitFor();
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('read-only');
    const allow = b.page.getByRole('button', { name: 'Allow editing' });
    expect(await allow.count()).toBe(1);
    expect(await b.page.locator('.notice.gateway').count()).toBe(0);
    await shot(b.page, 'write-access-read-only');
    expect(await axeSerious(b.page)).toEqual([]);
    await allow.click();
    await b.page.locator('.status.tone-error', { hasText: 'Write access was not granted' }).waitFor();
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('read-only');
    await b.page.locator('.session-row[data-file="cli_direct.jsonl"] a.row-link').click();
    await b.page.getByRole('tab', { name: /Edit \(download\)/ }).or(b.page.getByText('Edit (download)')).first().waitFor();
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});
