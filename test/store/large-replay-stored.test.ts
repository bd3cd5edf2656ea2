// Large-file mode's replay and context over time at 0.2.1, where nanobot slices with the stored last_consolidated unchecked: the same
// answer as get_history with that value on the session held (a "3" raises TypeError; -3 counts from the end).
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { LINE_INDEX, openSource } from '../../src/store/source/open-source';
import { loadNanobot } from '../../src/core/lens/load';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyValue } from '../../src/core/python/pyvalue';
import { getHistory, replayLastConsolidated } from '../../src/core/replay/replay';
import { indexFile } from '../../src/store/large/large-client';
import { loadLarge } from './large-load';
import { replayViewOf } from '../../src/store/large/replay/large-replay-client';
import { contextLarge } from '../../src/store/large/context/large-context-client';
import { contextOverTimeSteps, type ContextOverTime } from '../../src/core/replay/context-over-time';
import { agentLoopOptions } from '../../src/core/replay/budget';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';
import { runNow } from '../../src/store/analyze/event-loop';

const NOW = '2026-12-04T00:00:00';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const text = (lc: PyValue) =>
  [pyDumps({ _type: 'metadata', key: 'k', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: {}, last_consolidated: lc })]
    .concat(Array.from({ length: 9 }, (_, i) => pyDumps({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` })))
    .join('\n') + '\n';

async function both(lc: PyValue, upto: number | null) {
  const bytes = new TextEncoder().encode(text(lc));
  // As the Replay tab asks it, through the replay worker's request: the whole session, or its first `upto` messages.
  const a = await replayViewOf({ file: new Blob([bytes]), path: 'sessions/k.jsonl', lastModified: 1_800_000_000_000, version: '0.2.1', now: NOW, key: 'k', opts: { maxMessages: 120 }, upto });
  const s = loadNanobot(bytes, 'k', NOW, '0.2.1').result!;
  const ms = upto === null ? s.messages : s.messages.slice(0, upto);
  const r = getHistory(ms, replayLastConsolidated(s, ms.length), { maxMessages: 120 }, '0.2.1');
  return { large: { error: a.error?.type ?? null, sources: a.sources }, held: { error: r.error?.type ?? null, sources: r.sources } };
}

describe('large-file replay with an unchecked stored last_consolidated (0.2.1)', () => {
  it('a "3" raises TypeError, as on the session held', async () => {
    const { large, held } = await both('3', null);
    expect(held.error).toBe('TypeError');
    expect(large).toEqual(held);
  });
  it('-3 as of a turn slices that turn’s messages from their end', async () => {
    const { large, held } = await both(-3, 5);
    expect(held.sources).toEqual([2, 3, 4]);
    expect(large).toEqual(held);
  });
  it('the document held whole slices as of a turn the same', async () => {
    const adapter = createMemoryAdapter();
    adapter.mkdir('sessions');
    adapter.setFile('sessions/k.jsonl', text(-3), 1_800_000_000_000);
    LINE_INDEX.from = Infinity;
    const source = await openSource(adapter, 'sessions/k.jsonl', { now: NOW, version: '0.2.1', key: 'k' });
    expect(source.stat.kind).toBe('document');
    expect((await source.replay({ maxMessages: 120 }, { upto: 5 })).replay!.entries.map((e) => e.content)).toEqual(['m2', 'm3', 'm4']);
  });
});

describe('large-file context over time with an unchecked stored last_consolidated (0.2.1)', () => {
  const points = async (lc: PyValue) => {
    const bytes = new TextEncoder().encode(text(lc));
    const file = new Blob([bytes]);
    const index = await indexFile(file, '0.2.1');
    const load = await loadLarge(file, index, '0.2.1', NOW, 'k.jsonl');
    const opts = agentLoopOptions('0.2.1');
    const large = await contextLarge(file, index, load, '0.2.1', opts);
    const s = loadNanobot(bytes, 'k', NOW, '0.2.1').result!;
    const count = await loadTokenizer();
    const held = runNow(contextOverTimeSteps(s.messages, replayLastConsolidated(s), opts, '0.2.1', (e) => estimateMessageTokens(e, count, '0.2.1')));
    const pick = (c: ContextOverTime) => c.points.map((p) => ({ first: p.first, messages: p.messages, error: p.error }));
    return { large: pick(large!), held: pick(held) };
  };
  it('a "3" raises at every turn, -3 counts from each turn’s end, as on the session held', async () => {
    const raising = await points('3');
    expect(raising.held.every((p) => p.error)).toBe(true);
    expect(raising.large).toEqual(raising.held);
    const negative = await points(-3);
    expect(negative.held.map((p) => p.first)).toEqual([0, 0, 2, 4, 6]);
    expect(negative.large).toEqual(negative.held);
  });
});
