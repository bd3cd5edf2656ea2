/** The Replay tab: what nanobot's get_history sends back to the model, and the fate of every message. */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { OpenedSession } from '../../../store/save/sessions';
import { pg } from '../../i18n/text';
import { lazyComponent } from '../../shell/lazy';
import { replayLastConsolidated } from '../../../core/replay/replay';
import { replaySession } from '../lens';
import { CopyJson } from './CopyJson';
import { FateList } from './strip/FateList';
import { FateStrip } from './strip/FateStrip';
import { ReplayControls } from './ReplayControls';
import { ReplaySummary } from './ReplaySummary';
import { LINK_DELAY_MS, settingsFromParams, settingsToParams, uptoFromParams, type ReplaySettings } from './settings';
import { useReplay } from './useReplay';

export interface ReplayTabProps {
  opened: OpenedSession;
  params: Record<string, string>;
  onParams: (params: Record<string, string>) => void;
  onOpenLine: (line: number) => void;
  /** Opens the Export tab on this replay (with the current settings). */
  onExport?: (params: Record<string, string>) => void;
}

/** The context-over-time chart loads with the tab's first render, off the session's first paint. */
const ContextPanel = lazyComponent(() => import('./context/ContextPanel').then((m) => m.ContextPanel), () => pg().replay.loadingChart);

export { LINK_DELAY_MS } from './settings';

/** Controls, summary, strip and list; settings live in the route so a link reproduces the view. */
export function ReplayTab({ opened, params, onParams, onOpenLine, onExport }: ReplayTabProps) {
  const version = opened.version;
  const [s, setS] = useState<ReplaySettings>(() => settingsFromParams(params, version));
  const { session, lens } = replaySession(opened);
  const upto = uptoFromParams(params, session.messages.length);
  // As of a turn: the messages up to it, last_consolidated clamped (its value then is not in the file).
  const messages = useMemo(() => (upto === null ? session.messages : session.messages.slice(0, upto)), [session.messages, upto]);
  const lastConsolidated = Math.min(session.lastConsolidated, messages.length);
  const state = useReplay(messages, replayLastConsolidated(session, messages.length), s, version);
  const [target, setTarget] = useState<number | null>(null);
  const [nonce, setNonce] = useState(0);
  const linkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(linkTimer.current), []);
  const change = (next: ReplaySettings) => {
    setS(next);
    clearTimeout(linkTimer.current);
    linkTimer.current = setTimeout(() => onParams(settingsToParams(next, params)), LINK_DELAY_MS);
  };
  const asOf = (n: number | null) => {
    const { upto: _u, ...rest } = settingsToParams(s, params);
    clearTimeout(linkTimer.current);
    onParams(n === null ? rest : { ...rest, upto: String(n) });
  };
  const pick = (i: number) => {
    setTarget(i);
    setNonce(nonce + 1);
  };
  const t = pg().replay;
  return (
    <section class="sl-replay" aria-labelledby="sl-replay-h">
      <h2 id="sl-replay-h" class="sl-h">{t.heading}</h2>
      {lens === 'recovered' && (
        <p class="sl-banner sl-danger">{t.recoveredBanner}</p>
      )}
      {upto !== null && (
        <p class="sl-banner sl-info" data-upto={upto}>
          {t.asOf(upto - 1, upto, session.messages.length, lastConsolidated)}{' '}
          <button type="button" class="sl-link" onClick={() => asOf(null)}>{t.showWhole}</button>
        </p>
      )}
      <ReplayControls s={s} onChange={change} version={version} />
      <ReplaySummary lens={lens} result={state.result} s={s} version={version} total={messages.length} lastConsolidated={lastConsolidated} tokenState={state.tokens} progress={state.progress} onMessage={pick} />
      {messages.length > 0 && <FateStrip fates={state.result.fates} onPick={pick} version={version} />}
      <CopyJson entries={state.result.entries} fileName={opened.fileName} />
      {onExport && (
        <p class="sl-small">
          <button type="button" class="sl-link" onClick={() => onExport(settingsToParams(s, params))}>{t.exportLink}</button>
        </p>
      )}
      {state.tokens === 'ready' && <p class="sl-muted sl-small">{t.recomputed(state.ms.toFixed(1))}</p>}
      {/* After the replay itself: the chart counts every message, the replay only its window. */}
      {session.messages.length > 0 && state.tokens !== 'loading' && state.tokens !== 'counting' && (
        <ContextPanel messages={session.messages} lastConsolidated={session.lastConsolidated} sliceWith={replayLastConsolidated(session)} version={version} current={upto} settings={s} onPick={asOf} />
      )}
      {messages.length > 0 && <FateList messages={messages} lines={session.messageLines} result={state.result} scrollTo={target} nonce={nonce} onOpenLine={onOpenLine} version={version} />}
    </section>
  );
}
