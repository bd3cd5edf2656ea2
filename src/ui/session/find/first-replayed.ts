/**
 * The first message nanobot's replay sends at its version's agent-loop settings (window and token
 * budget), as a file line: where "what the model still sees" begins. Through the file's source, at
 * every size: the Replay tab's own answer (the line index's in the replay worker, off the page).
 */
import type { SessionSource } from '../../../store/source/session-source';
import { agentLoopOptions } from '../../../core/replay/budget';

/** The 0-based file line of the first replayed message, or null when the replay sends none (nanobot loads nothing, or its replay raises). */
export async function firstReplayedLine(source: SessionSource): Promise<number | null> {
  const v = await source.replayView(agentLoopOptions(source.stat.version), null);
  if (v.raises || v.lens !== 'nanobot' || v.error || v.sources.length === 0) return null;
  return v.lines[v.sources[0]!]!;
}
