/**
 * Languages in real Chromium: a browser set to Chinese gets the start page, the workspace, a
 * session and its replay in Simplified Chinese (with CJK glyphs, see the screenshots); English chosen in the header's picker is remembered
 * across a reload, over the browser's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { openAppInChromium, type Served, shot } from './support';

let b: Browser;
let app: Served;
let watch: { problems: string[] };

beforeAll(async () => {
  ({ app, b, watch } = await openAppInChromium({ locale: 'zh-CN' }));
});

afterAll(async () => {
  await b?.close();
  await app?.close();
});

describe('interface language', () => {
  it('follows the browser: a zh-CN browser gets the start page in Chinese', async () => {
    await b.page.goto(app.url);
    await b.page.getByRole('heading', { name: '打开 nanobot 工作区' }).waitFor();
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    for (const name of ['打开文件夹…', '打开 .jsonl 文件…', '试用演示', '试用 nanobot main 演示']) {
      expect(await b.page.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    expect(await b.page.locator('.lead').innerText()).toContain('不上传任何内容');
    expect(await b.page.getByRole('navigation', { name: '主导航' }).innerText()).toContain('指南');
    const body = await b.page.locator('body').innerText();
    for (const english of ['Open a nanobot workspace', 'Try the demo', 'What you will see', 'Recent folders']) expect(body).not.toContain(english);
    // The CJK font stack must give real glyphs: a Chinese heading is as wide as its characters, not tofu of equal boxes.
    const widths = await b.page.evaluate(() => {
      const c = document.createElement('canvas').getContext('2d')!;
      c.font = getComputedStyle(document.querySelector('h1')!).font;
      return { zh: c.measureText('会话').width, box: c.measureText('\u{10FFFD}\u{10FFFD}').width };
    });
    expect(widths.zh).toBeGreaterThan(0);
    expect(widths.zh).not.toBe(widths.box);
    await shot(b.page, 'i18n-start-zh');
  });

  it('opens the demo workspace in Chinese: tabs, rows and badges', async () => {
    await b.page.getByRole('button', { name: '试用演示', exact: true }).click();
    await b.page.locator('.session-list').waitFor();
    await b.page.locator('.session-row[data-file="whatsapp_4915550001.jsonl"] .badge', { hasText: 'nanobot 加载不到任何内容' }).waitFor();
    expect(await b.page.getByRole('navigation', { name: '工作区' }).innerText()).toMatch(/会话[\s\S]*健康[\s\S]*遗留文件[\s\S]*升级/);
    // Counts fill in as files are read: wait for this one.
    await b.page.locator('.session-row[data-file="telegram_88001.jsonl"] .row-count', { hasText: /^2,602 条消息$/ }).waitFor();
    expect(await b.page.locator('.workspace').innerText()).not.toContain('msgs');
    await shot(b.page, 'i18n-workspace-zh', false);
  });

  it('shows a session and its replay in Chinese, with the file’s own text as it is', async () => {
    await b.page.locator('.session-row[data-file="telegram_88001.jsonl"] a.row-link').click();
    const tabs = b.page.getByRole('tablist', { name: '会话视图' });
    await tabs.waitFor();
    expect(await tabs.innerText()).toMatch(/对话[\s\S]*回放[\s\S]*文件[\s\S]*编辑[\s\S]*导出/);
    await b.page.locator('.sl-conversation .sl-vlist').waitFor();
    await shot(b.page, 'i18n-session-zh', false);
    await b.page.getByRole('tab', { name: '回放', exact: true }).click();
    await b.page.locator('.sl-fate-row, .sl-fate-run').first().waitFor();
    const panel = await b.page.locator('[role="tabpanel"]').innerText();
    expect(panel).toMatch(/nanobot 发送/);
    for (const english of ['nanobot sends', 'outside the window', 'get_history settings (', 'Messages per fate']) expect(panel).not.toContain(english);
    await shot(b.page, 'i18n-replay-zh', false);
    await b.page.getByRole('link', { name: '打开', exact: true }).click();
    await b.page.getByRole('heading', { name: '打开 nanobot 工作区' }).waitFor();
  });

  it('switches to English with the header’s picker and remembers it over the browser’s language', async () => {
    await b.page.locator('select.lang-picker').selectOption('en');
    await b.page.getByRole('heading', { name: 'Open a nanobot workspace' }).waitFor();
    expect(await b.page.getByRole('button', { name: 'Try the demo', exact: true }).count()).toBe(1);
    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Open a nanobot workspace' }).waitFor();
    expect(await b.page.evaluate(() => [document.documentElement.lang, navigator.language, localStorage.getItem('session-lens:language')])).toEqual(['en', 'zh-CN', 'en']);
    expect(await b.page.locator('body').innerText()).not.toContain('打开 nanobot 工作区');
    await shot(b.page, 'i18n-start-en');
    expect(watch.problems).toEqual([]);
  });
});
