/**
 * Computes context over time for a session under the Replay tab's settings, in slices of a few
 * milliseconds (runSliced), reusing the Replay tab's per-message token cache: the page never blocks.
 */
import { useEffect, useState } from 'preact/hooks';
import { contextOverTimeSteps, type ContextOverTime } from '../../../../core/context-over-time';
import type { NanobotVersion } from '../../../../core/nanobot-version';
import type { PyDict } from '../../../../core/pyvalue';
import { loadTokenizer } from '../../../../core/tokenizer';
import { runSliced } from '../../../../store/event-loop';
import type { ReplaySettings } from '../settings';
import { cachedCounter, variantOf } from '../token-cache';

/** 'ready' keeps the last chart while a settings change is recomputed (`updating`), so a control never blanks it. */
export type ContextState = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: ContextOverTime; ms: number; updating?: boolean };

class Cancelled extends Error {}

/** A settings change waits for the controls to be quiet this long: the replay itself answers first, in the same frame. */
const QUIET_MS = 250;

/** Stops a step generator at its next step once `live()` turns false (the view went away). */
function* until<T>(steps: Generator<void, T>, live: () => boolean): Generator<void, T> {
  for (;;) {
    if (!live()) throw new Cancelled();
    const r = steps.next();
    if (r.done) return r.value;
    yield;
  }
}

/**
 * Context over time of `messages` under `settings` (the Replay tab's controls, so the chart answers
 * for what the person set), recomputed when the session, version or a setting changes. A change of
 * max_messages or max_tokens re-walks the turns over cached token counts; a running pass is dropped.
 */
export function useContextOverTime(messages: PyDict[], lastConsolidated: number, version: NanobotVersion, settings: ReplaySettings): ContextState {
  const [s, set] = useState<ContextState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    const opts = { ...settings };
    const start = () => {
      if (!live) return;
      set((was) => (was.state === 'ready' ? { ...was, updating: true } : { state: 'loading' }));
      compute();
    };
    const compute = () => loadTokenizer()
      .then((counter) => {
        const t0 = performance.now();
        performance.mark('context-over-time:start');
        const count = cachedCounter(messages, variantOf(version, opts.includeTimestamps, opts.includeRuntimeContext), counter);
        return runSliced(until(contextOverTimeSteps(messages, lastConsolidated, opts, version, count), () => live)).then((data) => {
          performance.mark('context-over-time:end');
          if (live) set({ state: 'ready', data, ms: performance.now() - t0 });
        });
      })
      .catch((e) => live && !(e instanceof Cancelled) && set({ state: 'failed' }));
    // The first chart starts at once; a later change once the controls are quiet.
    const timer = s.state === 'loading' ? (start(), undefined) : setTimeout(start, QUIET_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [messages, lastConsolidated, version, settings.maxMessages, settings.maxTokens, settings.includeTimestamps, settings.extendToUser, settings.includeRuntimeContext]);
  return s;
}
