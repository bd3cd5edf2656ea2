/**
 * axe on every page of the demo a person reaches — start, the workspace's pages, the guide and every
 * tab of a session, in the full view and in large-file mode — in the light and the dark theme, with 0 violations of any impact (moderate and
 * minor too: the heading order of the session tabs was one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { axeAll, openAppInChromium, painted, type Served } from './support';

let b: Browser;
let app: Served;

beforeAll(async () => {
  ({ app, b } = await openAppInChromium());
});

afterAll(async () => {
  await b?.close();
  await app?.close();
});

/** Each page and what shows it is drawn. */
const PAGES: [string, string][] = [
  ['#/w', '.session-list'],
  ['#/w/health', '.health-file'],
  ['#/w/leftovers', '.leftover'],
  ['#/w/upgrade', 'h2'],
  ['#/guide', 'h1'],
  ['#/s/cli%3Adirect', '.sl-conversation'],
  ['#/s/cli%3Adirect?tab=replay', '.sl-replay'],
  ['#/s/cli%3Adirect?tab=context', '#sl-turn-h'],
  ['#/s/cli%3Adirect?tab=file', '#sl-file-h'],
  ['#/s/cli%3Adirect?tab=edit', '#sl-edit-h'],
  ['#/s/cli%3Adirect?tab=export', '#sl-export-h'],
  ['#/s/telegram%3A88001?tab=replay', 'svg.sl-ctx-svg'],
  // the same session in large-file mode (the line lowered by the link): the same page, every tab
  ['#/s/telegram%3A88001?large=1000', '[data-testid="large-counts"]'],
  ['#/s/telegram%3A88001?large=1000&tab=replay', '#sl-replay-h'],
  ['#/s/telegram%3A88001?large=1000&tab=context', '#sl-turn-h'],
  ['#/s/telegram%3A88001?large=1000&tab=file', '#sl-lines-h'],
  ['#/s/telegram%3A88001?large=1000&tab=edit', '#sl-edit-h'],
  ['#/s/telegram%3A88001?large=1000&tab=export', '#sl-export-h'],
];

describe('axe, every impact, both themes', () => {
  it('the demo’s pages and a session’s six tabs have no violation', async () => {
    await b.page.goto(app.url);
    await b.page.getByRole('button', { name: 'Try the demo' }).click();
    await b.page.locator('.session-list').waitFor();
    const found: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const [hash, ready] of PAGES) {
        await b.page.goto(app.url + hash);
        await b.page.locator(ready).first().waitFor({ timeout: 60_000 });
        await b.page.evaluate((t) => void (document.documentElement.dataset.theme = t), theme);
        await painted(b.page); // the theme's colours are in
        for (const v of await axeAll(b.page)) found.push(`${theme} ${hash}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html).join(' | ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});
