/**
 * A mid-size file in real Chromium: a session just above the default large-file line (no `large=`
 * in any link) opens from the listing in large-file mode; its "Open the full view" link opens the
 * normal view, with `full=1` in the URL so a reload keeps it; the full view's link goes back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_FILE_BYTES } from '../../src/store/large/large-file';
import type { Browser } from '../browser/harness';
import { axeSerious, closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

/** Long messages (~16 KiB each): few records, so the full view parses the file in seconds even on a busy machine. */
const FILLER = 'lorem ipsum '.repeat(1365);
let b: Browser;
let app: Served;
let dir: string;
let messages = 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-midsize-'));
  const sessions = path.join(dir, 'mid-ws', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  const fd = fs.openSync(path.join(sessions, 'cli_mid.jsonl'), 'w');
  let size = fs.writeSync(fd, JSON.stringify({ _type: 'metadata', key: 'cli:mid', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: 0 }) + '\n');
  while (size < LARGE_FILE_BYTES + 1024 * 1024) {
    const role = messages % 2 === 0 ? 'user' : 'assistant';
    size += fs.writeSync(fd, JSON.stringify({ role, content: `${role === 'user' ? 'Question' : 'Answer'} number ${messages}: ${FILLER}`, timestamp: '2026-06-01T09:00:00' }) + '\n');
    messages++;
  }
  fs.closeSync(fd);
  ({ app, b } = await openAppInChromium());
}, 240_000);

afterAll(() => closeAll(b, app, dir));

describe('a session above the default large-file line', () => {
  it('opens in large-file mode; the full view opens by its link and survives a reload; and back', async () => {
    const page = b.page;
    await dropOnStart(b, app, path.join(dir, 'mid-ws'));
    await page.locator('.session-row[data-file="cli_mid.jsonl"] a.row-link').click();
    await page.getByTestId('large-counts').waitFor({ timeout: 120_000 });
    expect(new URL(page.url()).hash).toBe('#/s/cli%3Amid');
    const offer = page.getByTestId('open-full-view');
    expect(await offer.innerText()).toMatch(/^Open the full view \(about \d+ MB of memory\)$/);
    await page.locator('.sl-large .sl-msg').getByText('Question number 0:').first().waitFor();
    await shot(page, 'midsize-large', false);
    expect(await axeSerious(page)).toEqual([]);

    await offer.click();
    const summary = page.locator('.sl-conversation .sl-summary');
    const count = `${messages.toLocaleString('en-US')} messages`;
    await expect.poll(async () => ((await summary.count()) ? await summary.first().innerText() : ''), { timeout: 180_000, interval: 500 }).toMatch(new RegExp(`^${count}`));
    expect(new URL(page.url()).hash).toBe('#/s/cli%3Amid?full=1');
    expect(await page.locator('.sl-large').count()).toBe(0);
    const back = page.getByTestId('open-large-view');
    expect(await back.locator('xpath=..').innerText()).toMatch(/^Shown in the full view, every message read into the page \(about \d+ MB of memory\)\. Files from \d+ MB open in large-file mode by default/);
    await shot(page, 'midsize-full', false);
    expect(await axeSerious(page)).toEqual([]);

    // A reload keeps the full view: the choice is in the link.
    await page.reload();
    await expect.poll(async () => ((await summary.count()) ? await summary.first().innerText() : ''), { timeout: 180_000, interval: 500 }).toMatch(new RegExp(`^${count}`));
    expect(await page.locator('.sl-large').count()).toBe(0);
    await back.waitFor();

    await back.click();
    await page.getByTestId('large-counts').waitFor({ timeout: 120_000 });
    expect(new URL(page.url()).hash).toBe('#/s/cli%3Amid');
    expect(await page.locator('.sl-session.sl-large').count()).toBe(1);
    await shot(page, 'midsize-back', false);
  }, 480_000);
});
