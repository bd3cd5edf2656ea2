/**
 * Every golden fixture at once, in real Chromium: a workspace whose sessions/ folder holds all of
 * `../shared/golden/fixtures/*.jsonl` (hand-broken files, numbers as keys, mixed updated_at types,
 * invalid UTF-8…) is dropped onto the page. The workspace finishes loading, and every session
 * nanobot's own listing would show (golden `list_sessions.result` non-empty) is in the list. Beside
 * them lies the file of issue 15, a number as its key, which once stopped the whole workspace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { GOLDEN_DIR } from '../golden-values';
import { closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const NUMBER_KEY = 'number_key.jsonl';
let b: Browser;
let app: Served;
let base: string;
let watch: { problems: string[] };

const fixtures = fs.readdirSync(path.join(GOLDEN_DIR, 'fixtures')).filter((f) => f.endsWith('.jsonl'));
/** The fixture files nanobot lists, from each golden case. */
const listable = fs
  .readdirSync(path.join(GOLDEN_DIR, 'cases'))
  .map((c) => JSON.parse(fs.readFileSync(path.join(GOLDEN_DIR, 'cases', c), 'utf8')) as { fixture: string; list_sessions: { result?: unknown[] } })
  .filter((c) => (c.list_sessions.result ?? []).length > 0)
  .map((c) => c.fixture);

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-golden-'));
  const sessions = path.join(base, 'golden-ws', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  for (const f of fixtures) fs.copyFileSync(path.join(GOLDEN_DIR, 'fixtures', f), path.join(sessions, f));
  fs.writeFileSync(path.join(sessions, NUMBER_KEY), '{"_type": "metadata", "key": 12345, "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}\n{"role": "user", "content": "hi"}\n');
  ({ app, b, watch } = await openAppInChromium());
});

afterAll(() => closeAll(b, app, base));

describe('a dropped folder holding every golden fixture', () => {
  it('finishes loading and lists every session nanobot lists', async () => {
    expect(listable.length).toBeGreaterThan(250);
    await dropOnStart(b, app, path.join(base, 'golden-ws'));
    await b.page.locator('.session-list').waitFor({ timeout: 30_000 });
    const files = fixtures.length + 1;
    expect(await b.page.locator('nav.tabs a[aria-current="page"] .count').innerText()).toBe(String(files));
    // The background check of every file ends, and nothing stays "Reading…".
    await b.page.waitForFunction(() => !document.querySelector('#search-scope')?.textContent?.includes('Checking whole files'), null, { timeout: 60_000 });
    expect(await b.page.getByText(/Reading \d+ session files/).count()).toBe(0);
    for (let i = 0; i < 10 && (await b.page.locator('button.show-more').count()) > 0; i++) await b.page.locator('button.show-more').click();
    await b.page.waitForFunction((n) => document.querySelectorAll('.session-row').length === n, files, { timeout: 30_000 });
    const shown = new Set(await b.page.locator('.session-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file'))));
    expect(listable.filter((f) => !shown.has(f))).toEqual([]);
    expect(await b.page.locator(`.session-row[data-file="${NUMBER_KEY}"] a.row-link`).textContent()).toBe('12345');
    // A file nanobot lists has no "not in nanobot's list" badge.
    const unlisted = await b.page.locator('.session-row:has(.badge:text("not in nanobot’s list"))').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file')));
    expect(unlisted.filter((f) => listable.includes(f!))).toEqual([]);
    await shot(b.page, 'golden-folder', false);
    expect(watch.problems).toEqual([]);
  });
});
