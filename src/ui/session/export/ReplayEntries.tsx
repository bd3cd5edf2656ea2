/**
 * The replay to export: nanobot's get_history under the Replay tab's settings (from the link),
 * with the token budget applied once the tokenizer has counted every candidate.
 */
import type { ComponentChildren } from 'preact';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot-version';
import type { PyDict } from '../../../core/pyvalue';
import type { OpenedSession } from '../../../store/sessions';
import { replaySession } from '../lens';
import { settingsFromParams, type ReplaySettings } from '../replay/settings';
import { useReplay } from '../replay/useReplay';
import { count } from '../text';

/** The replay settings in words, for the export's header. */
export function settingsNote(s: ReplaySettings, version: NanobotVersion): string {
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
  const state = useReplay(session.messages, session.lastConsolidated, s, opened.version);
  if (state.tokens === 'loading' || state.tokens === 'counting') {
    return <p class="sl-muted" role="status" aria-busy="true">Counting tokens for the budget… {Math.round(state.progress * 100)}%</p>;
  }
  if (state.tokens === 'failed') return <p class="sl-banner sl-danger" role="alert">The tokenizer could not be loaded, so the budgeted replay cannot be computed. Export the session instead, or reload and try again.</p>;
  const e = state.result.error;
  if (e) return <p class="sl-banner sl-danger" role="alert">nanobot’s get_history raises {e.type}: {e.message} (message {e.message_index + 1}), so it sends nothing to export.</p>;
  const note = `${settingsNote(s, opened.version)}${lens === 'recovered' ? ' — nanobot loads nothing from this file; these are the recovered messages replayed' : ''}`;
  return <>{children(state.result.entries, note)}</>;
}
