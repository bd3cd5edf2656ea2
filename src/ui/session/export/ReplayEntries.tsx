/**
 * The replay to export: nanobot's get_history under the Replay tab's settings (from the link),
 * as of the turn the link names (`upto`, as the Replay tab shows it), with the token budget
 * applied once the tokenizer has counted every candidate.
 */
import { replayLastConsolidated } from '../../../core/replay/replay';
import type { ComponentChildren } from 'preact';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';
import type { OpenedSession } from '../../../store/save/sessions';
import { replaySession } from '../lens';
import { settingsFromParams, uptoFromParams, type ReplaySettings } from '../replay/settings';
import { useMemo } from 'preact/hooks';
import { useReplay } from '../replay/useReplay';
import { count } from '../text';
import { pg } from '../../i18n/text';

/** The replay settings in words, for the export's header. */
function settingsNote(s: ReplaySettings, version: NanobotVersion): string {
  const ts = rulesOf(version).timestamps ? `, include_timestamps=${s.includeTimestamps ? 'True' : 'False'}` : '';
  const rc = rulesOf(version).runtimeContext ? `, include_runtime_context=${s.includeRuntimeContext ? 'True' : 'False'}` : '';
  return `${rulesOf(version).label}: get_history(max_messages=${s.maxMessages}, max_tokens=${count(s.maxTokens)}${ts}, extend_to_user=${s.extendToUser ? 'True' : 'False'}${rc})`;
}

export interface ReplayEntriesProps {
  opened: OpenedSession;
  params: Record<string, string>;
  children: (entries: PyDict[], note: string) => ComponentChildren;
}

/** Renders `children` with the entries once they are final; until then, how far counting is. */
export function ReplayEntries({ opened, params, children }: ReplayEntriesProps) {
  const s = settingsFromParams(params, opened.version);
  const { session, lens } = replaySession(opened);
  // As of a turn, exactly as the Replay tab computes it: the messages up to it, today's last_consolidated clamped.
  const upto = uptoFromParams(params, session.messages.length);
  const messages = useMemo(() => (upto === null ? session.messages : session.messages.slice(0, upto)), [session.messages, upto]);
  const lastConsolidated = Math.min(session.lastConsolidated, messages.length);
  // nanobot slices with the stored value where its version leaves it unchecked (a "3" raises at 0.2.1).
  const state = useReplay(messages, replayLastConsolidated(session, messages.length), s, opened.version);
  const t = pg().export;
  if (state.tokens === 'loading' || state.tokens === 'counting') {
    return <p class="sl-muted" role="status" aria-busy="true">{t.counting(Math.round(state.progress * 100))}</p>;
  }
  if (state.tokens === 'failed') return <p class="sl-banner sl-danger" role="alert">{t.tokenizerFailed}</p>;
  const e = state.result.error;
  if (e) return <p class="sl-banner sl-danger" role="alert">{t.raises(`${e.type}: ${e.message}`, e.message_index + 1)}</p>;
  const asOf = upto === null ? '' : t.uptoNote(upto - 1, upto, session.messages.length, lastConsolidated);
  const note = `${settingsNote(s, opened.version)}${asOf}${lens === 'recovered' ? t.recoveredNote : ''}`;
  return <>{children(state.result.entries, note)}</>;
}
