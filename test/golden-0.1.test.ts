/**
 * The eleven 0.1.x releases' golden answers, each made by that release's own code (scripts/release-golden.py
 * over golden's fixtures; what a release lacks is left out of its cases), from ../shared/golden-<release> or the
 * packed copy.
 */
import { describe, expect, it } from 'vitest';
import { NANOBOT_VERSIONS } from '../src/core/nanobot/nanobot-version';
import { corpusDir } from './golden-values';
import { expectNoMismatches, runCorpus } from './golden/runner';
import { CORPORA } from './corpora';

const RELEASES = CORPORA.filter(([, v]) => v.startsWith('0.1.'));

describe('golden vectors of the 0.1.x releases', () => {
  it('has a corpus for each 0.1.x release of the version table', () => {
    expect(RELEASES.map(([, v]) => v)).toEqual(NANOBOT_VERSIONS.filter((v) => v.startsWith('0.1.')));
  });
  it.each(RELEASES.map(([c, v]) => [v, c]))('matches nanobot %s on every case', async (_v, corpus) => {
    expectNoMismatches(corpus, await runCorpus(corpusDir(corpus)));
  });
});
