/**
 * Token estimates cached per (message object, include_timestamps), so moving a replay control
 * re-runs get_history without tokenizing again. Failures are cached too: nanobot would raise on
 * that message every time.
 */
import type { ReplayResult, TokenCounter } from '../../../core/replay';
import type { PyDict } from '../../../core/pyvalue';
import { estimateMessageTokens, type TextTokenCounter } from '../../../core/tokens';

type Slot = number | { thrown: unknown };
const cache = new WeakMap<PyDict, [Slot | undefined, Slot | undefined]>();

function slotOf(m: PyDict, ts: boolean): Slot | undefined {
  return cache.get(m)?.[ts ? 1 : 0];
}

function store(m: PyDict, ts: boolean, v: Slot): void {
  let pair = cache.get(m);
  if (!pair) cache.set(m, (pair = [undefined, undefined]));
  pair[ts ? 1 : 0] = v;
}

function compute(entry: PyDict, count: TextTokenCounter): Slot {
  try {
    return estimateMessageTokens(entry, count);
  } catch (e) {
    return { thrown: e };
  }
}

const MISS = new Error('token estimate not cached');

/**
 * A get_history token counter that reads and fills the cache (entry `k` comes from `messages[source]`);
 * with no `count`, an estimate not cached yet throws MISS instead of being computed.
 */
export function cachedCounter(messages: PyDict[], ts: boolean, count: TextTokenCounter | null): TokenCounter {
  return (entry, source) => {
    const m = messages[source]!;
    let v = slotOf(m, ts);
    if (v === undefined) {
      if (!count) throw MISS;
      store(m, ts, (v = compute(entry, count)));
    }
    if (typeof v === 'number') return v;
    throw v.thrown;
  };
}

/**
 * get_history with the cached estimates only, or null when one it needs is not cached yet. Once
 * the tab has counted everything, a control change is this one run (no unbudgeted run first).
 */
export function historyIfCached(messages: PyDict[], ts: boolean, run: (count: TokenCounter) => ReplayResult): ReplayResult | null {
  try {
    return run(cachedCounter(messages, ts, null));
  } catch (e) {
    if (e === MISS) return null;
    throw e;
  }
}

/** Sources whose estimate is not cached yet. */
export function uncached(messages: PyDict[], sources: number[], ts: boolean): number[] {
  return sources.filter((s) => slotOf(messages[s]!, ts) === undefined);
}

/**
 * Fills the cache for `todo` (entries given by their index into `entries`) until `budgetMs` has
 * passed; returns how many it did, so the caller can yield to the page and go on.
 */
export function warm(messages: PyDict[], entries: PyDict[], sources: number[], todo: number[], ts: boolean, count: TextTokenCounter, budgetMs: number): number {
  const start = performance.now();
  let done = 0;
  for (const k of todo) {
    const m = messages[sources[k]!]!;
    if (slotOf(m, ts) === undefined) store(m, ts, compute(entries[k]!, count));
    done++;
    if (performance.now() - start > budgetMs) break;
  }
  return done;
}
