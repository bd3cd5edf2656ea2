/**
 * Context over time of a file read on its line index: computed by the context worker under the
 * Replay tab's settings (every message read and counted there), the chart's line drawn here in
 * slices; recomputed once the controls are quiet, the last chart kept meanwhile.
 */
import { useEffect, useState } from 'preact/hooks';
import type { IndexLoad } from '../../../../core/index/index-load';
import type { LineIndex } from '../../../../core/index/line-index';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import { runSliced, yieldToEventLoop } from '../../../../store/analyze/event-loop';
import { contextLarge } from '../../../../store/large/context/large-context-client';
import type { ReplaySettings } from '../settings';
import { chartShapeSteps } from './chart-shape';
import { QUIET_MS, SLICE_MS, type ContextState } from './useContextOverTime';

/** The chart's state for `load` (nanobot's load over `index`) under `settings`. */
export function useIndexContextOverTime(file: Blob, index: LineIndex, load: IndexLoad, version: NanobotVersion, settings: ReplaySettings): ContextState {
  const [s, set] = useState<ContextState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    const opts = { ...settings };
    const start = () => {
      if (!live) return;
      set((was) => (was.state === 'ready' ? { ...was, updating: true } : { state: 'loading' }));
      const t0 = performance.now();
      contextLarge(file, index, load, version, opts).then(
        async (data) => {
          if (!live) return;
          if (!data) return set({ state: 'exact' });
          const shape = await runSliced(chartShapeSteps(data), SLICE_MS);
          // Drawn in a task of its own, not on top of the last slice.
          await yieldToEventLoop();
          if (live) set({ state: 'ready', data, shape, ms: performance.now() - t0 });
        },
        () => live && set({ state: 'failed' }),
      );
    };
    const timer = s.state === 'loading' ? (start(), undefined) : setTimeout(start, QUIET_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [file, index, load, version, settings.maxMessages, settings.maxTokens, settings.includeTimestamps, settings.extendToUser, settings.includeRuntimeContext]);
  return s;
}
