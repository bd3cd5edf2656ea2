/**
 * Markdown in real Chromium: a reply with a list, a code block, links, a table, an image and raw
 * HTML renders as elements the app made (links safe, nothing fetched, the HTML as text), its code
 * copies exactly, the raw switches show the stored text; and 1 MiB of mixed-script text is
 * revealed without a long task (it held the page for seconds when laid out in one block), timed as
 * the page's own work: each task's CPU time from Chromium's trace (cpu-tasks.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../browser/harness';
import { describeTasks, longestCpu, traceMainThread } from './cpu-tasks';
import { CODE, markdownWorkspace, REPLY, type MdWorkspace } from './markdown-fixtures';
import { axeSerious, builtApp, closeAll, dropOnStart, serveApp, screenshot, type Served, shot, watchPage } from './support';

/** A task doing this much work is a freeze a person feels; laying the megabyte out at once took 5 s here. */
const LONGEST_TASK_MS = 250;

let b: Browser;
let app: Served;
let fx: MdWorkspace;
let watch: { problems: string[] };
const offsite: string[] = [];

beforeAll(async () => {
  fx = markdownWorkspace();
  app = await serveApp(await builtApp());
  b = await launchChromium({ port: app.port });
  await b.page.setViewportSize({ width: 1100, height: 900 });
  await b.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${app.port}` });
  watch = watchPage(b.page);
  b.ctx.on('request', (r) => {
    if (!r.url().startsWith(`http://127.0.0.1:${app.port}/`) && !/^(data|blob):/.test(r.url())) offsite.push(r.url());
  });
});

afterAll(() => closeAll(b, app, fx && path.dirname(fx.ws)));

const page = () => b.page;

async function open(file: string): Promise<void> {
  await page().goto(`${app.url}#/w`);
  await page().locator(`.session-row[data-file="${file}"] a.row-link`).click();
  await page().locator('.sl-session').waitFor();
}

describe('Markdown in the Conversation tab', () => {
  it('renders a reply with a list, a code block and safe links, and fetches nothing', async () => {
    await dropOnStart(b, app, fx.ws);
    await page().locator('.session-list').waitFor();
    await open(fx.files.reply);
    const reply = page().locator('.sl-msg').nth(1);
    const md = reply.locator('.sl-md');
    await md.waitFor();
    expect(await md.locator('ol > li').count()).toBe(2);
    expect(await md.locator('ol').getAttribute('start')).toBeNull();
    expect(await md.locator('ol > li').first().locator('strong').innerText()).toBe('Install');
    expect(await md.locator('ol ul > li').allInnerTexts()).toEqual(['unit', 'end to end']);
    const code = md.locator('figure.sl-md-code');
    expect(await code.locator('.sl-md-lang').innerText()).toBe('python');
    expect(await code.locator('pre code').textContent()).toBe(CODE);
    const links = md.locator('a');
    expect(await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]))).toEqual([
      ['https://docs.example.com/start', '_blank', 'noopener noreferrer'],
      ['mailto:help@example.com', '_blank', 'noopener noreferrer'],
      ['https://img.example.com/diagram.png', '_blank', 'noopener noreferrer'],
    ]);
    expect(await md.locator('a.sl-md-img').innerText()).toContain('image: the diagram');
    expect(await md.locator('img, script, b').count()).toBe(0);
    expect(await md.locator('blockquote').innerText()).toBe('Quoted: <script>window.__pwned = 1</script>');
    expect(await md.innerText()).toContain('[not a link](javascript:alert(1))');
    expect(await md.locator('table td').allInnerTexts()).toEqual(['install', '2', 'test', '5']);
    await code.getByRole('button', { name: 'Copy python code' }).click();
    await code.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page().evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    await reply.scrollIntoViewIfNeeded();
    const file = await screenshot(page(), 'markdown-reply', false);
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    expect(await axeSerious(page())).toEqual([]);
    expect(offsite).toEqual([]);
    expect(await page().evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
    // README's screenshot: both messages whole, the list at its top.
    const size = page().viewportSize()!;
    await page().setViewportSize({ width: size.width, height: 1000 });
    await page().locator('.sl-vlist').evaluate((el) => void (el.scrollTop = 0));
    await page().evaluate(() => window.scrollTo(0, 0));
    await page().waitForTimeout(200);
    await shot(page(), 'readme-conversation', false);
    await page().setViewportSize(size);
  });

  it('shows the stored text exactly with the raw switches, and remembers the global one', async () => {
    const reply = page().locator('.sl-msg').nth(1);
    await reply.getByRole('button', { name: 'Raw text' }).click();
    expect(await reply.locator('.sl-is-raw pre').textContent()).toBe(REPLY);
    expect(await page().locator('.sl-msg').nth(0).locator('.sl-md').count()).toBe(1);
    await reply.getByRole('button', { name: 'Raw text' }).click();
    await reply.locator('.sl-md').waitFor();
    await page().getByRole('checkbox', { name: /Raw text for every message/ }).check();
    expect(await page().locator('.sl-md').count()).toBe(0);
    await page().reload();
    await page().locator('.sl-msg').nth(1).locator('.sl-is-raw pre').waitFor();
    expect(await page().getByRole('checkbox', { name: /Raw text for every message/ }).isChecked()).toBe(true);
    expect(await page().locator('.sl-msg').nth(1).locator('.sl-is-raw pre').textContent()).toBe(REPLY);
    await page().getByRole('checkbox', { name: /Raw text for every message/ }).uncheck();
    await page().locator('.sl-msg').nth(1).locator('.sl-md').waitFor();
  });

  it('reveals 1 MiB of mixed scripts without a long task, and says it is too long to format', async () => {
    await open(fx.files.long);
    const msg = page().locator('.sl-msg').nth(1);
    await msg.getByText(/Not formatted as Markdown: 1,048,5\d\d characters is over the limit of 50,000/).waitFor();
    let stop = await traceMainThread(page());
    await msg.getByRole('button', { name: /^Show all \([\d,]+ more characters\)$/ }).click();
    await msg.getByRole('button', { name: 'Show less' }).waitFor({ timeout: 60_000 });
    const reveal = (await stop()).tasks;
    console.log(`markdown e2e: longest task while revealing 1 MiB: ${longestCpu(reveal).toFixed(0)} ms CPU; tasks over 16 ms (CPU/wall ms): ${describeTasks(reveal)}`);
    expect(longestCpu(reveal)).toBeLessThan(LONGEST_TASK_MS);
    expect(await msg.locator('pre').evaluateAll((ps) => ps.map((p) => p.textContent).join('').endsWith('END-OF-THE-MEGABYTE'))).toBe(true);
    // The page answers afterwards: the next frame comes with no long task before it.
    stop = await traceMainThread(page());
    await page().evaluate(() => new Promise((r) => requestAnimationFrame(() => r(0))));
    const after = (await stop()).tasks;
    expect(longestCpu(after)).toBeLessThan(LONGEST_TASK_MS);
    expect(watch.problems).toEqual([]);
  });
});
