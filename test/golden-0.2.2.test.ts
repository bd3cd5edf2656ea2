/** nanobot 0.2.2's golden answers (the pip release's own code, scripts/release-golden.py), from ../shared/golden-0.2.2. */
import { describe, it } from 'vitest';
import { corpusDir } from './golden-values';
import { expectNoMismatches, runCorpus } from './golden/runner';

describe('golden vectors (golden-0.2.2)', () => {
  it('matches nanobot 0.2.2 on every case', async () => {
    expectNoMismatches('golden-0.2.2', await runCorpus(corpusDir('golden-0.2.2')));
  });
});
