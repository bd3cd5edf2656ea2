/** nanobot v0.2's golden answers (or `$GOLDEN_DIR`, at the version its `_index.json` names). */
import { describe, it } from 'vitest';
import { GOLDEN_DIR } from './golden-values';
import { expectNoMismatches, runCorpus } from './golden/runner';

describe('golden vectors', () => {
  it('matches nanobot on every case', async () => {
    expectNoMismatches(process.env.GOLDEN_DIR ?? 'golden', await runCorpus(GOLDEN_DIR));
  });
});
