/**
 * Token counts for replay, cached per message: changing a replay control recomputes the window
 * without counting a single token again. The entry of a message depends only on the message, the
 * nanobot version, include_timestamps (v0.2) and include_runtime_context (v0.3.0+): one cache
 * serves one version, with a slot per flag combination.
 */
import type { NanobotVersion } from '../nanobot/nanobot-version';
import type { TokenCounter } from '../replay/replay';
import { estimateMessageTokens, type TextTokenCounter } from './tokens';
import type { PyDict } from '../python/pyvalue';

/** Per-message counts, one slot per entry variant (see `entrySlot`). Keyed by the message object. */
export type TokenCache = WeakMap<PyDict, (number | undefined)[]>;

/** The slot of an entry variant: include_timestamps and include_runtime_context change the entry. */
export function entrySlot(includeTimestamps: boolean, includeRuntimeContext = true): number {
  return (includeTimestamps ? 1 : 0) + (includeRuntimeContext ? 0 : 2);
}

/** A replay token counter over `messages` that fills and reuses `cache` (one cache per version). */
export function cachedTokenCounter(messages: PyDict[], slot: number, count: TextTokenCounter, cache: TokenCache, version: NanobotVersion): TokenCounter {
  return (entry, source) => {
    const m = messages[source]!;
    let slots = cache.get(m);
    if (!slots) cache.set(m, (slots = []));
    let v = slots[slot];
    if (v === undefined) slots[slot] = v = estimateMessageTokens(entry, count, version);
    return v;
  };
}
