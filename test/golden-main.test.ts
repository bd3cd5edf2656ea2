/** nanobot main's golden answers, from ../shared/golden-main. */
import { describe, it } from 'vitest';
import { corpusDir } from './golden-values';
import { expectNoMismatches, runCorpus } from './golden/runner';

describe('golden vectors (golden-main)', () => {
  it('matches nanobot on every case', async () => {
    expectNoMismatches('golden-main', await runCorpus(corpusDir('golden-main')));
  });
});
