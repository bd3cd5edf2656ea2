/** historyIfCached: the budgeted replay from cached estimates alone, or null while one is missing. */
import { describe, expect, it } from 'vitest';
import { getHistory } from '../../../../src/core/replay';
import type { PyDict } from '../../../../src/core/pyvalue';
import { cachedCounter, historyIfCached } from '../../../../src/ui/session/replay/token-cache';

const session = (): PyDict[] =>
  Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} `.repeat(1 + (i % 4)) }));
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('historyIfCached', () => {
  it('is null until the estimates the run needs are cached, then equals the run with a counting counter', () => {
    const ms = session();
    const opts = { maxMessages: 8, maxTokens: 40, includeTimestamps: false, extendToUser: false };
    const run = (count: Parameters<typeof getHistory>[3]) => getHistory(ms, 0, opts, count);
    expect(historyIfCached(ms, false, run)).toBeNull();
    const want = run(cachedCounter(ms, false, words)); // counts and fills the cache
    expect(historyIfCached(ms, false, run)).toEqual(want);
    expect(want.tokens).not.toBeNull();
    // A wider window needs messages not counted yet; with timestamps the cache is separate.
    expect(historyIfCached(ms, false, (c) => getHistory(ms, 0, { ...opts, maxMessages: 12 }, c))).toBeNull();
    expect(historyIfCached(ms, true, (c) => getHistory(ms, 0, { ...opts, includeTimestamps: true }, c))).toBeNull();
  });

  it('replays a cached tokenizer failure as nanobot would raise it, not as a miss', () => {
    const ms = session();
    const opts = { maxMessages: 4, maxTokens: 40 };
    const failing = () => {
      throw Object.assign(new Error('boom'), { error: { type: 'ValueError', message: 'bad text' } });
    };
    const first = getHistory(ms, 0, opts, cachedCounter(ms, false, failing));
    expect(first.error).toMatchObject({ type: 'ValueError' });
    const again = historyIfCached(ms, false, (c) => getHistory(ms, 0, opts, c));
    expect(again).toEqual(first);
  });
});
