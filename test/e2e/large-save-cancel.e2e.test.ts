/**
 * A long streamed save in real Chromium (issue 27): a title save of a 32 MB session shows its
 * progress and is cancelled — the file is untouched and nothing is left beside it (no tmp, no
 * .crswap); a second save is cut short by the page going away (closed without a "Leave site?", as a
 * crash or a kill does; a reload asks first) — the file is untouched, and what the save left (Chromium
 * keeps the bytes in its swap file, so the tmp is empty) is named in Leftovers as this app's own
 * interrupted save, not as "the last line is incomplete". Screenshot: large-save-progress.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

let b: Browser;
let app: Served;
let dir: string;
let file: string;
let before: Buffer;
const dialogs: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-cancel-'));
  const ws = path.join(dir, 'slow-ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:slow', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: { title: 'Slow one' }, last_consolidated: 0 })];
  const pad = 'lorem ipsum '.repeat(85);
  for (let i = 0; i < 32_000; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `Message ${i}: ${pad}` }));
  file = path.join(ws, 'sessions', 'cli_slow.jsonl');
  fs.writeFileSync(file, rows.join('\n') + '\n');
  before = fs.readFileSync(file);
  ({ app, b } = await openAppInChromium());
  acceptDialogs(b.page);
  await dropOnStart(b, app, ws);
  await b.page.locator('.session-list').waitFor();
}, 240_000);

afterAll(() => closeAll(b, app, dir));

/** "Leave site?" while a save runs: yes (and noted). */
function acceptDialogs(page: Browser['page']): void {
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
}

const others = () => fs.readdirSync(path.dirname(file)).filter((f) => f !== 'cli_slow.jsonl');

async function startTitleSave(title: string) {
  const page = b.page;
  await page.evaluate(() => (location.hash = '#/s/cli%3Aslow?large=1000000&tab=edit'));
  const card = page.locator('#sl-ed-title-h').locator('xpath=..');
  await card.getByLabel('Title').fill(title);
  // A slow disk, so the test acts while the save runs whatever this machine's speed: each write of the
  // browser's writable waits 150 ms (8 slices of 4 MiB: about 1.2 s).
  await page.evaluate(() => {
    const proto = (window as unknown as { FileSystemWritableFileStream: { prototype: { write: (...a: unknown[]) => Promise<void>; __slow?: boolean } } }).FileSystemWritableFileStream.prototype;
    if (proto.__slow) return;
    const write = proto.write;
    proto.write = async function (this: unknown, ...args: unknown[]) {
      await new Promise((r) => setTimeout(r, 150));
      return write.apply(this, args);
    };
    proto.__slow = true;
  });
  await card.getByRole('button', { name: 'Save title' }).click();
  return card;
}

/** Resolves once `file` exists (polled every 5 ms: a save's tmp lives well under a second). */
async function appears(file: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !fs.existsSync(file); ) {
    if (Date.now() > end) throw new Error(`${file} never appeared`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** After a save was cut short: the file untouched, the tmp it left empty and named in Leftovers as ours; then removed. */
async function leftoverIsOurs(): Promise<void> {
  expect(fs.readFileSync(file).equals(before)).toBe(true);
  const left = others();
  // Chromium drops the swap file of an abandoned writable; the tmp the save created stays, empty.
  expect(left.filter((f) => f.endsWith('.tmp'))).toEqual(['cli_slow.jsonl.tmp']);
  expect(fs.statSync(path.join(path.dirname(file), 'cli_slow.jsonl.tmp')).size).toBe(0);
  await b.page.evaluate(() => (location.hash = '#/w/leftovers'));
  const item = b.page.locator('.leftover', { hasText: 'cli_slow.jsonl.tmp' });
  await item.waitFor({ timeout: 30_000 });
  expect(await item.locator('.chip').innerText()).toBe('Session Lens save, interrupted');
  expect(await item.innerText()).toMatch(/Session Lens began this save at .+, and the page was closed or reloaded before it finished\./);
  await item.getByRole('button', { name: 'Inspect' }).click();
  await item.getByText(/It is empty: Session Lens keeps a save’s bytes in the browser’s swap file/).waitFor();
  expect(await item.innerText()).not.toContain('the last line is incomplete');
  await shot(b.page, 'large-save-leftover', false);
  await item.getByRole('button', { name: 'Remove…' }).click();
  await b.page.getByRole('button', { name: 'Delete cli_slow.jsonl.tmp' }).click();
  await b.page.getByText('No leftovers in this folder.').waitFor();
  expect(others().filter((f) => f.endsWith('.tmp'))).toEqual([]);
}

describe('a long streamed save', () => {
  it('shows its progress and is cancelled: the file untouched, nothing left beside it', async () => {
    const card = await startTitleSave('Never saved');
    await card.getByText(/Writing the new file: [\d.]+ MB of about [\d.]+ MB/).waitFor({ timeout: 60_000 });
    expect(await card.locator('.sl-save-progress progress').count()).toBe(1);
    await shot(b.page, 'large-save-progress', false);
    await card.getByRole('button', { name: 'Cancel save' }).click();
    await card.getByText('Save cancelled: the file is unchanged and the temporary file was removed.').waitFor({ timeout: 60_000 });
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    await expect.poll(others, { timeout: 5000 }).toEqual([]);
  }, 120_000);

  it('cut short by closing the page: the file untouched, its leftover named as this app’s interrupted save', async () => {
    const tmp = path.join(path.dirname(file), 'cli_slow.jsonl.tmp');
    await startTitleSave('Closed away');
    // The tab goes while the new bytes are still in the writable's swap file (no "Leave site?": a crash or a kill).
    await appears(tmp);
    await b.page.close({ runBeforeUnload: false });
    b.page = await b.ctx.newPage();
    acceptDialogs(b.page);
    await b.page.setViewportSize({ width: 1280, height: 900 });
    await b.page.goto(`${app.url}#/w/leftovers`);
    await leftoverIsOurs();
  }, 120_000);

  it('cut short by a reload: the page asks first (“Leave site?”); accepted, the same', async () => {
    const tmp = path.join(path.dirname(file), 'cli_slow.jsonl.tmp');
    await startTitleSave('Reloaded away');
    await appears(tmp);
    await b.page.reload();
    expect(dialogs).toContain('beforeunload');
    await b.page.evaluate(() => (location.hash = '#/w/leftovers'));
    await leftoverIsOurs();
  }, 120_000);
});
