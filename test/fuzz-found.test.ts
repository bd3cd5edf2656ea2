/**
 * The differential fuzzer's findings (npm run fuzz), replayed without Python: each case holds the
 * file and nanobot's own answer on it, in the golden format, and the golden runner checks every
 * field. Only the cases the code passes live here (test/fuzz-found/<version>/); the ones still
 * failing wait in test/fuzz-found/pending/ (listed with their family in its README), moved over by
 * `npm run fuzz -- --version <v> --promote` once fixed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NANOBOT_VERSIONS } from '../src/core/nanobot/nanobot-version';
import { expectNoMismatches, runCorpus } from './golden/runner';

const FOUND = fileURLToPath(new URL('./fuzz-found/', import.meta.url));

const versions = NANOBOT_VERSIONS.filter((v) => existsSync(`${FOUND}${v}/_index.json`));

describe('fuzz findings', () => {
  it('has a corpus of found cases', () => {
    expect(versions.length).toBeGreaterThan(0);
  });
  for (const version of versions) {
    const dir = `${FOUND}${version}`;
    it(`match nanobot's answers (${version})`, async () => {
      const run = await runCorpus(dir);
      expect(run.version).toBe(version);
      expectNoMismatches(`fuzz-found/${version}`, run);
    });
  }
});
