import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayIndexed, ReplayIndexer } from '../../src/core/replay/indexed-replay';
import { loadNanobot } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';
import { getHistory, type ReplayOptions, type TokenCounter } from '../../src/core/replay/replay';
import { CORPORA, fixturePaths, releasesInTurn } from '../corpora';
import { expectEqual } from '../expect-equal';

/** A token count that depends on the entry, and raises as nanobot's estimator may on a marked one. */
const count: TokenCounter = (e) => {
  if (e.content === 'RAISE') throw { error: { type: 'UnicodeEncodeError', message: 'surrogates not allowed' } };
  return 4 + (pyDumps(e).length >> 3);
};

/** The indexed replay against `getHistory` on the whole session: every answer the CLI prints. */
async function same(messages: PyDict[], lastConsolidated: number, opts: ReplayOptions, version: NanobotVersion, label: string): Promise<{ read: number; cut: boolean }> {
  const want = getHistory(messages, lastConsolidated, opts, version, count);
  const indexer = new ReplayIndexer(opts, version);
  messages.forEach((m, i) => indexer.add(m, i + 1));
  const ix = indexer.finish();
  let read = 0;
  const got = await replayIndexed(ix, lastConsolidated, opts, version, (i) => (read++, Promise.resolve(messages[i]!)), count);
  expect(got.error, label).toEqual(want.error);
  if (messages.length) expect(ix.lines[0]).toBe(1);
  if (want.error) return { read, cut: false };
  expectEqual(got.entries.map(pyDumps), want.entries.map(pyDumps), label);
  expectEqual(got.sources, want.sources, label);
  expectEqual(got.tokens, want.tokens, label);
  expectEqual(messages.map((_m, i) => got.fate(i)), want.fates, label);
  expectEqual(messages.map((_m, i) => ix.roleOf(i)), messages.map((m) => (typeof m.role === 'string' ? m.role : '?')), label);
  // Handed to a sink, the same entries come in order and none is held.
  const emitted: string[] = [];
  const sunk = await replayIndexed(ix, lastConsolidated, opts, version, (i) => Promise.resolve(messages[i]!), count, (e, k) => {
    if (k !== emitted.length) expect(k, label).toBe(emitted.length);
    emitted.push(pyDumps(e));
  });
  expectEqual(emitted, want.entries.map(pyDumps), label);
  expect(sunk.entries, label).toEqual([]);
  expectEqual([sunk.sources, sunk.tokens, messages.map((_m, i) => sunk.fate(i))], [want.sources, want.tokens, want.fates], label);
  return { read, cut: read < messages.length };
}

const SETTINGS: ReplayOptions[] = [];
for (const maxMessages of [undefined, 0, 3, 50]) {
  for (const extendToUser of [false, true]) {
    for (const maxTokens of [0, 40, 400]) SETTINGS.push({ maxMessages, extendToUser, maxTokens, includeTimestamps: true });
    // The public view changes which assistant messages are blank.
    SETTINGS.push({ maxMessages, extendToUser, maxTokens: 40, includeRuntimeContext: false });
  }
}

describe('replay from an index, reading back only what it keeps', () => {
  for (const [dir, version] of CORPORA) {
    // Each fixture under a quarter of the settings, in turn: every setting meets a quarter of the corpus.
    it(`equals get_history on every ${dir} fixture, ${SETTINGS.length / 4} of ${SETTINGS.length} settings each in turn`, async () => {
      let cut = 0;
      for (const [n, f] of fixturePaths(dir).entries()) {
        const s = loadNanobot(new Uint8Array(readFileSync(f)), 'k', '2026-12-04T00:00:00', version).result;
        if (!s) continue;
        for (const [j, opts] of SETTINGS.entries()) if ((j + n) % 4 === 0 && (await same(s.messages, s.lastConsolidated, opts, version, `${f} ${JSON.stringify(opts)}`)).cut) cut++;
      }
      expect(cut * releasesInTurn(dir)).toBeGreaterThan(100); // most replays read back fewer messages than the file holds (a release: with the others' shares)
    });
  }

  const id = fc.constantFrom('a', 'b', 'c', 'd');
  const message: fc.Arbitrary<PyDict> = fc.record(
    {
      role: fc.constantFrom<PyDict['role']>('user', 'assistant', 'tool', 'system', 5, null),
      content: fc.constantFrom<PyDict['content']>('hi', '', '  ', 'RAISE', '[Message Time: 2026-01-01]\n', 'message(to=1)', 'a longer answer with words in it', null, [{ type: 'text', text: 'x' }]),
      _command: fc.constantFrom(true, false, 1),
      _channel_delivery: fc.boolean(),
      tool_calls: fc.oneof(fc.array(fc.record({ id }), { maxLength: 2 }), fc.constantFrom<PyDict['tool_calls']>(5, 'ab', [], null)),
      tool_call_id: id,
      reasoning_content: fc.constant('r'),
      timestamp: fc.constant('2026-01-01T00:00:00'),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<PyDict>;
  const options = fc.record({
    maxMessages: fc.option(fc.integer({ min: -1, max: 12 }), { nil: undefined }),
    maxTokens: fc.integer({ min: -1, max: 120 }),
    extendToUser: fc.boolean(),
    includeTimestamps: fc.boolean(),
    includeRuntimeContext: fc.boolean(),
  });

  it('equals get_history on generated sessions (roles, commands, blanks, orphans, raises, budgets)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { maxLength: 40 }), fc.nat(45), options, fc.constantFrom(...NANOBOT_VERSIONS), async (messages, lc, opts, version) => {
        await same(messages, Math.min(lc, messages.length), opts, version, `${version} lc=${lc} ${JSON.stringify(opts)}`);
      }),
      { numRuns: 1500 },
    );
  });

  it('reads back only the budget walk and what it keeps: a long session under main without a count window', async () => {
    const messages: PyDict[] = [];
    for (let i = 0; i < 5000; i++) messages.push(i % 2 ? { role: 'assistant', content: `answer ${i} with some words` } : { role: 'user', content: `question ${i}` });
    const { read } = await same(messages, 0, { maxTokens: 200 }, 'main', 'long');
    expect(read).toBeLessThan(40);
  });

  it('hands each kept entry on as soon as it is made: a window of 2,000 is never held decoded', async () => {
    const messages: PyDict[] = [];
    for (let i = 0; i < 3000; i++) messages.push(i % 2 ? { role: 'assistant', content: `answer ${i}` } : { role: 'user', content: `question ${i}` });
    const indexer = new ReplayIndexer({ maxMessages: 2000 }, 'v0.3.0');
    messages.forEach((m, i) => indexer.add(m, i + 1));
    const events: string[] = [];
    const r = await replayIndexed(indexer.finish(), 0, { maxMessages: 2000 }, 'v0.3.0', (i) => (events.push('read'), Promise.resolve(messages[i]!)), undefined, () => events.push('emit'));
    expect(r.entries).toEqual([]);
    expect(events.filter((e) => e === 'emit')).toHaveLength(2000);
    // Each entry goes out before the next message is read: at most one decoded at a time.
    expect(events.join(' ')).toBe(Array(2000).fill('read emit').join(' '));
  });
});
