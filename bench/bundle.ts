/**
 * Bundle benchmark (`npm run bench`): the JavaScript real Chromium fetches for the start screen
 * (before any session is opened) against all the JavaScript the build ships, then what opening a
 * session and its Replay tab adds — the tokenizer must arrive only then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './core';
import { importTs } from './listing';

type Support = typeof import('../test/e2e/support');
type Harness = typeof import('../test/browser/harness');

const PORT = 41909;
const kib = (n: number) => n / 1024;

function gzipOf(dir: string, files: Iterable<string>): number {
  let total = 0;
  for (const f of files) total += gzipSync(fs.readFileSync(path.join(dir, f))).length;
  return total;
}

/** Every .js file in the build (app, workers, service worker), relative to `dir`. */
function shippedJs(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.js')) out.push(p);
    }
  };
  walk('');
  return out;
}

/** Runs the bundle benchmark in Chromium over the built app (the demo workspace). */
export async function benchBundle(): Promise<Figure[]> {
  const { builtApp, serveApp } = await importTs<Support>('test/e2e/support.ts');
  const { launchChromium } = await importTs<Harness>('test/browser/harness.ts');
  const dir = await builtApp();
  const app = await serveApp(dir, PORT);
  const b = await launchChromium({ port: PORT });
  // The page's own fetches only: the service worker's precache install fetches every file.
  const fetched: string[] = [];
  b.page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (!r.serviceWorker() && p.endsWith('.js')) fetched.push(p.slice('/app/'.length));
  });
  try {
    const js = (from: number) => [...new Set(fetched.slice(from))];
    await b.page.goto(app.url);
    await b.page.getByRole('heading', { name: 'Open a nanobot workspace' }).waitFor();
    await b.page.waitForLoadState('networkidle');
    const start = js(0).filter((f) => f !== 'sw.js' && !f.startsWith('workbox-'));
    const startGz = gzipOf(dir, start);
    const all = shippedJs(dir);
    const allGz = gzipOf(dir, all);

    let mark = fetched.length;
    await b.page.getByRole('button', { name: 'Try the demo' }).click();
    await b.page.locator('.session-list').waitFor();
    await b.page.locator('.session-row[data-file="cli_direct.jsonl"] a.row-link').click();
    await b.page.getByText('Fix the flaky upload test').first().waitFor();
    await b.page.waitForLoadState('networkidle');
    const session = js(mark).filter((f) => !start.includes(f));
    mark = fetched.length;
    await b.page.getByRole('tab', { name: 'Replay' }).click();
    await b.page.locator('.sl-replay-summary .sl-meter').first().waitFor();
    await b.page.waitForLoadState('networkidle');
    const replay = js(mark).filter((f) => !start.includes(f) && !session.includes(f));
    const names = (fs: string[]) => fs.map((f) => `${path.basename(f).replace(/-[\w-]{8}\.js$/, '')} ${kib(gzipOf(dir, [f])).toFixed(1)} KiB`).join(', ');
    const tokenizerAtStart = [...start, ...session].some((f) => f.includes('cl100k'));
    return [
      { name: 'initial JavaScript before a session is opened (gzip)', value: kib(startGz), unit: 'KiB', note: `${names(start)}; ${((100 * startGz) / allGz).toFixed(0)}% of the ${kib(allGz).toFixed(0)} KiB of JS the build ships; budget 60 KiB (enforced by the build)` },
      { name: 'opening a session adds (gzip)', value: kib(gzipOf(dir, session)), unit: 'KiB', note: names(session) || 'nothing' },
      { name: 'the Replay tab adds (gzip)', value: kib(gzipOf(dir, replay)), unit: 'KiB', note: `${names(replay) || 'nothing'}; tokenizer fetched before Replay: ${tokenizerAtStart ? 'YES (regression)' : 'no'}` },
    ];
  } finally {
    await b.close();
    await app.close();
  }
}
