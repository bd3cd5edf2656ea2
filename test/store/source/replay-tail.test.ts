/**
 * nanobot's replay through the indexed source (`SessionSource.replay`, streamed-replay.ts): the start
 * rules run on stand-ins for the messages before the window's start (their role and
 * `_channel_delivery` from the index), only the reachable tail is read back, and the answer is
 * get_history's on the whole session held: entries, every fate, sources, token counts and error.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadNanobot } from '../../../src/core/lens/load';
import type { NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyDict } from '../../../src/core/python/pyvalue';
import { getHistory, slicingRaises, type ReplayOptions, type ReplayResult } from '../../../src/core/replay/replay';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { keyForFile } from '../../../src/core/nanobot/keys';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';
import { CORPORA, fixturePaths, releasesInTurn } from '../../corpora';
import { expectEqual } from '../../expect-equal';

const NOW = '2026-12-04T00:00:00';
const PATH = 'sessions/cli_tail.jsonl';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

const SETTINGS: ReplayOptions[] = [];
for (const maxMessages of [undefined, 0, 1, 2, 3, 5, 8, 50]) {
  for (const extendToUser of [false, true]) {
    for (const maxTokens of [0, 40, 400]) SETTINGS.push({ maxMessages, extendToUser, maxTokens, includeTimestamps: true });
  }
}
const count = (e: PyDict) => pyDumps(e).length >> 2;

/** Messages the start rules leave out whatever they hold (archived, outside the window, before the first user turn): the stand-ins' share. */
function beforeStart(r: ReplayResult): number {
  let i = 0;
  while (i < r.fates.length && !r.fates[i]!.kept && ['consolidated', 'window', 'before-user'].includes((r.fates[i] as { reason: string }).reason)) i++;
  return i;
}

/** The indexed source's replay equals get_history of the whole session held; how many settings started past the first message. */
async function check(bytes: Uint8Array, version: NanobotVersion, name: string, half?: number): Promise<number> {
  const s = loadNanobot(bytes, keyForFile('cli_tail.jsonl', version), NOW, version).result;
  if (!s) return 0;
  const adapter = createMemoryAdapter();
  adapter.mkdir('sessions');
  adapter.setFile(PATH, bytes, 1_800_000_000_000);
  LINE_INDEX.from = 0;
  const source = await openSource(adapter, PATH, { now: NOW, version });
  expect(source.stat.kind).toBe('index');
  let cut = 0;
  for (const [j, opts] of SETTINGS.entries()) {
    if (half !== undefined && (j + half) % 2) continue;
    // Both sources replay with the load's last_consolidated, or with the stored one where slicing with it raises.
    const want = getHistory(s.messages, slicingRaises(s, s.messages.length, version) ? s.storedLastConsolidated! : s.lastConsolidated, opts, version, count);
    if (beforeStart(want) > 0) cut++;
    const got = (await source.replay(opts, { count })).replay!;
    // Vitest's matchers only where a cheaper strict check finds a difference (the verdict is theirs): 24 settings a fixture.
    expectEqual(got.entries.map(pyDumps), want.entries.map(pyDumps), `${name} ${JSON.stringify(opts)}`);
    expectEqual(want.fates.map((_, i) => got.fate(i)), want.fates, `${name} fates ${JSON.stringify(opts)}`);
    if (!Object.is(got.count, want.fates.length)) expect(got.count).toBe(want.fates.length);
    expectEqual(got.tokens, want.tokens);
    expectEqual(got.error, want.error);
  }
  return cut;
}

describe('the indexed source’s replay: stand-ins, then only the reachable tail', () => {
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
