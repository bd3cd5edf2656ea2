/**
 * One session page at every size (issue 39), in real Chromium: the same 300-message session opened
 * in the full view and in large-file mode (`large=1` lowers the line below its size, so the file
 * stays small) shows the same tabs, the same replay controls and Context over time, the same "Two lenses on this file",
 * the same next request in the Context tab and the Markdown/raw switch, and gives the same replay at
 * the agent loop's defaults (a token budget of 190,784 that leaves the oldest turns out) and after a change of
 * the count window (the same kept count and token total), the same header facts, Export tab and Edit cards,
 * the Edit tab previewing and saving a title the same, and the same Conversation: its controls, the tool call
 * paired with its result, a permalink copied and opened. Screenshots: test-results/e2e/one-page-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../browser/harness';
import { closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const MESSAGES = 300;
let b: Browser;
let app: Served;
let dir: string;
let original: string[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-one-page-'));
  const sessions = path.join(dir, 'ws', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  const rows = [JSON.stringify({ _type: 'metadata', key: 'cli:one', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: { title: 'One page' }, last_consolidated: 0 })];
  // Some 1,200 tokens a message: 300 of them are over the agent loop's budget.
  // Message #2 calls a tool that message #4 answers (the pairing the Conversation shows at both sizes).
  for (let i = 0; i < MESSAGES; i++) {
    const m: Record<string, unknown> = { role: i % 2 ? 'assistant' : 'user', content: `**Turn ${i}** ` + Array.from({ length: 1200 }, (_, w) => `w${(i * 7 + w) % 997}`).join(' ') };
    if (i === 1) m.tool_calls = [{ id: 'call_1', type: 'function', function: { name: 'look_up', arguments: '{"q": "one"}' } }];
    if (i === 3) Object.assign(m, { role: 'tool', tool_call_id: 'call_1', name: 'look_up', content: 'found it' });
    rows.push(JSON.stringify(m));
  }
  fs.writeFileSync(path.join(sessions, 'cli_one.jsonl'), rows.join('\n') + '\n');
  original = (rows.join('\n') + '\n').split('\n');
  ({ app, b } = await openAppInChromium({}, { width: 1280, height: 800 }));
}, 240_000);

afterAll(() => closeAll(b, app, dir));

/** What a page shows that must not depend on the file's size. */
interface Seen {
  tabs: string[];
  controls: string;
  /** The controls' kinds (tag and type), in order. */
  controlKinds: string[];
  budget: string;
  sent: number;
  /** The headline's token total (nanobot's estimate of what is sent). */
  tokens: number;
  /** Sent and tokens again once the count window is set to 40. */
  windowed: { sent: number; tokens: number };
  lenses: string;
  /** The File tab's headings. */
  fileSections: string[];
  rawSwitch: number;
  /** The Context tab: each part (kind, sources, tokens, text), the total, the save traces, its headings and the archive entries. */
  request: string[];
  /** Context over time: its table's rows. */
  overTime: string[];
  /** The header's facts (their names). */
  facts: string[];
  /** The Export tab's sections, sources and formats, and the Edit tab's cards. */
  exportSections: string[];
  /** The replay's export as JSON: its preview. */
  replayExport: string;
  editCards: string[];
  /** The Edit tab's title edit: its preview (the new title written as NEW) and the result after its save. */
  titlePreview: string;
  titleSaved: string;
}

const sentOf = (text: string) => Number(/sends (\d[\d,]*)/.exec(text)![1]!.replace(/,/g, ''));
const tokensOf = (text: string) => Number(/— (\d[\d,]*) tokens/.exec(text)![1]!.replace(/,/g, ''));

/** The headline once the replay under the current settings is in (no count or replay under way). */
async function answered(page: Page): Promise<string> {
  await page.locator('.sl-replay .sl-small', { hasText: 'Recomputed in' }).waitFor({ timeout: 60_000 });
  return page.locator('.sl-replay .sl-headline').first().innerText();
}

async function seen(page: Page, hash: string, name: string, large: boolean): Promise<Seen> {
  await page.evaluate((h) => (location.hash = h), `#/s/cli%3Aone?tab=replay${hash}`);
  // The page at this size, not the one before it (whose Replay tab is still there for a moment).
  await page.locator(large ? '.sl-session.sl-large' : '.sl-session:not(.sl-large)').waitFor();
  // One Replay tab at both sizes.
  const root = '.sl-replay';
  await page.locator(`${root} .sl-controls`).waitFor();
  const headline = await answered(page);
  expect(await page.locator('.sl-session.sl-large').count()).toBe(large ? 1 : 0);
  const tabs = await page.getByRole('tab').allInnerTexts();
  const controls = (await page.locator(`${root} .sl-controls`).innerText()).replace(/\s+/g, ' ');
  const controlKinds = await page.locator(`${root} .sl-controls input, ${root} .sl-controls select`).evaluateAll((xs) => xs.map((x) => `${x.tagName}:${(x as HTMLInputElement).type}`));
  const budget = await page.locator(`${root} .sl-controls select`).inputValue();
  const sent = sentOf(headline);
  const tokens = tokensOf(headline);
  await page.locator(`${root} .sl-ctx-panel svg`).waitFor({ timeout: 60_000 });
  await page.locator(`${root} .sl-ctx-table summary`).click();
  // The table fills once every turn is computed (large-file mode counts them in a worker): its last row first.
  await page.locator(`${root} .sl-ctx-table tr`).nth(MESSAGES / 2).waitFor({ timeout: 60_000 });
  const overTime = await page.locator(`${root} .sl-ctx-table tr`).allInnerTexts();
  await shot(page, `one-page-replay-${name}`, false);
  await page.locator(`${root} .sl-ctx-panel`).scrollIntoViewIfNeeded();
  await shot(page, `one-page-over-time-${name}`, false);
  // A count window of 40: the replay is asked again (at the line index, in the replay worker).
  await page.locator(`${root} .sl-controls input[type=number]`).first().fill('40');
  await page.waitForFunction(() => {
    const h = document.querySelector('.sl-replay .sl-headline')?.textContent ?? '';
    return /sends \d+ messages? of/.test(h) && Number(/sends (\d[\d,]*)/.exec(h)![1]!.replace(/,/g, '')) <= 40;
  }, undefined, { timeout: 60_000 });
  const after = await answered(page);
  const windowed = { sent: sentOf(after), tokens: tokensOf(after) };
  await page.getByRole('tab', { name: 'File' }).click();
  await page.locator('.sl-lenses dd[aria-busy="false"]').waitFor();
  const lenses = await page.locator('.sl-lenses').innerText();
  // One File tab: the same sections at both sizes, once the diagnostics are in.
  await page.locator('#sl-diag-h').waitFor();
  const fileSections = await page.locator('.sl-file h2, .sl-file h3').allInnerTexts();
  await shot(page, `one-page-file-${name}`, false);
  await page.getByRole('tab', { name: 'Context' }).click();
  await page.locator('.sl-turn-total').waitFor({ timeout: 60_000 });
  await page.locator('.sl-turn-traces, .sl-turn h3#sl-turn-traces + p:not([aria-busy])').first().waitFor();
  // The whole next request: every part (its kind, sources, tokens and what the row says), the total, what saving changed, the archive.
  const request = [
    ...(await page.locator('tr.sl-turn-part').evaluateAll((rows) => rows.map((r) => `${(r as HTMLElement).dataset.kind} ${(r as HTMLElement).dataset.sources} ${(r as HTMLElement).dataset.tokens} ${r.textContent}`))),
    await page.locator('.sl-turn-total').innerText(),
    ...(await page.locator('.sl-turn-traces li').evaluateAll((xs) => xs.map((li) => `${(li as HTMLElement).dataset.trace} ${li.textContent} ${li.querySelector('a')?.getAttribute('href')}`))),
    await page.locator('.sl-turn').evaluate((s) => [...s.querySelectorAll('h3')].map((h) => h.textContent).join(' | ')),
    ...(await page.locator('.sl-turn-archive li').allInnerTexts()),
  ];
  await shot(page, `one-page-context-${name}`, false);
  await page.getByRole('tab', { name: 'Conversation' }).click();
  await page.getByText('Turn 0').first().waitFor();
  const rawSwitch = await page.locator('.sl-conv-tools .sl-raw-all input[type=checkbox]').count();
  await shot(page, `one-page-conversation-${name}`, false);
  const facts = await page.locator('.sl-facts dt').allInnerTexts();
  await page.getByRole('tab', { name: 'Export' }).click();
  await page.locator('.sl-export-preview pre').first().waitFor({ timeout: 60_000 });
  const exportSections = [...(await page.locator('.sl-export h2, .sl-export h3').allInnerTexts()), ...(await page.locator('input[name="sl-export-src"], input[name="sl-export-fmt"]').evaluateAll((xs) => xs.map((x) => x.parentElement!.textContent!.trim())))];
  await shot(page, `one-page-export-${name}`, false);
  // The replay as JSON, redacted: the first entries as the preview shows them.
  await page.locator('.sl-export-pick label', { hasText: 'The replay' }).locator('input').check();
  await page.locator('.sl-export-pick label', { hasText: 'JSON' }).locator('input').check();
  await page.locator('.sl-export-preview pre').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('.sl-export-preview pre')?.textContent?.trimStart().startsWith('['));
  const replayExport = (await page.locator('.sl-export-preview pre').allInnerTexts()).join('');
  await page.getByRole('tab', { name: /^Edit/ }).click();
  await page.locator('.sl-edits h3').first().waitFor({ timeout: 60_000 });
  const editCards = (await page.locator('.sl-edits section > h3, .sl-edits section h3:first-child').allInnerTexts()).map((t) => t.trim()).sort();
  await shot(page, `one-page-edit-${name}`, false);
  // A save, the same at both sizes: set the title, previewed then saved through the page's source.
  const title = page.locator('#sl-ed-title-h').locator('xpath=..');
  // The same title at both sizes (the file is put back between them), so their previews can be compared.
  const newTitle = 'Edited on one page';
  await title.getByLabel('New title').fill(newTitle);
  await title.locator('.sl-preview').waitFor({ timeout: 60_000 });
  // Its summary, totals and the lines it names (the rewritten text holds updated_at, the clock's when planned).
  const titlePreview = [
    await title.locator('.sl-preview > p').first().innerText(),
    await title.locator('.sl-diff > p').innerText(),
    ...(await title.locator('.sl-diff-list li').evaluateAll((xs) => xs.map((x) => x.textContent!.split(':')[0]!))),
  ].join(' | ').replaceAll(newTitle, 'NEW');
  await title.getByRole('button', { name: 'Save title' }).click();
  const saved = page.locator('#sl-ed-title-h').locator('xpath=..').locator('.sl-outcome');
  await saved.waitFor({ timeout: 60_000 });
  const titleSaved = (await saved.innerText()).replace(/\(\d[\d,]* bytes\)/, '(N bytes)');
  const onDisk = fs.readFileSync(path.join(dir, 'ws', 'sessions', 'cli_one.jsonl'), 'utf8').split('\n');
  expect(JSON.parse(onDisk[0]!).metadata.title).toBe(newTitle);
  expect(onDisk.slice(1).join('\n')).toBe(original.slice(1).join('\n'));
  // The other size opens the session as it was.
  fs.writeFileSync(path.join(dir, 'ws', 'sessions', 'cli_one.jsonl'), original.join('\n'));
  return { tabs, controls, controlKinds, budget, sent, tokens, windowed, lenses, fileSections, rawSwitch, request, overTime, facts, exportSections, replayExport, editCards: [...new Set(editCards)], titlePreview, titleSaved };
}

describe('one session page for every size', () => {
  it('shows the same tabs, sections and controls, and the same replay at the agent loop’s defaults', async () => {
    const page = b.page;
    await dropOnStart(b, app, path.join(dir, 'ws'));
    await page.locator('.session-list').waitFor();
    const full = await seen(page, '', 'full', false);
    const large = await seen(page, '&large=1', 'large', true);
    expect(full.tabs.length).toBe(6);
    expect(large.tabs).toEqual(full.tabs);
    expect(large.controls).toBe(full.controls);
    expect(full.controlKinds.length).toBeGreaterThan(3);
    expect(large.controlKinds).toEqual(full.controlKinds);
    expect(full.budget).toBe('default');
    expect(large.budget).toBe('default');
    // The budget binds: fewer than all 300 messages are sent, the same number at both sizes.
    expect(full.sent).toBeGreaterThan(0);
    expect(full.sent).toBeLessThan(MESSAGES);
    expect(large.sent).toBe(full.sent);
    expect(full.tokens).toBeGreaterThan(0);
    expect(large.tokens).toBe(full.tokens);
    // The count window set to 40: the same messages sent, the same tokens, at both sizes.
    expect(full.windowed.sent).toBeGreaterThan(0);
    expect(full.windowed.sent).toBeLessThanOrEqual(40);
    expect(large.windowed).toEqual(full.windowed);
    expect(full.lenses).toContain('Two lenses on this file');
    expect(large.lenses).toBe(full.lenses);
    expect(full.fileSections).toContain('Metadata record line 1');
    expect(large.fileSections).toEqual(full.fileSections);
    expect(full.request.some((r) => r.startsWith('history '))).toBe(true);
    expect(large.request).toEqual(full.request);
    expect(full.overTime.length).toBe(MESSAGES / 2 + 1);
    expect(large.overTime).toEqual(full.overTime);
    expect(full.rawSwitch).toBe(1);
    expect(large.rawSwitch).toBe(1);
    // One header, one Export tab (the session and the replay as sources, at both sizes), the same edits.
    expect(large.facts).toEqual(full.facts);
    expect(full.exportSections).toContain('1. Redaction');
    expect(large.exportSections).toEqual(full.exportSections);
    expect(full.exportSections.filter((x) => x.startsWith('The replay'))).toHaveLength(1);
    expect(full.replayExport.length).toBeGreaterThan(100);
    expect(large.replayExport).toEqual(full.replayExport);
    expect(full.editCards.length).toBeGreaterThan(5);
    expect(large.editCards).toEqual(full.editCards);
    // The same title edit previews and saves the same at both sizes (every other line keeps its bytes).
    expect(full.titlePreview).toContain('Title becomes "NEW"');
    expect(large.titlePreview).toBe(full.titlePreview);
    expect(full.titleSaved).toBe('Saved cli_one.jsonl (N bytes).');
    expect(large.titleSaved).toBe(full.titleSaved);
  }, 240_000);

  it('shows the same Conversation: its controls, a call paired with its result, a permalink copied and opened', async () => {
    const page = b.page;
    const conversation = async (large: boolean) => {
      const q = large ? '?large=1' : '';
      await page.evaluate((h) => (location.hash = h), `#/s/cli%3Aone?tab=conversation${q.replace('?', '&')}`);
      await page.locator(large ? '.sl-session.sl-large' : '.sl-session:not(.sl-large)').waitFor();
      // Message #4 (the tool's result) is brought into view by the jump bar.
      await page.locator('.sl-jump-message').fill('4');
      await page.locator('.sl-jump-message').press('Enter');
      await page.locator('article[data-message="3"] .sl-answer').waitFor({ timeout: 60_000 });
      expect(await page.locator('.sl-session.sl-large').count()).toBe(large ? 1 : 0);
      const tools = (await page.locator('.sl-conv-tools').innerText()).replace(/\s+/g, ' ');
      const summary = await page.locator('.sl-conversation .sl-summary').innerText();
      const call = (await page.locator('article[data-message="1"] .sl-call').innerText()).replace(/\s+/g, ' ');
      const answer = (await page.locator('article[data-message="3"] .sl-answer').innerText()).replace(/\s+/g, ' ');
      // The result's link goes to the call's card, highlighted.
      await page.locator('article[data-message="3"] .sl-answer button').click();
      await page.locator('article.sl-hl[data-message="1"]').waitFor();
      await page.locator('article[data-message="2"] .sl-permalink').click();
      const copied = await page.locator('.sl-conversation > [role="status"]').innerText();
      await shot(page, `one-page-conversation-paired-${large ? 'large' : 'full'}`, false);
      // A permalink opens its message, far down, highlighted and in view.
      await page.evaluate((h) => (location.hash = h), `#/s/cli%3Aone/m/290${q}`);
      await page.locator('article.sl-hl[data-message="289"]').waitFor({ timeout: 30_000 });
      const inView = await page.locator('article.sl-hl[data-message="289"]').evaluate((el) => {
        const box = el.closest('.sl-vlist')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      });
      return { tools, summary, call, answer, copied: copied.replace(/ https?:.*$/, ''), inView };
    };
    const full = await conversation(false);
    const large = await conversation(true);
    expect(full.tools).toContain('Raw');
    expect(full.tools).toContain('first replayed');
    expect(full.call).toContain('look_up');
    expect(full.call).toContain('result: message #4');
    expect(full.answer).toContain('call in message #2');
    expect(full.copied).toContain('message #3');
    expect(full.inView).toBe(true);
    expect(large).toEqual(full);
  }, 180_000);
});
