/**
 * Runs nanobot's get_history for the current settings: at once without token counts, then with
 * them once the tokenizer has loaded and every candidate entry has been counted (in slices that
 * keep the page responsive). Later changes hit the cache and recompute in a few milliseconds.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { getHistory, type ReplayResult } from '../../../core/replay/replay';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import type { TextTokenCounter } from '../../../core/tokens/tokens';
import type { PyDict, PyValue } from '../../../core/python/pyvalue';
import type { ReplaySettings } from './settings';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { cachedCounter, historyIfCached, uncached, variantOf, warm } from '../../../store/source/replay/token-cache';

export interface ReplayState {
  result: ReplayResult;
  /** 'loading': tokenizer not loaded; 'counting': estimates being computed; 'ready': result has tokens. */
  tokens: 'loading' | 'counting' | 'ready' | 'failed';
  progress: number;
  /** Milliseconds the last get_history run took. */
  ms: number;
}

/**
 * Replays `messages` under `s` at `version`; re-renders as token counting makes progress. `lastConsolidated` is
 * what nanobot slices with (replayLastConsolidated), so an unchecked stored value raises here as it does there.
 */
export function useReplay(messages: PyDict[], lastConsolidated: PyValue, s: ReplaySettings, version: NanobotVersion): ReplayState {
  const [counter, setCounter] = useState<TextTokenCounter | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    loadTokenizer().then((c) => live && setCounter(() => c), () => live && setFailed(true));
    return () => void (live = false);
  }, []);
  const opts = { maxMessages: s.maxMessages, maxTokens: s.maxTokens, includeTimestamps: s.includeTimestamps, extendToUser: s.extendToUser, includeRuntimeContext: s.includeRuntimeContext };
  const variant = useMemo(() => variantOf(version, s.includeTimestamps, s.includeRuntimeContext), [version, s.includeTimestamps, s.includeRuntimeContext]);
  // Every estimate this run needs already cached: one budgeted run is the answer. Not tried while
  // counting is under way (each try would cost a whole run per slice counted).
  const counting = useRef(false);
  const warmRun = useMemo(() => {
    if (!counter || counting.current) return null;
    const t0 = performance.now();
    const result = historyIfCached(messages, variant, (count) => getHistory(messages, lastConsolidated, opts, version, count));
    return result && { result, ms: performance.now() - t0 };
  }, [counter, messages, lastConsolidated, s.maxMessages, s.maxTokens, variant, s.extendToUser, tick]);
  const cold = warmRun === null;
  const base = useMemo(() => (cold ? getHistory(messages, lastConsolidated, { ...opts, maxTokens: 0 }, version) : null), [cold, messages, lastConsolidated, s.maxMessages, variant, s.extendToUser]);
  /** Entry indices (into base.entries) whose estimate is not cached yet. */
  const todo = useMemo(() => {
    if (!base) return [];
    if (!counter) return base.sources.map((_, k) => k);
    const missing = new Set(uncached(messages, base.sources, variant));
    return base.sources.flatMap((src, k) => (missing.has(src) ? [k] : []));
  }, [counter, base, tick]);
  counting.current = todo.length > 0;
  useEffect(() => {
    if (!counter || !base || todo.length === 0) return;
    const timer = setTimeout(() => {
      warm(messages, base.entries, base.sources, todo, variant, counter, 12);
      setTick((t) => t + 1);
    }, 0);
    return () => clearTimeout(timer);
  }, [counter, todo]);
  return useMemo(() => {
    if (warmRun) return { result: warmRun.result, tokens: 'ready', progress: 1, ms: warmRun.ms };
    const t0 = performance.now();
    if (counter && todo.length === 0) {
      const result = getHistory(messages, lastConsolidated, opts, version, cachedCounter(messages, variant, counter));
      return { result, tokens: 'ready', progress: 1, ms: performance.now() - t0 };
    }
    const total = base!.sources.length || 1;
    return { result: base!, tokens: failed ? 'failed' : counter ? 'counting' : 'loading', progress: 1 - todo.length / total, ms: 0 };
  }, [warmRun, counter, todo, base, s.maxTokens, failed]);
}
