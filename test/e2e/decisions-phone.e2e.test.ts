/**
 * Issue 42 in real Chromium: decisions shown with their reasons, and the phone's first screen.
 * - a folder where nanobot's own listing fails names the failing files on the workspace page, and
 *   its fix, written through the guarded save, lands on disk and lets nanobot list the folder again;
 * - a mixed folder (1 of 7 files holds provider_state) is read as the version it makes most sense
 *   under, saying why, with what each version would mean;
 * - on a phone a session's first message starts in the upper half of the screen (full view and
 *   large-file mode), one "stop nanobot" notice shows, the tab bar is one row, and the Context table
 *   and the channel menu fit 390 px; at both sizes the tab bar's y is the same on every tab.
 * Screenshots of the new states at both sizes, both languages and both themes:
 * test-results/e2e/decide-<state>-<size>-<lang>-<theme>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFolder, type Browser } from '../browser/harness';
import { axeSerious, closeAll, demoWorkspaceCopy, openAppInChromium, painted, type Served, shot, SHOTS } from './support';

let b: Browser;
let app: Served;
let base: string;
let demo: string;
let watch: { problems: string[] };

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const dumps = (o: object) => JSON.stringify(o).replace(/","/g, '", "').replace(/":"/g, '": "').replace(/":(?=[^ ])/g, '": ').replace(/,"/g, ', "');
const meta = (key: string, updated: unknown) => dumps({ _type: 'metadata', key, created_at: '2026-06-01T09:00:00', updated_at: updated, metadata: {}, last_consolidated: 0 });
const user = (text: string) => dumps({ role: 'user', content: text, timestamp: '2026-06-01T09:00:01' });
const b64 = (key: string) => Buffer.from(key, 'utf8').toString('base64url');

/** A workspace whose sessions nanobot cannot list: two files' updated_at are numbers among texts. */
function writeBroken(root: string): void {
  const s = path.join(root, 'sessions');
  fs.mkdirSync(s, { recursive: true });
  for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(s, `cli_t${i}.jsonl`), `${meta(`cli:t${i}`, `2026-06-0${i + 1}T10:00:00`)}\n${user(`text ${i}`)}\n`);
  fs.writeFileSync(path.join(s, 'cli_n1.jsonl'), `${meta('cli:n1', 1751371200)}\n${user('number one')}\n`);
  fs.writeFileSync(path.join(s, 'cli_n2.jsonl'), `${meta('cli:n2', 1751457600)}\n${user('number two')}\n`);
}

/** Issue 42's mixed folder: six safe_key files, one base64url file holding main's provider_state. */
function writeMixed(root: string): void {
  const s = path.join(root, 'sessions');
  fs.mkdirSync(s, { recursive: true });
  for (let i = 0; i < 6; i++) fs.writeFileSync(path.join(s, `fx_gen_small_00${i}.jsonl`), `${meta(`fx:gen_small_00${i}`, `2026-06-0${i + 1}T10:00:00`)}\n${user(`small ${i}`)}\n`);
  const state = dumps({ _type: 'provider_state', state: { kind: 'responses', provider: 'openai', model: 'gpt-5', version: 1, payload: {}, pending_messages: [] } });
  fs.writeFileSync(path.join(s, `${b64('cli:direct')}.jsonl`), `${meta('cli:direct', '2026-06-09T10:00:00')}\n${state}\n${user('with a provider state')}\n`);
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-decide-'));
  writeBroken(path.join(base, 'broken-ws'));
  writeMixed(path.join(base, 'mixed-ws'));
  demo = demoWorkspaceCopy('phone-ws');
  // A channel with a long name: its menu label must show whole on a phone, its count's ")" too.
  fs.writeFileSync(path.join(demo, 'sessions', 'mattermost-enterprise_1.jsonl'), `${meta('mattermost-enterprise:1', '2026-05-01T10:00:00')}\n${user('from a long channel')}\n`);
  ({ app, b, watch } = await openAppInChromium({}, DESK));
});

afterAll(async () => {
  await closeAll(b, app, base);
  if (demo) fs.rmSync(path.dirname(demo), { recursive: true, force: true });
});

async function drop(folder: string, ready: string): Promise<void> {
  await b.page.goto(`${app.url}#/`);
  await b.page.getByRole('button', { name: 'Try the demo' }).waitFor();
  await dropFolder(b, folder, 200, 400);
  await b.page.locator(ready).first().waitFor();
}

/**
 * With LENS_SHOTS, shows the page in each language and theme at both sizes, `prepare` bringing it to the state, and
 * saves a screenshot of each (the states' axe checks and layout facts are the tests' own, in the look they use).
 */
async function shotsOf(state: string, hash: string, ready: string, prepare?: () => Promise<void>): Promise<void> {
  if (!SHOTS) return;
  const looks = [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const;
  for (const [lang, theme] of looks) {
    await b.page.evaluate(([l, t]) => {
      localStorage.setItem('session-lens:language', l);
      localStorage.setItem('session-lens:theme', t);
    }, [lang, theme] as const);
    for (const [size, vp] of [['desk', DESK], ['phone', PHONE]] as const) {
      await b.page.setViewportSize(vp);
      await b.page.goto(app.url + hash);
      await b.page.reload();
      await b.page.locator(ready).first().waitFor();
      await prepare?.();
      await painted(b.page);
      await shot(b.page, `decide-${state}-${size}-${lang}-${theme}`, false);
    }
  }
  await b.page.evaluate(() => {
    localStorage.setItem('session-lens:language', 'en');
    localStorage.setItem('session-lens:theme', 'light');
  });
  await b.page.setViewportSize(DESK);
  await b.page.reload(); // the language and theme are read when the page starts
  await b.page.locator(ready).first().waitFor();
}

/** Opens a `<details>` (once: a click on an open one would close it), until `inside` shows; the page may still be rendering it anew. */
async function openDetails(details: string, inside: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await b.page.locator(details).evaluate((d) => (d as HTMLDetailsElement).open))) await b.page.locator(`${details} > summary`).click();
        return b.page.locator(inside).first().isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The top of the first message of the shown conversation (full view or large-file mode), in px from the window's
 * top; waited for (large-file mode draws its first messages again once the index is in).
 */
function firstMessageTop(): Promise<number> {
  return b.page.locator('article.sl-msg').first().evaluate((el) => el.getBoundingClientRect().top);
}

describe('decisions shown with their reasons', () => {
  it('a folder nanobot cannot list: the failing files are named on the workspace page, and the fix lets nanobot list it', async () => {
    await drop(path.join(base, 'broken-ws'), '.listing-failure summary');
    const box = b.page.locator('.listing-failure');
    expect(await box.locator('h3').innerText()).toBe('nanobot’s own session list fails on this folder: 2 files break it');
    // The names are in sight at once; their values, lines and the fix one click away.
    expect(await box.locator('summary').innerText()).toBe('cli_n1.jsonl, cli_n2.jsonl: their values, their lines and the fix');
    const open = () => openDetails('.listing-failure details', '.listing-failure .breakers li');
    await open();
    expect(await box.locator('.breakers li').evaluateAll((li) => li.map((x) => x.getAttribute('data-file')))).toEqual(['cli_n1.jsonl', 'cli_n2.jsonl']);
    expect(await box.locator('.breakers li[data-file="cli_n1.jsonl"]').innerText()).toContain('updated_at is 1751371200, not text');
    expect(await axeSerious(b.page)).toEqual([]);
    await shotsOf('listing-fails', '#/w', '.listing-failure summary', open);
    await open();
    // The link goes to the file's line 1.
    await box.locator('.breakers li[data-file="cli_n1.jsonl"] a').click();
    await b.page.locator('.sl-line[data-line="1"]').first().waitFor();
    expect(b.page.url()).toContain('tab=file');
    await b.page.goBack();
    await b.page.locator('.listing-failure summary').waitFor();
    await open();
    await b.page.getByRole('button', { name: 'Write updated_at as text in 2 files' }).click();
    await b.page.locator('.listing-failure [role="alertdialog"]').getByRole('button', { name: 'Write updated_at as text in 2 files' }).click();
    await b.page.locator('.listing-failure').waitFor({ state: 'detached' });
    const first = fs.readFileSync(path.join(base, 'broken-ws', 'sessions', 'cli_n1.jsonl'), 'utf8').split('\n')[0]!;
    expect(JSON.parse(first).updated_at).toMatch(/^2025-07-0[12]T\d\d:00:00$/);
    expect(await b.page.locator('.session-row').count()).toBe(7);
  });

  it('a mixed folder: read as the version it makes most sense under, with why and what each version would mean', async () => {
    await drop(path.join(base, 'mixed-ws'), '.version-conflict');
    const note = b.page.locator('.version-conflict');
    expect(await note.locator('summary').innerText()).toContain('nanobot v0.3.0 is used, as it fits 3 of the 4 clues');
    expect(await b.page.locator('.version-summary').innerText()).toBe('nanobot v0.3.0 (conflicting evidence: the best fit)');
    await b.page.locator('.session-row').nth(6).waitFor();
    expect(await b.page.getByText('not in nanobot’s list').count()).toBe(0);
    const open = () => openDetails('.version-conflict details', '.version-conflict .compare-table');
    await open();
    expect(await b.page.locator('.version-conflict tr[data-version="main"]').innerText()).toMatch(/nanobot main\s+1 of 4\s+1 of 7\s+6/);
    expect(await axeSerious(b.page)).toEqual([]);
    await shotsOf('mixed-folder', '#/w', '.version-conflict', open);
  });
});

describe("the phone's first screen", () => {
  it('one "stop nanobot" notice; the first message in the upper half, in the full view and in large-file mode', async () => {
    await drop(demo, '.session-row');
    await b.page.setViewportSize(PHONE);
    for (const hash of ['#/s/cli%3Adirect', '#/s/telegram%3A88001?large=1000']) {
      await b.page.goto(app.url + hash);
      await b.page.locator('article.sl-msg').first().waitFor();
      await painted(b.page);
      expect(await b.page.locator('.notice.gateway').count()).toBe(1);
      const top = await firstMessageTop();
      expect(top, `${hash}: the first message starts at y ${top} of ${PHONE.height}`).toBeLessThan(PHONE.height / 2);
      expect(await axeSerious(b.page)).toEqual([]);
    }
    await b.page.goto(`${app.url}#/s/cli%3Adirect?tab=edit`);
    await b.page.locator('#sl-edit-h').waitFor();
    expect(await b.page.locator('.notice.gateway').count()).toBe(1);
    expect(await b.page.getByText('Stop nanobot first').count()).toBe(0);
    // Dismissed once, it is gone on every page of the workspace, also after a reload.
    await b.page.locator('.notice.gateway').getByRole('button', { name: 'Dismiss this note' }).click();
    await b.page.goto(`${app.url}#/w`);
    await b.page.locator('.session-row').first().waitFor();
    await b.page.reload();
    await b.page.locator('.session-row').first().waitFor();
    expect(await b.page.locator('.notice.gateway').count()).toBe(0);
    await b.page.setViewportSize(DESK);
    await shotsOf('session-first-screen', '#/s/cli%3Adirect', 'article.sl-msg');
    await shotsOf('large-first-screen', '#/s/telegram%3A88001?large=1000', 'article.sl-msg');
  });

  it('the tab bar stays put on every tab, and is one row on a phone', async () => {
    await drop(demo, '.session-row');
    const tabs = ['conversation', 'replay', 'context', 'file', 'edit', 'export'];
    for (const vp of [DESK, PHONE]) {
      await b.page.setViewportSize(vp);
      const ys: number[] = [];
      for (const tab of tabs) {
        await b.page.goto(`${app.url}#/s/cli%3Adirect?tab=${tab}`);
        await b.page.locator(`[role="tab"][aria-selected="true"]`).waitFor();
        await b.page.locator('[role="tabpanel"] h2, [role="tabpanel"] article').first().waitFor();
        await painted(b.page);
        ys.push(await b.page.evaluate(() => Math.round(document.querySelector('[role="tablist"]')!.getBoundingClientRect().top + scrollY)));
      }
      expect(ys, `${vp.width} px: the tab bar's y on ${tabs.join(', ')}`).toEqual(tabs.map(() => ys[0]));
      const rows = await b.page.evaluate(() => new Set([...document.querySelectorAll('[role="tab"]')].map((t) => Math.round(t.getBoundingClientRect().top))).size);
      expect(rows, `${vp.width} px: rows of tabs`).toBe(1);
    }
    await b.page.setViewportSize(DESK);
  });

  it('the Context table and the channel menu fit 390 px', async () => {
    await drop(demo, '.session-row');
    await b.page.setViewportSize(PHONE);
    await b.page.goto(`${app.url}#/s/cli%3Adirect?tab=context`);
    await b.page.locator('#sl-turn-h').waitFor();
    await b.page.locator('.sl-turn-table td.sl-num').first().waitFor();
    // Each token count on one line, and its note a few words a line (not one word per line, as in a column too narrow).
    const wrapped = await b.page.evaluate(() => {
      const lines = (n: Node) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      };
      return [...document.querySelectorAll<HTMLElement>('.sl-turn-table .sl-num')].flatMap((c) => {
        const out: string[] = [];
        if (c.firstChild?.nodeType === Node.TEXT_NODE && lines(c.firstChild) > 1) out.push(`number ${c.firstChild.textContent}`);
        for (const note of c.querySelectorAll('.sl-turn-note')) {
          const words = note.textContent!.trim().split(/\s+/).length;
          if (words >= 4 && lines(note) * 2 > words) out.push(`note “${note.textContent}” in ${lines(note)} lines`);
        }
        return out;
      });
    });
    expect(wrapped).toEqual([]);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    // Every label of the channel and sort menus, chosen, fits left of the menu's arrow ("(2)" kept its ")"), in both languages.
    const cut: string[] = [];
    for (const lang of ['en', 'zh-CN']) {
      await b.page.evaluate((l) => localStorage.setItem('session-lens:language', l), lang);
      await b.page.goto(`${app.url}#/w`);
      await b.page.reload();
      await b.page.locator('.channel-filter').waitFor();
      await b.page.locator('.session-row').first().waitFor();
      cut.push(
        ...(await b.page.evaluate(() =>
          [...document.querySelectorAll<HTMLSelectElement>('.toolbar select')].flatMap((s) => {
            const cs = getComputedStyle(s);
            const ctx = document.createElement('canvas').getContext('2d')!;
            ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            // Chromium draws the arrow in the last 20 px or so of the box, inside its right padding when there is room.
            const room = s.clientWidth - parseFloat(cs.paddingLeft) - Math.max(parseFloat(cs.paddingRight), 20);
            return [...s.options].map((o) => o.textContent!).filter((text) => ctx.measureText(text).width > room);
          }),
        )),
      );
    }
    await b.page.evaluate(() => localStorage.setItem('session-lens:language', 'en'));
    await b.page.reload();
    expect(cut).toEqual([]);
    await shot(b.page, 'decide-channel-phone', false);
    await b.page.setViewportSize(DESK);
  });

  it('made no request outside 127.0.0.1 and broke no CSP rule', () => {
    expect(watch.problems).toEqual([]);
  });
});
