/**
 * The Replay tab at every size: what nanobot's get_history sends back to the model, and the fate of
 * every message, from the session's source (`replayView`: the held document's cached estimates, or
 * the line index's replay streamed in the replay worker).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionSource } from '../../../store/source/session-source';
import { pg } from '../../i18n/text';
import { lazyComponent } from '../../shell/lazy';
import { errorText } from '../../shell/status';
import { CopyJson } from './CopyJson';
import { FateList } from './strip/FateList';
import { FateStrip } from './strip/FateStrip';
import { ReplayControls } from './ReplayControls';
import { ReplaySummary } from './ReplaySummary';
import { LINK_DELAY_MS, settingsFromParams, settingsToParams, uptoFromParams, type ReplaySettings } from './settings';
import { useReplayView } from './useReplayView';

export interface ReplayTabProps {
  source: SessionSource;
  params: Record<string, string>;
  onParams: (params: Record<string, string>) => void;
  onOpenLine: (line: number) => void;
  /** Opens the Export tab on this replay (with the current settings). */
  onExport?: (params: Record<string, string>) => void;
}

/** The context-over-time chart loads with the tab's first answer, off the session's first paint. */
const ContextPanel = lazyComponent(() => import('./context/ContextPanel').then((m) => m.ContextPanel), () => pg().replay.loadingChart);

export { LINK_DELAY_MS } from './settings';

/** Controls, summary, strip and list; settings live in the route so a link reproduces the view. */
export function ReplayTab({ source, params, onParams, onOpenLine, onExport }: ReplayTabProps) {
  const version = source.stat.version;
  const [s, setS] = useState<ReplaySettings>(() => settingsFromParams(params, version));
  // As of a turn (`upto`, from the chart): known to be shorter than the session once an answer says how long it is.
  const [all, setAll] = useState(Infinity);
  const upto = uptoFromParams(params, all);
  const state = useReplayView(source, s, upto);
  const view = state.view;
  useEffect(() => {
    if (view) setAll(view.all);
  }, [view]);
  const [target, setTarget] = useState<number | null>(null);
  const [nonce, setNonce] = useState(0);
  const linkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Settings not yet in the link when the tab is left are written then (the Export tab reads them from it).
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => {
    clearTimeout(linkTimer.current);
    pending.current?.();
  }, []);
  const change = (next: ReplaySettings) => {
    setS(next);
    clearTimeout(linkTimer.current);
    const write = (pending.current = () => {
      pending.current = null;
      onParams(settingsToParams(next, params));
    });
    linkTimer.current = setTimeout(write, LINK_DELAY_MS);
  };
  const asOf = (n: number | null) => {
    const { upto: _u, ...rest } = settingsToParams(s, params);
    clearTimeout(linkTimer.current);
    pending.current = null;
    onParams(n === null ? rest : { ...rest, upto: String(n) });
  };
  const pick = (i: number) => {
    setTarget(i);
    setNonce(nonce + 1);
  };
  const t = pg().replay;
  // Estimates being counted (the held document's first run, or a new variant): the summary says how far.
  const counting = state.busy && state.progress > 0 && state.progress < 1;
  return (
    <section class="sl-replay" aria-labelledby="sl-replay-h">
      <h2 id="sl-replay-h" class="sl-h">{t.heading}</h2>
      {view?.raises && <p class="notice danger">{pg().large.nanobotRaises(`${view.raises.type}: ${view.raises.message}`)}</p>}
      {view?.lens === 'recovered' && <p class="sl-banner sl-danger">{t.recoveredBanner}</p>}
      {upto !== null && view && (
        <p class="sl-banner sl-info" data-upto={upto}>
          {t.asOf(upto - 1, upto, view.all, view.lastConsolidated)}{' '}
          <button type="button" class="sl-link" onClick={() => asOf(null)}>{t.showWhole}</button>
        </p>
      )}
      <ReplayControls s={s} onChange={change} version={version} />
      {state.failed ? <p class="notice danger">{t.failed(errorText(state.failed))}</p> : null}
      {!view && !state.failed && (
        <p class="sl-muted" aria-busy="true">
          {t.computing} {state.progress > 0 && `${Math.round(state.progress * 100)}%`}
        </p>
      )}
      {view && !view.raises && (
        <>
          <ReplaySummary lens={view.lens} view={view} fates={state.fates} s={s} version={version} total={view.total} lastConsolidated={view.lastConsolidated} tokenState={!view.counted ? 'failed' : counting ? 'counting' : 'ready'} progress={state.progress} onMessage={pick} />
          {view.total > 0 && <FateStrip fates={state.fates} onPick={pick} version={version} />}
          <CopyJson texts={view.texts} fileName={source.stat.fileName} />
          {onExport && (
            <p class="sl-small">
              <button type="button" class="sl-link" onClick={() => onExport(settingsToParams(s, params))}>{t.exportLink}</button>
            </p>
          )}
          {!state.busy && <p class="sl-muted sl-small">{t.recomputed(view.ms.toFixed(1))}</p>}
          {/* After the replay itself: the chart counts every message, the replay only its window. */}
          {view.all > 0 && <ContextPanel source={source} lastConsolidated={view.lastConsolidated} version={version} current={upto} settings={s} onPick={asOf} />}
          {view.total > 0 && <FateList source={source} lens={view.lens} view={view} fates={state.fates} scrollTo={target} nonce={nonce} onOpenLine={onOpenLine} version={version} />}
        </>
      )}
    </section>
  );
}
