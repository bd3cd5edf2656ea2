/**
 * Token estimates cached per (message object, entry variant), so moving a replay control re-runs
 * get_history without tokenizing again. A variant is the nanobot version plus the flags that change
 * a message's entry (include_timestamps, include_runtime_context). Failures are cached too: nanobot
 * would raise on that message every time.
 */
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { TokenCounter } from '../../../core/replay/replay';
import type { PyDict } from '../../../core/python/pyvalue';
import { estimateMessageTokens, type TextTokenCounter } from '../../../core/tokens/tokens';

/** What a message's provider entry depends on besides the message. */
export interface Variant {
  version: NanobotVersion;
  slot: number;
}

/** The variant of a replay run's entries: a slot per combination of the flags that change the entry. */
export function variantOf(version: NanobotVersion, includeTimestamps: boolean, includeRuntimeContext = true): Variant {
  return { version, slot: (includeTimestamps ? 1 : 0) + (includeRuntimeContext ? 0 : 2) };
}

type Slot = number | { thrown: unknown };
const caches = new Map<NanobotVersion, WeakMap<PyDict, (Slot | undefined)[]>>();

function cacheOf(v: Variant): WeakMap<PyDict, (Slot | undefined)[]> {
  let c = caches.get(v.version);
  if (!c) caches.set(v.version, (c = new WeakMap()));
  return c;
}

function slotOf(m: PyDict, v: Variant): Slot | undefined {
  return cacheOf(v).get(m)?.[v.slot];
}

function store(m: PyDict, v: Variant, value: Slot): void {
  const cache = cacheOf(v);
  let slots = cache.get(m);
  if (!slots) cache.set(m, (slots = []));
  slots[v.slot] = value;
}

function compute(entry: PyDict, count: TextTokenCounter, version: NanobotVersion): Slot {
  try {
    return estimateMessageTokens(entry, count, version);
  } catch (e) {
    return { thrown: e };
  }
}

const MISS = new Error('token estimate not cached');

/**
 * A get_history token counter that reads and fills the cache (entry `k` comes from `messages[source]`);
 * with no `count`, an estimate not cached yet throws MISS instead of being computed.
 */
export function cachedCounter(messages: PyDict[], ts: Variant, count: TextTokenCounter | null): TokenCounter {
  return (entry, source) => {
    const m = messages[source]!;
    let v = slotOf(m, ts);
    if (v === undefined) {
      if (!count) throw MISS;
      store(m, ts, (v = compute(entry, count, ts.version)));
    }
    if (typeof v === 'number') return v;
    throw v.thrown;
  };
}

/**
 * A replay run with the cached estimates only, or null when one it needs is not cached yet: once
 * the tab has counted everything, a control change is this one run (no unbudgeted run first).
 */
export async function ifCached<T>(messages: PyDict[], ts: Variant, run: (count: TokenCounter) => Promise<T>): Promise<T | null> {
  try {
    return await run(cachedCounter(messages, ts, null));
  } catch (e) {
    if (e === MISS) return null;
    throw e;
  }
}

/** Sources whose estimate is not cached yet. */
export function uncached(messages: PyDict[], sources: number[], ts: Variant): number[] {
  return sources.filter((s) => slotOf(messages[s]!, ts) === undefined);
}

/**
 * Fills the cache for `todo` (entries given by their index into `entries`) until `budgetMs` has
 * passed; returns how many it did, so the caller can yield to the page and go on.
 */
export function warm(messages: PyDict[], entries: PyDict[], sources: number[], todo: number[], ts: Variant, count: TextTokenCounter, budgetMs: number): number {
  const start = performance.now();
  let done = 0;
  for (const k of todo) {
    const m = messages[sources[k]!]!;
    if (slotOf(m, ts) === undefined) store(m, ts, compute(entries[k]!, count, ts.version));
    done++;
    if (performance.now() - start > budgetMs) break;
  }
  return done;
}
