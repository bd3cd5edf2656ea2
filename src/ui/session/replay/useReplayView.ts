/**
 * The Replay tab's answer for the current settings, from the source at every size
 * (`SessionSource.replayView`): the last answer stays shown while a newer one is computed, one is
 * asked at a time, and a change made meanwhile asks only the latest settings once it is done.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Fate } from '../../../core/replay/replay';
import type { SessionSource } from '../../../store/source/session-source';
import type { ReplayView } from '../../../store/source/replay/replay-answers';
import { unpackFates } from '../../../store/source/replay/packed-fates';
import type { ReplaySettings } from './settings';

export interface ReplayViewState {
  view: ReplayView | null;
  /** Every replayed message's fate (one shared object per reason left out: a large file's stay small). */
  fates: Fate[];
  /** A newer answer is being computed. */
  busy: boolean;
  /** The share of estimates counted so far, while they are. */
  progress: number;
  failed: unknown;
}

/** The replay of `source` under `s` as of `upto` messages (null: all of them). */
export function useReplayView(source: SessionSource, s: ReplaySettings, upto: number | null): ReplayViewState {
  const [state, set] = useState<Omit<ReplayViewState, 'fates'>>({ view: null, busy: true, progress: 0, failed: null });
  const flight = useRef<{ running: boolean; next: (() => void) | null }>({ running: false, next: null });
  const { maxMessages, maxTokens, includeTimestamps, extendToUser, includeRuntimeContext } = s;
  useEffect(() => {
    let live = true;
    const ctl = new AbortController();
    const f = flight.current;
    const ask = () => {
      f.running = true;
      set((was) => ({ ...was, busy: true, progress: 0 }));
      const opts = { maxMessages, maxTokens, includeTimestamps, extendToUser, includeRuntimeContext };
      source
        .replayView(opts, upto, { signal: ctl.signal, onProgress: (progress) => live && set((was) => ({ ...was, progress })) })
        .then(
          (view) => live && set({ view, busy: false, progress: 1, failed: null }),
          (failed) => live && !ctl.signal.aborted && set((was) => ({ ...was, busy: false, failed })),
        )
        .finally(() => {
          f.running = false;
          const next = f.next;
          f.next = null;
          next?.();
        });
    };
    if (f.running) f.next = ask;
    else ask();
    return () => {
      live = false;
      ctl.abort();
      if (f.next === ask) f.next = null;
    };
  }, [source, upto, maxMessages, maxTokens, includeTimestamps, extendToUser, includeRuntimeContext]);
  const fates = useMemo(() => (state.view ? unpackFates(state.view) : []), [state.view]);
  return { ...state, fates };
}
