// `npm test`'s first step (pretest): the real-browser tests drive /usr/bin/chromium (test/browser/harness.ts).
// Without it the run would fail only minutes in, test by test; this says so at once, and how to get it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = '/usr/bin/chromium';

/** Why `path` cannot serve as the tests' Chromium, or null when it runs. */
export function chromiumProblem(path = CHROMIUM) {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `${path} was not found`;
  }
  const r = spawnSync(path, ['--headless', '--version'], { encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0 || !/\d+\.\d+/.test(r.stdout)) return `${path} did not run (${(r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0]})`;
  return null;
}

// `node scripts/need-chromium.mjs [path]`: the path defaults to the one the tests use.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = chromiumProblem(process.argv[2]);
  if (problem) {
    process.stderr.write(
      `npm test needs Chromium for its real-browser tests (test/e2e/, test/browser/): ${problem}.\n` +
        'On Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(.ci/run installs it, with a CJK font for the Chinese screenshots, then runs npm test.)\n',
    );
    process.exit(1);
  }
}
