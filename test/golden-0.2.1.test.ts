/** nanobot 0.2.1's golden answers (the pip release's own code, scripts/release-golden.py), from ../shared/golden-0.2.1. */
import { describe, it } from 'vitest';
import { corpusDir } from './golden-values';
import { expectNoMismatches, runCorpus } from './golden/runner';

describe('golden vectors (golden-0.2.1)', () => {
  it('matches nanobot 0.2.1 on every case', async () => {
    expectNoMismatches('golden-0.2.1', await runCorpus(corpusDir('golden-0.2.1')));
  });
});
