/** `npm run bench [group…]`: prints every benchmark's figures (or only the named groups). */
import { benchAppOpen } from './app-open';
import { benchAppWorkspace } from './app-workspace';
import { benchBundle } from './bundle';
import { benchCli } from './cli';
import { benchCore, type Figure } from './core';
import { benchListing, benchStoreSaves } from './listing';

function print(group: string, figures: Figure[]) {
  console.log(`\n${group}`);
  for (const f of figures) console.log(`  ${f.name}: ${f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(0)} ${f.unit}  (${f.note})`);
}

const groups: [id: string, title: string, run: () => Promise<Figure[]>][] = [
  ['core', `core (Node ${process.version})`, benchCore],
  ['cli', `the CLI as whole processes vs nanobot's work in Python, same run (${process.env.NANOBOT_SRC ? 'NANOBOT_SRC' : 're-enactment'})`, benchCli],
  ['listing', "session listing (store vs nanobot's listing I/O, same run)", benchListing],
  ['saves', 'store saves in Chromium (test/browser/bench-store.ts)', benchStoreSaves],
  ['bundle', 'the built app in Chromium: JavaScript fetched', benchBundle],
  ['open', 'the built app in Chromium: opening and scrolling a 100 MB session (BENCH_OPEN_MESSAGES sets another size)', benchAppOpen],
  ['workspace', 'the built app in Chromium: a 1,000-session workspace, replay controls on 2,000 messages', benchAppWorkspace],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !groups.some(([id]) => id === w));
if (unknown.length) {
  console.error(`unknown benchmark group(s): ${unknown.join(', ')}; groups: ${groups.map(([id]) => id).join(', ')}`);
  process.exit(2);
}
for (const [id, title, run] of groups) if (!wanted.length || wanted.includes(id)) print(title, await run());
