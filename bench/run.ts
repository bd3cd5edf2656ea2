/** `npm run bench [group…]`: prints every benchmark's figures (or only the named groups). */
import { benchAppOpen } from './app-open';
import { benchAppOpenMidsize } from './app-open-midsize';
import { benchAppWorkspace } from './app-workspace';
import { benchBundle } from './bundle';
import { benchCli } from './cli';
import { benchCore, type Figure } from './core';
import { benchListing, benchStoreSaves } from './listing';
import { benchAppReopen } from './app-reopen';
import { benchAppEditLarge } from './app-edit-large';
import { benchAppExportLarge } from './app-export-large';
import { benchAppFindLarge } from './app-find-large';
import { benchAppFileLarge } from './app-file-large';
import { goalRows, goalTable } from './summary';

function print(group: string, figures: Figure[]) {
  console.log(`\n${group}`);
  const fmt = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
  for (const f of figures) console.log(`  ${f.name}: ${fmt(f.value)} ${f.unit}${f.p95 !== undefined ? ` [p95 ${fmt(f.p95)}]` : ''}  (${f.note})`);
}

const groups: [id: string, title: string, run: () => Promise<Figure[]>][] = [
  ['core', `core (Node ${process.version})`, benchCore],
  ['cli', `the CLI as whole processes vs nanobot's work in Python, same run (${process.env.NANOBOT_SRC ? 'NANOBOT_SRC' : 're-enactment'})`, benchCli],
  ['listing', "session listing (store vs nanobot's listing I/O, same run)", benchListing],
  ['saves', 'store saves in Chromium (test/browser/bench-store.ts)', benchStoreSaves],
  ['bundle', 'the built app in Chromium: JavaScript fetched', benchBundle],
  ['open', 'the built app in Chromium: opening and scrolling a 100 MB session (BENCH_OPEN_MESSAGES sets another size)', benchAppOpen],
  ['midsize', 'the built app in Chromium: one session of 16–200 MiB (BENCH_MID_SIZES) in the normal view and in large-file mode, interleaved', benchAppOpenMidsize],
  ['workspace', 'the built app in Chromium: a 1,000-session workspace, replay controls on 2,000 messages', benchAppWorkspace],
  ['reopen', 'the built app in Chromium: reopening a 1,000-session workspace from its cached listing', benchAppReopen],
  ['large-export', 'the built app in Chromium: exporting a 300 MiB session in large-file mode (BENCH_EXPORT_MB sets another size)', benchAppExportLarge],
  ['large-edit', 'the built app in Chromium: editing a 1 GiB session in large-file mode (BENCH_EDIT_MB sets another size)', benchAppEditLarge],
  ['find', 'the built app in Chromium: finding a word in a 1 GiB session in large-file mode (BENCH_FIND_MB sets another size)', benchAppFindLarge],
  ['large-file', 'the built app in Chromium: the File tab of a 1 GiB session in large-file mode (BENCH_FILE_MB sets another size)', benchAppFileLarge],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !groups.some(([id]) => id === w));
if (unknown.length) {
  console.error(`unknown benchmark group(s): ${unknown.join(', ')}; groups: ${groups.map(([id]) => id).join(', ')}`);
  process.exit(2);
}
const ran: [string, Figure[]][] = [];
for (const [id, title, run] of groups) {
  if (wanted.length && !wanted.includes(id)) continue;
  const figures = await run();
  print(title, figures);
  ran.push([id, figures]);
}
console.log(`\nissue 16 goals in this run (Chromium figures: median over BENCH_RUNS runs, each with its own baseline)\n${goalTable(goalRows(ran))}`);
