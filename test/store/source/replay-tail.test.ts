import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadNanobot } from '../../src/core/lens/load';
import { indexBytes } from '../../src/core/index/line-index';
import { replayReach, standIns } from '../../src/core/index/index-replay';
import { replayFromTail } from '../../src/core/index/large-replay';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';
import { getHistory, type ReplayOptions } from '../../src/core/replay/replay';
import { CORPORA, fixturePaths, releasesInTurn } from '../corpora';

const SETTINGS: ReplayOptions[] = [];
for (const maxMessages of [undefined, 0, 1, 2, 3, 5, 8, 50]) {
  for (const extendToUser of [false, true]) {
    for (const maxTokens of [0, 40, 400]) SETTINGS.push({ maxMessages, extendToUser, maxTokens, includeTimestamps: true });
  }
}
const count = (e: PyDict) => pyDumps(e).length >> 2;

/** Replaying from the index's stand-ins plus only the reachable tail gives the whole-session answer. */
async function check(bytes: Uint8Array, version: NanobotVersion, name: string, half?: number): Promise<number> {
  const load = loadNanobot(bytes, 'k', '2026-12-04T00:00:00', version);
  const s = load.result;
  if (!s) return 0;
  const ix = indexBytes(bytes, version, 4096);
  const lines = Uint32Array.from(s.messageLines);
  const stand = standIns(ix, lines);
  let cut = 0;
  for (const [j, opts] of SETTINGS.entries()) {
    if (half !== undefined && (j + half) % 2) continue;
    const want = getHistory(s.messages, s.lastConsolidated, opts, version, count);
    const from = replayReach(stand, s.lastConsolidated, opts, version);
    if (from > 0) cut++;
    const got = await replayFromTail(stand, lines, from, s.messages.slice(from), s.lastConsolidated, opts, version, count);
    expect(got.entries.map(pyDumps), `${name} ${JSON.stringify(opts)}`).toEqual(want.entries.map(pyDumps));
    expect(want.fates.map((_, i) => got.fate(i)), `${name} fates ${JSON.stringify(opts)}`).toEqual(want.fates);
    expect(got.sources).toEqual(want.sources);
    expect(got.tokens).toEqual(want.tokens);
    expect(got.error).toEqual(want.error);
  }
  return cut;
}

describe('replay from the index and the reachable tail', () => {
  for (const [c, [dir, version]] of CORPORA.entries()) {
    const files = fixturePaths(dir);
    // Each fixture under half of the settings, the halves in turn by fixture and by corpus: every setting meets
    // half of each corpus, and a fixture the corpora share meets every setting at one version or another.
    it(`equals get_history on every ${dir} fixture under ${SETTINGS.length / 2} of ${SETTINGS.length} settings, in turn`, async () => {
      let cut = 0;
      for (const [n, f] of files.entries()) cut += await check(new Uint8Array(readFileSync(f)), version, f, n + c);
      expect(cut * releasesInTurn(dir)).toBeGreaterThan(100); // the tail really was shorter than the session, often (a release: with the others' shares in turn)
    });
  }

  it('a generated session with channel deliveries, archived messages and orphan tool results', async () => {
    const rows: string[] = [JSON.stringify({ _type: 'metadata', key: 'k', created_at: null, updated_at: null, metadata: {}, last_consolidated: 37 })];
    for (let i = 0; i < 300; i++) {
      const r = i % 7;
      if (r === 0) rows.push(JSON.stringify({ role: 'assistant', content: `ping ${i}`, _channel_delivery: true }));
      else if (r === 1) rows.push(JSON.stringify({ role: 'user', content: `q ${i}` }));
      else if (r === 2) rows.push(JSON.stringify({ role: 'assistant', content: '', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }] }));
      else if (r === 3) rows.push(JSON.stringify({ role: 'tool', tool_call_id: `c${i - 1}`, content: 'ok' }));
      else if (r === 4) rows.push(JSON.stringify({ role: 'tool', tool_call_id: `zz${i}`, content: 'orphan' }));
      else if (r === 5) rows.push(JSON.stringify({ role: 'user', content: '/help', _command: true }));
      else rows.push(JSON.stringify({ role: 'assistant', content: `a ${i}` }));
    }
    const bytes = new TextEncoder().encode(rows.join('\n') + '\n');
    for (const version of ['v0.2', 'v0.3.0', 'main'] as const) expect(await check(bytes, version, `generated ${version}`)).toBeGreaterThan(0);
  });
});
