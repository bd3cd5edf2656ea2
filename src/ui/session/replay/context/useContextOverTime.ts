/**
 * Computes context over time for a session under the Replay tab's settings, and the chart's line,
 * in slices of a few milliseconds (runSliced), reusing the Replay tab's per-message token cache; the
 * chart is then drawn in a task of its own: the page never blocks.
 */
import { useEffect, useState } from 'preact/hooks';
import { contextOverTimeSteps, type ContextOverTime } from '../../../../core/replay/context-over-time';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import type { PyDict, PyValue } from '../../../../core/python/pyvalue';
import { loadTokenizer } from '../../../../core/tokens/tokenizer';
import { runSliced, yieldToEventLoop } from '../../../../store/analyze/event-loop';
import type { ReplaySettings } from '../settings';
import { cachedCounter, variantOf } from '../token-cache';
import { chartShapeSteps, type ChartShape } from './chart-shape';

/**
 * 'ready' keeps the last chart while a settings change is recomputed (`updating`), so a control never
 * blanks it; 'exact': nanobot raises at some turn and only its exact path answers, which needs every
 * message held (a file read on its index).
 */
export type ContextState = { state: 'loading' } | { state: 'failed' } | { state: 'exact' } | { state: 'ready'; data: ContextOverTime; shape: ChartShape; ms: number; updating?: boolean };

class Cancelled extends Error {}

/**
 * The chart's slices are short: on a loaded machine a task waits for a core in proportion to the
 * CPU it runs, so a slice's wall time can be many times its CPU and must still stay short.
 */
export const SLICE_MS = 4;

/** A settings change waits for the controls to be quiet this long: the replay itself answers first, in the same frame. */
export const QUIET_MS = 250;

/** Stops a step generator at its next step once `live()` turns false (the view went away). */
function* until<T>(steps: Generator<void, T>, live: () => boolean): Generator<void, T> {
  for (;;) {
    if (!live()) throw new Cancelled();
    const r = steps.next();
    if (r.done) return r.value;
    yield;
  }
}

/** The turns' replay, then the chart's shape drawn from it: one step generator. */
function* chartSteps(...args: Parameters<typeof contextOverTimeSteps>): Generator<void, { data: ContextOverTime; shape: ChartShape }> {
  const data = yield* contextOverTimeSteps(...args);
  return { data, shape: yield* chartShapeSteps(data) };
}

/**
 * Context over time of `messages` under `settings` (the Replay tab's controls, so the chart answers
 * for what the person set), recomputed when the session, version or a setting changes. A change of
 * max_messages or max_tokens re-walks the turns over cached token counts; a running pass is dropped.
 */
export function useContextOverTime(messages: PyDict[], lastConsolidated: PyValue, version: NanobotVersion, settings: ReplaySettings): ContextState {
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
        return runSliced(until(chartSteps(messages, lastConsolidated, opts, version, count), () => live), SLICE_MS).then(async ({ data, shape }) => {
          performance.mark('context-over-time:end');
          const ms = performance.now() - t0;
          // Drawn in a task of its own, not on top of the last slice.
          await yieldToEventLoop();
          if (live) set({ state: 'ready', data, shape, ms });
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
