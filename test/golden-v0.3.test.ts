/** nanobot v0.3's golden answers, from ../shared/golden-v0.3. */
import { describe, it } from 'vitest';
import { corpusDir } from './golden-values';
import { expectNoMismatches, runCorpus } from './golden/runner';

describe('golden vectors (golden-v0.3)', () => {
  it('matches nanobot on every case', async () => {
    expectNoMismatches('golden-v0.3', await runCorpus(corpusDir('golden-v0.3')));
  });
});
