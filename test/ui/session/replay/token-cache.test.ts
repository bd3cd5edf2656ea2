/** ifCached: the budgeted replay from cached estimates alone, or null while one is missing. */
import { describe, expect, it } from 'vitest';
import { getHistory } from '../../../../src/core/replay/replay';
import type { PyDict } from '../../../../src/core/python/pyvalue';
import { cachedCounter, ifCached, variantOf } from '../../../../src/store/source/replay/token-cache';

const session = (): PyDict[] =>
  Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} `.repeat(1 + (i % 4)) }));
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('ifCached', () => {
  it('is null until the estimates the run needs are cached, then equals the run with a counting counter', async () => {
    const ms = session();
    const opts = { maxMessages: 8, maxTokens: 40, includeTimestamps: false, extendToUser: false };
    const run = async (count: Parameters<typeof getHistory>[4]) => getHistory(ms, 0, opts, 'v0.2', count);
    expect(await ifCached(ms, variantOf('v0.2', false), run)).toBeNull();
    const want = await run(cachedCounter(ms, variantOf('v0.2', false), words)); // counts and fills the cache
    expect(await ifCached(ms, variantOf('v0.2', false), run)).toEqual(want);
    expect(want.tokens).not.toBeNull();
    // A wider window whose budget reaches messages not counted yet; with timestamps the cache is separate.
    expect(await ifCached(ms, variantOf('v0.2', false), async (c) => getHistory(ms, 0, { ...opts, maxMessages: 12, maxTokens: 1000 }, 'v0.2', c))).toBeNull();
    expect(await ifCached(ms, variantOf('v0.2', true), async (c) => getHistory(ms, 0, { ...opts, includeTimestamps: true }, 'v0.2', c))).toBeNull();
  });

  it('replays a cached tokenizer failure as nanobot would raise it, not as a miss', async () => {
    const ms = session();
    const opts = { maxMessages: 4, maxTokens: 40 };
    const failing = () => {
      throw Object.assign(new Error('boom'), { error: { type: 'ValueError', message: 'bad text' } });
    };
    const first = getHistory(ms, 0, opts, 'v0.2', cachedCounter(ms, variantOf('v0.2', false), failing));
    expect(first.error).toMatchObject({ type: 'ValueError' });
    const again = await ifCached(ms, variantOf('v0.2', false), async (c) => getHistory(ms, 0, opts, 'v0.2', c));
    expect(again).toEqual(first);
  });
});
