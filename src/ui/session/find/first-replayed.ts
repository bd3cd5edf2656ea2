/**
 * The first message nanobot's replay sends at its version's agent-loop settings (window and token
 * budget), as a file line: where "what the model still sees" begins.
 */
import { getHistory, replayLastConsolidated } from '../../../core/replay/replay';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import type { OpenedSession } from '../../../store/save/sessions';
import { replaySession } from '../lens';
import { agentLoop } from '../replay/settings';
import { cachedCounter, variantOf } from '../../../store/source/replay/token-cache';

/** The 0-based file line of the first replayed message, or null when the replay sends none. */
export async function firstReplayedLine(o: OpenedSession): Promise<number | null> {
  const { session } = replaySession(o);
  const s = agentLoop(o.version);
  const counter = await loadTokenizer();
  const variant = variantOf(o.version, s.includeTimestamps, s.includeRuntimeContext);
  const r = getHistory(session.messages, replayLastConsolidated(session), s, o.version, cachedCounter(session.messages, variant, counter));
  const i = r.fates.findIndex((f) => f.kept);
  return i < 0 ? null : (session.messageLines[i] ?? null);
}
