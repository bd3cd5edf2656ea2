/**
 * Every view of the demo at 1280×800 and 390×844, in English and Chinese, light and dark (issue 27; each
 * size in two of the four looks, together all of them):
 * a screenshot of each (test-results/e2e/look-<view>-<size>-<lang>-<theme>.png, to look at) and the
 * layout facts a first-time user trips on when they break — one h1, no sideways scrolling of the
 * page, a session's six tabs and the workspace's five with their whole labels, all in sight (on a
 * phone the bars wrap).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { layoutFacts, openAppInChromium, painted, type Served, shot } from './support';

let b: Browser;
let app: Served;

beforeAll(async () => {
  ({ app, b } = await openAppInChromium({}, { width: 1280, height: 800 }));
});

afterAll(async () => {
  await b?.close();
  await app?.close();
});

/** Each size in two looks, so the four together hold both languages and both themes at both sizes (half the time of all eight). */
const SIZES = [
  { name: 'desk', width: 1280, height: 800, looks: [{ lang: 'en', theme: 'light' }, { lang: 'zh-CN', theme: 'dark' }] },
  { name: 'phone', width: 390, height: 844, looks: [{ lang: 'en', theme: 'dark' }, { lang: 'zh-CN', theme: 'light' }] },
] as const;
/** Each view: its link and what shows it is drawn. */
const VIEWS: [string, string, string][] = [
  ['list', '#/w', '.session-row'],
  ['health', '#/w/health', '.health-file'],
  ['leftovers', '#/w/leftovers', '.leftover'],
  ['guide', '#/guide', 'main h2'],
  ['conversation', '#/s/cli%3Adirect', 'article[data-message="2"]'],
  ['replay', '#/s/telegram%3A88001?tab=replay', 'svg.sl-ctx-svg'],
  ['context', '#/s/cli%3Adirect?tab=context', '#sl-turn-h'],
  ['file', '#/s/discord%3A30311?tab=file', '#sl-file-h'],
  ['edit', '#/s/cli%3Adirect?tab=edit', '#sl-edit-h'],
  ['export', '#/s/cli%3Adirect?tab=export', '#sl-export-h'],
  // large-file mode (the line lowered by the link): the same page
  ['large-conversation', '#/s/telegram%3A88001?large=1000', '[data-testid="large-counts"]'],
  ['large-replay', '#/s/telegram%3A88001?large=1000&tab=replay', '#sl-replay-h'],
  ['large-edit', '#/s/telegram%3A88001?large=1000&tab=edit', '#sl-edit-h'],
];

describe('every view, both sizes, both languages, both themes', () => {
  for (const size of SIZES) {
    it(`${size.name} ${size.width}×${size.height}`, async () => {
      await b.page.setViewportSize({ width: size.width, height: size.height });
      await b.page.goto(app.url);
      await b.page.locator('.start-actions button').nth(2).click(); // the demo
      await b.page.locator('.session-row').first().waitFor();
      const wrong: string[] = [];
      for (const look of size.looks) {
        await b.page.evaluate(([l, t]) => {
          localStorage.setItem('session-lens:language', l!);
          localStorage.setItem('session-lens:theme', t!);
        }, [look.lang, look.theme]);
        await b.page.reload(); // the language and theme are read when the page starts
        await b.page.locator('body').waitFor();
        for (const [name, hash, ready] of VIEWS) {
          await b.page.goto(app.url + hash);
          await b.page.locator(ready).first().waitFor({ timeout: 60_000 });
          await painted(b.page); // late layout (fonts, the chart's measured labels)
          await shot(b.page, `look-${name}-${size.name}-${look.lang}-${look.theme}`, false);
          const f = await layoutFacts(b.page);
          const where = `${name} ${look.lang} ${look.theme}`;
          if (f.h1 !== 1) wrong.push(`${where}: ${f.h1} h1`);
          if (f.sideways > 0) wrong.push(`${where}: the page scrolls sideways by ${f.sideways} px`);
          if (f.cutTabs.length) wrong.push(`${where}: tabs cut: ${f.cutTabs.join(', ')}`);
          if (f.hidden.length) wrong.push(`${where}: tabs out of sight: ${f.hidden.join(', ')}`);
          if (hash.startsWith('#/s/') && f.tabs !== 6) wrong.push(`${where}: ${f.tabs} session tabs`);
        }
      }
      expect(wrong).toEqual([]);
    }, 600_000);
  }
});
