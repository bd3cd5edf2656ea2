/**
 * App faults that need a real browser's layout and colours (issue 15, section 3): a Health "line N"
 * link lands on that line in the File tab, and the Replay strip's fate colours are told apart from
 * the page and from each other in both themes (contrast by axe-core's own colour code).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '../browser/harness';
import { FATE_ORDER } from '../../src/ui/session/replay/strip/fates';
import { axeSerious, closeAll, dropOnStart, openAppInChromium, type Served, shot } from './support';

const BAD_LINE = 250;
let b: Browser;
let app: Served;
let base: string;
let watch: { problems: string[] };

const json = (o: object) => JSON.stringify(o).replace(/","/g, '", "').replace(/":/g, '": ');

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-faults-'));
  const sessions = path.join(base, 'faults-ws', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  const lines = [json({ _type: 'metadata', key: 'cli:long', created_at: '2026-06-01T10:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: 0 })];
  for (let i = 2; i <= 300; i++) lines.push(i === BAD_LINE ? '{"role": "user", "content": "cut' : json({ role: i % 2 ? 'assistant' : 'user', content: `message on line ${i}` }));
  fs.writeFileSync(path.join(sessions, 'cli_long.jsonl'), lines.join('\n') + '\n');
  ({ app, b, watch } = await openAppInChromium());
  await dropOnStart(b, app, path.join(base, 'faults-ws'));
  await b.page.locator('.session-list').waitFor();
});

afterAll(() => closeAll(b, app, base));

/** CIE76 colour difference of two `rgb(r, g, b)` strings. */
function deltaE(a: number[], b: number[]): number {
  const lab = ([r, g, bl]: number[]) => {
    const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const [R, G, B] = [lin(r!), lin(g!), lin(bl!)];
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const x = f((R * 0.4124 + G * 0.3576 + B * 0.1805) / 0.95047);
    const y = f(R * 0.2126 + G * 0.7152 + B * 0.0722);
    const z = f((R * 0.0193 + G * 0.1192 + B * 0.9505) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
}

describe('app faults in Chromium', () => {
  it('a Health "line N" link shows that line in the File tab', async () => {
    await b.page.goto(`${app.url}#/w/health`);
    await b.page.getByRole('link', { name: `line ${BAD_LINE}:`, exact: false }).first().click();
    await b.page.waitForURL(new RegExp(`tab=file&line=${BAD_LINE}`));
    const line = b.page.locator(`.sl-line.sl-hl[data-line="${BAD_LINE}"]`);
    await line.waitFor();
    await b.page.waitForTimeout(300);
    const box = await line.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    await shot(b.page, 'faults-line-link', false);
  });

  it('the fate colours stand out from the page (≥ 3:1 by axe) and from each other, in both themes', async () => {
    await b.page.goto(`${app.url}#/s/cli%3Along?tab=replay`);
    await b.page.locator('.sl-replay .sl-strip-canvas').waitFor();
    if (!(await b.page.evaluate(() => 'axe' in window))) await axeSerious(b.page); // loads axe-core into the page
    for (const theme of ['light', 'dark']) {
      const colours = await b.page.evaluate(
        ({ theme, keys }) => {
          document.documentElement.dataset.theme = theme;
          type Colour = { parseString(s: string): void; red: number; green: number; blue: number };
          const axe = (window as unknown as { axe: { setup(): void; teardown(): void; commons: { color: { Color: new () => Colour; getContrast(bg: Colour, fg: Colour): number } } } }).axe;
          axe.setup(); // axe's colour code needs the page's tree, as during axe.run
          const c = axe.commons.color;
          const host = document.querySelector('.sl-replay')!;
          // What the strip is drawn over: the nearest background that is not transparent.
          let from: Element | null = host;
          while (from && /^(transparent|rgba\(0, 0, 0, 0\))$/.test(getComputedStyle(from).backgroundColor)) from = from.parentElement;
          const bg = new c.Color();
          bg.parseString(getComputedStyle(from ?? document.documentElement).backgroundColor);
          const out = keys.map((k) => {
            const span = document.createElement('span');
            span.className = `sl-swatch sl-fate-${k}`;
            host.append(span);
            const fg = new c.Color();
            fg.parseString(getComputedStyle(span).backgroundColor);
            span.remove();
            return { key: k, rgb: [fg.red, fg.green, fg.blue], contrast: c.getContrast(bg, fg) };
          });
          axe.teardown();
          return out;
        },
        { theme, keys: FATE_ORDER },
      );
      for (const x of colours) expect(x.contrast, `${theme} ${x.key}`).toBeGreaterThanOrEqual(3);
      for (const [i, x] of colours.entries()) {
        for (const y of colours.slice(i + 1)) expect(deltaE(x.rgb, y.rgb), `${theme} ${x.key} vs ${y.key}`).toBeGreaterThanOrEqual(20);
      }
      await shot(b.page, `faults-fates-${theme}`, false);
      expect((await axeSerious(b.page)).map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    }
    expect(watch.problems).toEqual([]);
  });

  it('the Edit tab of a real folder says once that a save leaves the file private (0600)', async () => {
    await b.page.goto(`${app.url}#/s/cli%3Along?tab=edit`);
    await b.page.locator('.sl-edits').waitFor();
    expect(await b.page.getByText('mode 0600').count()).toBe(1);
  });
});
