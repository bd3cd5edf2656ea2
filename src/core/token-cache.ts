/**
 * Token counts for replay, cached per message: changing a replay control recomputes the window
 * without counting a single token again (the entry of a message depends only on the message and
 * on include_timestamps).
 */
import type { TokenCounter } from './replay';
import { estimateMessageTokens, type TextTokenCounter } from './tokens';
import type { PyDict } from './pyvalue';

/** Per-message counts: [without timestamps, with timestamps]. Keyed by the message object. */
export type TokenCache = WeakMap<PyDict, [number | undefined, number | undefined]>;

/** A replay token counter over `messages` that fills and reuses `cache`. */
export function cachedTokenCounter(messages: PyDict[], includeTimestamps: boolean, count: TextTokenCounter, cache: TokenCache): TokenCounter {
  const slot = includeTimestamps ? 1 : 0;
  return (entry, source) => {
    const m = messages[source]!;
    let pair = cache.get(m);
    if (!pair) cache.set(m, (pair = [undefined, undefined]));
    let v = pair[slot];
    if (v === undefined) pair[slot] = v = estimateMessageTokens(entry, count);
    return v;
  };
}
