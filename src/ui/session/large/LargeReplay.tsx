/**
 * nanobot's replay of a large file: where it starts is found from the index alone; only the
 * messages from there to the end are read and decoded, and `getHistory` gives the exact answer
 * with absolute indices, all in a worker (large-replay-client.ts): the page receives the entries
 * as text and decodes only those in view. When the version's rules reach further back than
 * large-file mode reads at once, it says so instead of guessing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { IndexLoad } from '../../../core/index/index-load';
import type { LargeReplayAnswer } from '../../../core/index/large-replay';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyLoads } from '../../../core/python/pyjson';
import { isDict, type PyDict } from '../../../core/python/pyvalue';
import { fateText } from '../replay/strip/fates';
import { LINK_DELAY_MS, settingsFromParams, settingsToParams, uptoFromParams, type ReplaySettings } from '../replay/settings';
import { lazyComponent } from '../../shell/lazy';
import { ReplayControls } from '../replay/ReplayControls';
import { replayLarge } from '../../../store/large/replay/large-replay-client';
import { pg } from '../../i18n/text';
import { VirtualList } from '../parts/VirtualList';
import { count } from '../text';
import { errorText } from '../../shell/status';
import { MessageRow } from '../conversation/MessageRow';
import { rowHeight } from './row-height';
import { loadText } from '../load-text';

/** The context-over-time chart loads with the tab's first answer, as in the full view. */
const IndexContextPanel = lazyComponent(() => import('../replay/context/ContextPanel').then((m) => m.IndexContextPanel), () => pg().replay.loadingChart);

/** The most messages large-file mode reads to compute a replay. */
export const MAX_REPLAY_MESSAGES = 20_000;

type State = { step: 'reading' } | LargeReplayAnswer | { step: 'failed'; message: string };

/** Decoded entries kept for the rows in and near view. */
const KEPT_ENTRIES = 512;

/** An entry's value from its `json.dumps` text, decoded once while it stays among the recent ones. */
function entryDecoder(texts: string[]): (k: number) => PyDict | null {
  const kept = new Map<number, PyDict | null>();
  return (k) => {
    let v = kept.get(k);
    if (v === undefined) {
      const r = pyLoads(texts[k]!);
      v = r.ok && isDict(r.value) ? r.value : null;
      kept.set(k, v);
      if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value!);
    }
    return v;
  };
}


export interface LargeReplayProps {
  file: Blob;
  index: LineIndex;
  load: IndexLoad;
  version: NanobotVersion;
  /** The route's parameters: the replay's settings, as the full view writes them (the agent loop's when absent). */
  params?: Record<string, string>;
  /** Settings changed: the page puts them in the link, as the full view does. */
  onParams?: (params: Record<string, string>) => void;
}

/**
 * The Replay view of large-file mode: the full view's controls and settings (the version's agent
 * loop's by default), each change computed again in the worker once the controls rest.
 */
export function LargeReplay({ file, index, load, version, params = {}, onParams }: LargeReplayProps) {
  const [s, setS] = useState<ReplaySettings>(() => settingsFromParams(params, version));
  const [state, setState] = useState<State>({ step: 'reading' });
  const linkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(linkTimer.current), []);
  const change = (next: ReplaySettings) => {
    setS(next);
    clearTimeout(linkTimer.current);
    linkTimer.current = setTimeout(() => onParams?.(settingsToParams(next, params)), LINK_DELAY_MS);
  };
  // As of a turn (`upto`, from the chart): the messages up to it, last_consolidated clamped.
  const upto = uptoFromParams(params, load.messageLines.length);
  const asked = useMemo(() => (upto === null ? load : { ...load, messageLines: load.messageLines.subarray(0, upto), lastConsolidated: Math.min(load.lastConsolidated, upto) }), [load, upto]);
  const asOf = (n: number | null) => {
    const { upto: _u, ...rest } = settingsToParams(s, params);
    clearTimeout(linkTimer.current);
    onParams?.(n === null ? rest : { ...rest, upto: String(n) });
  };
  useEffect(() => {
    let live = true;
    setState({ step: 'reading' });
    if (!load.loaded) return;
    // A control being dragged or typed in asks once it rests, not per step.
    const timer = setTimeout(() => {
      replayLarge(file, index, asked, version, MAX_REPLAY_MESSAGES, s).then(
        (answer) => live && setState(answer),
        (e) => live && setState({ step: 'failed', message: errorText(e) }),
      );
    }, state.step === 'reading' ? 0 : LINK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [file, index, asked, version, s.maxMessages, s.maxTokens, s.includeTimestamps, s.extendToUser, s.includeRuntimeContext]);
  const entry = useMemo(() => (state.step === 'done' ? entryDecoder(state.entries) : null), [state]);
  const estimate = useCallback((k: number) => (state.step === 'done' ? rowHeight(state.entries[k]!.length) : rowHeight(0)), [state]);

  const t = pg().large;
  // nanobot's own call raises before any replay: say what it raises, as the header does.
  if (load.raises) return <p class="notice danger">{loadText(load)}</p>;
  if (!load.loaded) return <p class="notice">{t.replayNothing}</p>;
  const total = asked.messageLines.length;
  const r = pg().replay;
  return (
    <section class="sl-large-replay" aria-labelledby="sl-large-replay-h">
      <h2 id="sl-large-replay-h" class="sl-h">{r.heading}</h2>
      {upto !== null && (
        <p class="sl-banner sl-info" data-upto={upto}>
          {r.asOf(upto - 1, upto, load.messageLines.length, asked.lastConsolidated)}{' '}
          <button type="button" class="sl-link" onClick={() => asOf(null)}>{r.showWhole}</button>
        </p>
      )}
      <ReplayControls s={s} onChange={change} version={version} />
      {state.step === 'reading' ? (
        <p class="sl-muted" aria-busy="true">{t.replayComputing}</p>
      ) : state.step === 'too-far' ? (
        <p class="notice warning">{t.replayTooFar(count(state.reach), count(MAX_REPLAY_MESSAGES))}</p>
      ) : state.step === 'failed' ? (
        <p class="notice danger">{t.failed(state.message)}</p>
      ) : (
        <>
          <p class="sl-headline">
            <strong>{t.replayHead(count(state.entries.length), count(total), version)}</strong>
            {state.tokens && <> {t.replayTokens(count(state.tokens.reduce((a, b) => a + b, 0)))}</>}
          </p>
          <p class="sl-muted">{t.replayFrom(count(state.from + 1), count(total - state.from))}</p>
          {state.error && <p class="notice danger">{t.replayError(state.error.type, state.error.message, state.error.message_index >= 0 ? count(state.error.message_index + 1) : null)}</p>}
          <ul class="sl-large-dropped">
            {state.dropped.map(([reason, n]) => (
              <li key={reason}>{t.dropped(fateText(reason, version), count(n))}</li>
            ))}
          </ul>
          {/* After the replay itself: the chart counts every message, the replay only its window. */}
          <IndexContextPanel file={file} index={index} load={load} version={version} current={upto} settings={s} onPick={asOf} />
          <VirtualList count={state.entries.length} estimateSize={estimate} label={t.replay} class="sl-large-list" render={(k) => <MessageRow index={state.sources[k]!} line={asked.messageLines[state.sources[k]!]} m={entry!(k) ?? {}} />} />
        </>
      )}
    </section>
  );
}
