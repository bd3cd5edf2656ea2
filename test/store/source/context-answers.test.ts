/**
 * What the Context tab asks a source, equal at both sizes: the save traces (`traces`, the index's
 * through the traces worker's pass) are `saveTraces` of nanobot's whole session on every fixture of
 * every corpus, and the agent loop's replay (`replay`) raises get_history's TypeError, as a value,
 * where a version that leaves `last_consolidated` unchecked slices with a stored "3" (golden-0.2.1),
 * with nothing emitted (what the CLI's `replay --json` streams).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadNanobot } from '../../../src/core/lens/load';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { agentLoopOptions } from '../../../src/core/replay/budget';
import { saveTraces } from '../../../src/core/turn/save-traces';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { keyForFile } from '../../../src/core/nanobot/keys';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';
import { CORPORA, fixturePaths, releasesInTurn } from '../../corpora';

const NOW = '2026-12-04T10:00:00';
const PATH = 'sessions/cli_direct.jsonl';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

/** The file opened at each size: held whole, and read on its line index. */
async function bothSizes(bytes: Uint8Array, version: NanobotVersion) {
  const adapter = createMemoryAdapter();
  adapter.mkdir('sessions');
  adapter.setFile(PATH, bytes, 1_800_000_000_000);
  const open = async (from: number) => {
    LINE_INDEX.from = from;
    return openSource(adapter, PATH, { now: NOW, version });
  };
  const sources = [await open(Infinity), await open(0)];
  expect(sources.map((s) => s.stat.kind)).toEqual(['document', 'index']);
  return sources;
}

describe('the Context tab’s answers at both sizes', () => {
  for (const [corpus, version] of CORPORA) {
    it(`the save traces equal saveTraces of nanobot's whole session on every fixture of ${corpus}`, async () => {
      let withTraces = 0;
      for (const p of fixturePaths(corpus)) {
        const bytes = new Uint8Array(readFileSync(p));
        const s = loadNanobot(bytes, keyForFile(basename(PATH), version), NOW, version).result;
        const want = s ? saveTraces(s.messages, version).flatMap((t, i) => (t.length ? [[i, t]] : [])) : [];
        for (const source of await bothSizes(bytes, version)) expect(await source.traces(), `${basename(p)} (${source.stat.kind})`).toEqual(want);
        if (want.length) withTraces++;
      }
      expect(withTraces * releasesInTurn(corpus)).toBeGreaterThan(5); // with the other releases' shares in turn
    });
  }

  it('the replay raises TypeError before any message where 0.2.1 slices with a stored "3", emitting nothing', async () => {
    const rows = [{ _type: 'metadata', key: 'cli:direct', created_at: '2026-06-01T09:00:00', updated_at: '2026-06-01T10:00:00', metadata: {}, last_consolidated: '3' }, ...[0, 1, 2, 3, 4].map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))];
    const bytes = new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    for (const source of await bothSizes(bytes, '0.2.1')) {
      const emitted: unknown[] = [];
      const { load, replay } = await source.replay(agentLoopOptions('0.2.1'), { emit: (e) => emitted.push(e) });
      expect(load.result?.count, source.stat.kind).toBe(5);
      expect(replay!.error, source.stat.kind).toEqual({ type: 'TypeError', message: 'slice indices must be integers or None or have an __index__ method', message_index: -1 });
      expect(emitted, source.stat.kind).toEqual([]);
      expect([0, 1, 2, 3, 4].map((i) => replay!.fate(i).kept)).toEqual([false, false, false, false, false]);
    }
    // A later version checks the value (a "3" counts as 0) and replays every message.
    for (const source of await bothSizes(bytes, '0.2.2')) expect((await source.replay(agentLoopOptions('0.2.2'))).replay!.entries.length, source.stat.kind).toBe(5);
  });
});
