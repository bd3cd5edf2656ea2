/**
 * Context over time for a session under the Replay tab's settings, from its source at every size
 * (`SessionSource.contextOverTime`: the held document in slices over the Replay tab's token cache,
 * the line index in the context worker), then the chart's line drawn here in slices and in a task
 * of its own: the page never blocks.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ContextOverTime } from '../../../../core/replay/context-over-time';
import { runSliced, yieldToEventLoop } from '../../../../store/analyze/event-loop';
import type { SessionSource } from '../../../../store/source/session-source';
import type { ReplaySettings } from '../settings';
import { chartShapeSteps, type ChartShape } from './chart-shape';

/**
 * 'ready' keeps the last chart while a settings change is recomputed (`updating`), so a control never
 * blanks it; 'exact': nanobot raises at some turn and only its exact path answers, which needs every
 * message held (a file read on its index).
 */
export type ContextState = { state: 'loading' } | { state: 'failed' } | { state: 'exact' } | { state: 'ready'; data: ContextOverTime; shape: ChartShape; ms: number; updating?: boolean };

/** The chart's slices are short: on a loaded machine a slice's wall time can be many times its CPU. */
const SLICE_MS = 4;

/** A settings change waits for the controls to be quiet this long: the replay itself answers first. */
const QUIET_MS = 250;

/**
 * Context over time of `source` under `settings` (the Replay tab's controls, so the chart answers
 * for what the person set), recomputed when the source or a setting changes; a running pass is dropped.
 */
export function useContextOverTime(source: SessionSource, settings: ReplaySettings): ContextState {
  const [s, set] = useState<ContextState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    const ctl = new AbortController();
    const opts = { ...settings };
    const start = () => {
      if (!live) return;
      set((was) => (was.state === 'ready' ? { ...was, updating: true } : { state: 'loading' }));
      const t0 = performance.now();
      source.contextOverTime(opts, { signal: ctl.signal }).then(
        async (data) => {
          if (!live) return;
          if (!data) return set({ state: 'exact' });
          const shape = await runSliced(chartShapeSteps(data), SLICE_MS);
          performance.mark('context-over-time:end');
          // Drawn in a task of its own, not on top of the last slice.
          await yieldToEventLoop();
          if (live) set({ state: 'ready', data, shape, ms: performance.now() - t0 });
        },
        () => live && set({ state: 'failed' }),
      );
    };
    // The first chart starts at once; a later change once the controls are quiet.
    const timer = s.state === 'loading' ? (start(), undefined) : setTimeout(start, QUIET_MS);
    return () => {
      live = false;
      ctl.abort();
      clearTimeout(timer);
    };
  }, [source, settings.maxMessages, settings.maxTokens, settings.includeTimestamps, settings.extendToUser, settings.includeRuntimeContext]);
  return s;
}
