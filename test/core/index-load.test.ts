import { describe, expect, it } from 'vitest';
import { loadNanobot } from '../../src/core/lens/load';
import { indexBytes } from '../index-bytes';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { indexLoadOfBytes } from './index-cut';

const NOW = '2026-12-04T00:00:00';
const VERSIONS: NanobotVersion[] = ['v0.2', 'v0.3.0', 'main'];

/** nanobot's load over the index (the one load, as large-file mode's views hold it) against nanobot's load of the whole file. */
async function same(text: string, version: NanobotVersion, name: string): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  const ix = indexBytes(bytes, version);
  const load = await indexLoadOfBytes(bytes, ix, version, 'k', NOW);
  const want = loadNanobot(bytes, 'k', NOW, version);
  expect(load.raises, `${name}: raises`).toBe(want.error !== null);
  if (want.error) return;
  expect({ path: load.path, loaded: load.loaded, skipped: load.skipped }, name).toEqual({ path: want.path, loaded: want.result !== null, skipped: want.skipped });
  if (!want.result) return;
  expect({ lines: [...load.messageLines], lastConsolidated: load.lastConsolidated }, name).toEqual({ lines: want.result.messageLines, lastConsolidated: want.result.lastConsolidated });
}

const meta = (metadata: string, lastConsolidated = 0) => `{"_type": "metadata", "key": "k", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": ${metadata}, "last_consolidated": ${lastConsolidated}}`;
const BAD = '{"role": "user", "content": "cut';
const USER = '{"role": "user", "content": "hi"}';

describe("the index's load, against nanobot's load of the whole file", () => {
  it('the repair pass ends with the last metadata record: whether a damaged file with no message loads follows its metadata', async () => {
    // Values of `metadata` that are truthy, falsy, or not a dict (v0.3.0+ type it: a non-dict is {}).
    const values = ['{}', '{"a": 1}', '[]', '[1]', 'null', '"x"', '0', '1'];
    for (const version of VERSIONS) {
      for (const first of values) {
        for (const last of values) {
          await same([meta(first), BAD, meta(last)].join('\n') + '\n', version, `${version} ${first} then ${last}`);
          await same([BAD, meta(first), meta(last)].join('\n') + '\n', version, `${version} bad, ${first} then ${last}`);
        }
      }
    }
  });

  it('and its last_consolidated is the last record\'s, as many messages as the repair keeps', async () => {
    for (const version of VERSIONS) {
      for (const [a, b] of [[0, 2], [2, 0], [1, 5], [5, 1]]) {
        await same([meta('{}', a), USER, BAD, USER, meta('{}', b), USER, USER].join('\n') + '\n', version, `${version} lc ${a} then ${b}`);
        await same([meta('{}', a), USER, USER, meta('{}', b), USER].join('\n') + '\n', version, `${version} strict lc ${a} then ${b}`);
      }
    }
  });
});
