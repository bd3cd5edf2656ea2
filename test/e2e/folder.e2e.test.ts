/**
 * A real local folder in real Chromium: dropped onto the page (CDP drag and drop; both File System
 * guards pre-granted), listed with the right badges, changes made on disk by another program
 * appear live, a leftover is removed after confirmation, and after a reload the remembered folder
 * reopens by itself on the deep link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { axeSerious, closeAll, demoWorkspaceCopy, dropOnStart, openAppInChromium, type Served, shot } from './support';

let b: Browser;
let app: Served;
let ws: string;
let watch: { problems: string[] };

beforeAll(async () => {
  ws = demoWorkspaceCopy('ana-workspace');
  ({ app, b, watch } = await openAppInChromium());
});

afterAll(() => closeAll(b, app, ws && path.dirname(ws)));

const row = (file: string) => b.page.locator(`.session-row[data-file="${file}"]`);
const line = (o: object) => JSON.stringify(o).replace(/","/g, '", "').replace(/":"/g, '": "').replace(/":(?=[^ ])/g, '": ').replace(/,"/g, ', "');

describe('a dropped workspace folder', () => {
  it('lists the folder with badges and says what layout it found', async () => {
    await dropOnStart(b, app, ws);
    await b.page.locator('.session-list').waitFor();
    expect(await b.page.locator('.session-row').count()).toBe(10);
    expect(await b.page.locator('.layout-text').textContent()).toContain('“ana-workspace” is a nanobot workspace: 10 session files in sessions/.');
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('editable');
    await row('whatsapp_4915550001.jsonl').locator('.badge', { hasText: 'nanobot loads nothing' }).waitFor();
    expect(await row('discord_30311.jsonl').locator('.badge').innerText()).toContain('damaged');
    expect(await row('email_ana.jsonl').locator('.badge').innerText()).toContain('key ≠ file name');
    expect(await row('cli_direct.jsonl').locator('.badge').innerText()).toContain('interrupted save');
    expect(await b.page.locator('.session-row .badge').count()).toBe(4);
    await shot(b.page, 'folder-list');
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it('shows a change made on disk by another program while the session is open', async () => {
    await row('heartbeat.jsonl').locator('a.row-link').click();
    await b.page.waitForURL(/#\/s\/heartbeat/);
    await b.page.getByText('The backup job from HEARTBEAT.md ran').first().waitFor();
    const file = path.join(ws, 'sessions', 'heartbeat.jsonl');
    fs.appendFileSync(file, line({ role: 'user', content: 'Appended by another program while the page was open.', timestamp: '2026-06-02T09:00:00' }) + '\n');
    await b.page.getByText('Appended by another program while the page was open.').first().waitFor({ timeout: 10_000 });
    await shot(b.page, 'folder-live-change');
  });

  it('shows a new session file in the list without a reload', async () => {
    await b.page.goto(`${app.url}#/w`);
    await b.page.locator('.session-list').waitFor();
    const text = `${line({ _type: 'metadata', key: 'cli:new', created_at: '2026-06-03T10:00:00', updated_at: '2026-06-03T10:00:00', metadata: { title: 'Written by nanobot just now' }, last_consolidated: 0 })}\n`;
    fs.writeFileSync(path.join(ws, 'sessions', 'cli_new.jsonl'), text);
    await b.page.getByText('Written by nanobot just now').waitFor({ timeout: 10_000 });
    // Newest updated_at first, after the damaged file whose repaired row carries "now".
    expect(await b.page.locator('.session-row').nth(1).getAttribute('data-file')).toBe('cli_new.jsonl');
  });

  it('removes a leftover only after confirmation', async () => {
    await b.page.getByRole('link', { name: /Leftovers/ }).click();
    await b.page.getByRole('button', { name: 'Remove…' }).click();
    expect(fs.existsSync(path.join(ws, 'sessions', 'cli_direct.jsonl.tmp'))).toBe(true);
    await shot(b.page, 'folder-leftover-confirm');
    expect(await axeSerious(b.page)).toEqual([]);
    await b.page.getByRole('button', { name: 'Delete cli_direct.jsonl.tmp' }).click();
    await b.page.getByText('No leftovers in this folder.').waitFor();
    expect(fs.existsSync(path.join(ws, 'sessions', 'cli_direct.jsonl.tmp'))).toBe(false);
    expect(fs.existsSync(path.join(ws, 'sessions', 'cli_direct.jsonl'))).toBe(true);
  });

  it('reopens the remembered folder by itself after a reload on a deep link (both guards: granted)', async () => {
    await b.page.goto(`${app.url}#/s/telegram%3A12345?tab=file`);
    await b.page.reload();
    await b.page.locator('.session-page').waitFor();
    await b.page.getByText('Weekend trip to Porto').first().waitFor();
    expect(await b.page.locator('.app-header .chip').innerText()).toBe('editable');
    await b.page.goto(app.url);
    await b.page.locator('.remembered-list').getByText('ana-workspace').waitFor();
    expect(await b.page.locator('.remembered .state').innerText()).toBe('Ready');
    await shot(b.page, 'folder-start-remembered');
    expect(await axeSerious(b.page)).toEqual([]);
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});
