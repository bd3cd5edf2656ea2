/**
 * Context over time of a large file (store/large/large-context.ts: every message of nanobot's load
 * read back in blocks, counted and fed to the stream) equals the full view's computation on every
 * fifth fixture of the three golden corpora, at the agent loop's settings and under a small budget;
 * where nanobot raises at some turn it says so (null) instead of answering another way.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexBytes } from '../index-bytes';
import { loadNanobot } from '../../src/core/lens/load';
import { agentLoopOptions } from '../../src/core/replay/budget';
import { contextOverTimeSteps } from '../../src/core/replay/context-over-time';
import { replayLastConsolidated } from '../../src/core/replay/replay';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';
import { runNow } from '../../src/store/analyze/event-loop';
import { contextLarge } from '../../src/store/large/context/large-context-client';
import { loadLarge } from './large-load';
import { keyForFile } from '../../src/core/nanobot/keys';
import { CORPORA, fixturePaths, releasesInTurn } from '../corpora';

const NOW = '2026-12-04T10:00:00';

describe('a large file’s context over time', () => {
  for (const [corpus, version] of CORPORA) {
    it(`equals the full view's on the fixtures of ${corpus}`, async () => {
      const counter = await loadTokenizer();
      let compared = 0;
      for (const [k, p] of fixturePaths(corpus).entries()) {
        if (k % 5) continue;
        const bytes = new Uint8Array(readFileSync(p));
        const s = loadNanobot(bytes, keyForFile(basename(p), version), NOW, version).result;
        const index = indexBytes(bytes, version);
        const file = new Blob([bytes]);
        const load = await loadLarge(file, index, version, NOW, basename(p));
        if (!s || !load.loaded || load.raises) continue;
        for (const opts of [agentLoopOptions(version), { ...agentLoopOptions(version), maxTokens: 300 }]) {
          // The full view slices with what nanobot slices with (a stored value 0.2.0/0.2.1 left unchecked).
          const want = runNow(contextOverTimeSteps(s.messages, replayLastConsolidated(s), opts, version, (e) => estimateMessageTokens(e, counter, version)));
          expect(await contextLarge(file, index, load, version, opts), basename(p)).toEqual(want.slowPath ? null : want);
        }
        compared++;
      }
      // Every fifth fixture; of the release corpora, their share (fixturePaths takes them in turn).
      expect(compared * releasesInTurn(corpus)).toBeGreaterThan(15);
    });
  }
});
