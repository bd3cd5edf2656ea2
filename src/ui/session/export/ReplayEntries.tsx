/**
 * The replay to export, at every size: nanobot's get_history under the Replay tab's settings (from
 * the link), as of the turn the link names (`upto`), answered by the source as the Replay tab's is
 * (`SessionSource.replayView`: the token budget applied once every candidate is counted). The kept
 * entries come as json.dumps text and are read back as Python reads them (floats and key order kept).
 */
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyLoads } from '../../../core/python/pyjson';
import type { PyDict } from '../../../core/python/pyvalue';
import type { SessionSource } from '../../../store/source/session-source';
import { settingsFromParams, type ReplaySettings } from '../replay/settings';
import { useReplayView } from '../replay/useReplayView';
import { count } from '../text';
import { pg } from '../../i18n/text';
import { errorText } from '../../shell/status';

/** The replay settings in words, for the export's header. */
function settingsNote(s: ReplaySettings, version: NanobotVersion): string {
  const ts = rulesOf(version).timestamps ? `, include_timestamps=${s.includeTimestamps ? 'True' : 'False'}` : '';
  const rc = rulesOf(version).runtimeContext ? `, include_runtime_context=${s.includeRuntimeContext ? 'True' : 'False'}` : '';
  return `${rulesOf(version).label}: get_history(max_messages=${s.maxMessages}, max_tokens=${count(s.maxTokens)}${ts}, extend_to_user=${s.extendToUser ? 'True' : 'False'}${rc})`;
}

export interface ReplayEntriesProps {
  source: SessionSource;
  params: Record<string, string>;
  /** As of this many messages (the link's `upto`, checked against the session's length), or null. */
  upto: number | null;
  children: (entries: PyDict[], note: string) => ComponentChildren;
}

/** A kept entry read back from its json.dumps text (always JSON: the source wrote it). */
const entryOf = (text: string): PyDict => {
  const r = pyLoads(text);
  return (r.ok ? r.value : {}) as PyDict;
};

/** Renders `children` with the entries once they are final; until then, how far counting is. */
export function ReplayEntries({ source, params, upto, children }: ReplayEntriesProps) {
  const version = source.stat.version;
  const s = useMemo(() => settingsFromParams(params, version), [params, version]);
  const { view, busy, progress, failed } = useReplayView(source, s, upto);
  const entries = useMemo(() => (view ? view.texts.map(entryOf) : []), [view]);
  const t = pg().export;
  if (failed) return <p class="sl-banner sl-danger" role="alert">{errorText(failed)}</p>;
  if (!view || busy) return <p class="sl-muted" role="status" aria-busy="true">{t.counting(Math.round(progress * 100))}</p>;
  if (view.raises) return <p class="sl-banner sl-danger" role="alert">{pg().large.nanobotRaises(`${view.raises.type}: ${view.raises.message}`)}</p>;
  if (!view.counted && s.maxTokens > 0) return <p class="sl-banner sl-danger" role="alert">{t.tokenizerFailed}</p>;
  const e = view.error;
  if (e) return <p class="sl-banner sl-danger" role="alert">{t.raises(`${e.type}: ${e.message}`, e.message_index + 1)}</p>;
  const asOf = upto === null ? '' : t.uptoNote(upto - 1, upto, view.all, view.lastConsolidated);
  const note = `${settingsNote(s, version)}${asOf}${view.lens === 'recovered' ? t.recoveredNote : ''}`;
  return <>{children(entries, note)}</>;
}
