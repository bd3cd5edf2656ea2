/**
 * The one Export tab in real Chromium at both sizes, on a dropped folder whose session is opened
 * whole and above a (lowered) size line: the findings of the whole file, one unmasked, the file
 * made in slices with progress (longer than its preview at both sizes) and downloaded; the bytes
 * are the same at both sizes with the same choices, for each format. Long tasks while the file is made are logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Browser, evaluate } from '../browser/harness';
import { closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const MESSAGES = 6_000;
const API_KEY = 'sk-proj-' + 'Zq3VbN8k'.repeat(5);
let b: Browser;
let app: Served;
let dir: string;
let size: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-large-export-'));
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(path.join(ws, 'sessions'), { recursive: true });
  const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:big', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: { title: 'A long <b>run</b>' }, last_consolidated: 0 })];
  for (let i = 0; i < MESSAGES; i++) {
    const extra = i === 3 ? ` my key is ${API_KEY}` : i % 500 === 7 ? ` write to ops${i}@corp.example` : i === 4 ? ' see /home/ann/notes' : '';
    rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `Message ${i}: ${'lorem ipsum '.repeat(8)}${extra}`, timestamp: '2026-06-01T10:00:00' }));
  }
  rows.push('{"role": "user", "content": "cut off while being writ');
  const file = path.join(ws, 'sessions', 'cli_big.jsonl');
  fs.writeFileSync(file, rows.join('\n') + '\n');
  size = fs.statSync(file).size;
  ({ app, b } = await openAppInChromium({}, { width: 1100, height: 1000 }));
  const page = b.page;
  await dropOnStart(b, app, ws);
  await page.locator('.session-list').waitFor();
}, 240_000);

afterAll(() => closeAll(b, app, dir));

/** Unmasks the finding listed at `nth` (0-based) and saves the download the `save` click starts; its bytes. */
async function saveWith(page: Page, format: RegExp, nth: number, save: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('radio', { name: format }).check();
  const list = page.locator('.sl-findings-list li');
  await list.nth(nth).getByRole('button', { name: 'Unmask' }).click();
  await list.nth(nth).getByRole('button', { name: 'Mask again' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), save()]);
  const to = path.join(dir, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(to);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(to) };
}

describe('the Export tab of a session above the large-file line', () => {
  for (const [format, label] of [['json', /^JSON/], ['html', /HTML page/], ['md', /^Markdown/]] as const) {
    it(`downloads the full view's bytes (${format})`, async () => {
      const page = b.page;
      // The full view.
      await page.evaluate(() => (location.hash = '#/'));
      await page.evaluate(() => (location.hash = '#/s/cli%3Abig'));
      await page.getByRole('button', { name: 'Export / share…' }).click();
      await page.locator('.sl-findings-list li').first().waitFor();
      const full = await saveWith(page, label, 2, async () => {
        await page.getByRole('button', { name: 'Make the file' }).click();
        await page.getByRole('button', { name: /^Download / }).click({ timeout: 60_000 });
      });

      // Large-file mode, the same choices.
      await page.evaluate(() => (location.hash = '#/'));
      await page.evaluate((threshold) => (location.hash = `#/s/cli%3Abig?large=${threshold}`), Math.floor(size / 2));
      await page.getByTestId('large-counts').waitFor();
      await page.getByRole('tab', { name: 'Export' }).click();
      const list = page.locator('.sl-findings-list li');
      await list.first().waitFor({ timeout: 60_000 });
      expect(await page.locator('.sl-findings > p').first().innerText()).toMatch(/^15 findings, all masked/);
      expect((await list.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))[1]).toMatch(/^#2 OpenAI-style API key \(sk-…\) in message 4 · content: sk-pro…/);
      const large = await saveWith(page, label, 2, async () => {
        // Long tasks while the file is made (logged, not asserted: the bench measures them).
        await evaluate(page, () => {
          const w = window as unknown as { longTasks: number[]; seen?: PerformanceObserver };
          w.longTasks = [];
          w.seen ??= new PerformanceObserver((l) => l.getEntries().forEach((e) => w.longTasks.push(e.duration)));
          w.seen.observe({ type: 'longtask' });
        }, null);
        await page.getByRole('button', { name: 'Make the file' }).click();
        await page.getByRole('button', { name: /^Download / }).click({ timeout: 60_000 });
      });
      const longTasks = await evaluate(page, () => (window as unknown as { longTasks: number[] }).longTasks, null);
      console.log(`large export (${format}, ${(size / 1e6).toFixed(1)} MB): long tasks ${JSON.stringify(longTasks.map(Math.round))}`);
      if (format === 'md') await shot(page, 'large-export-tab', false);
      expect(large.name).toBe(full.name);
      expect(large.name).toBe(`cli-session-2026-06-01.${format}`);
      expect(large.bytes.length).toBeGreaterThan(size / 2);
      expect(large.bytes.equals(full.bytes)).toBe(true);
      expect(large.bytes.toString('utf8')).not.toContain(API_KEY);
      // The third finding, unmasked in both: the user name in a home folder path.
      expect(large.bytes.toString('utf8')).toContain('/home/ann/notes');
      expect(large.bytes.toString('utf8')).not.toContain('ops7@corp.example');
    }, 180_000);
  }
});
