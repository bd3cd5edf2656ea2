/**
 * The first message nanobot's replay sends at its version's agent-loop settings (window and token
 * budget), as a file line: where "what the model still sees" begins. Through the file's source, at
 * every size (the line index streams the replay; no entry is kept).
 */
import { estimateMessageTokens } from '../../../core/tokens/tokens';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import { dictGet } from '../../../core/python/pyvalue';
import { pySliceStart } from '../../../core/replay/replay';
import type { SessionSource } from '../../../store/source/session-source';
import { agentLoop } from '../replay/settings';

/** The 0-based file line of the first replayed message, or null when the replay sends none (nanobot loads nothing, or its replay raises). */
export async function firstReplayedLine(source: SessionSource): Promise<number | null> {
  const version = source.stat.version;
  const [load, meta] = await Promise.all([source.load(), source.meta()]);
  // A stored last_consolidated the version slices with unchecked, where the slice itself raises: every replay raises.
  const stored = meta ? dictGet(meta.value, 'last_consolidated') : undefined;
  if (load.result && !rulesOf(version).lastConsolidatedChecked && stored !== undefined && pySliceStart(stored, load.result.count) === null) return null;
  const tokenizer = await loadTokenizer();
  const r = await source.replay(agentLoop(version), { count: (entry) => estimateMessageTokens(entry, tokenizer, version), emit: () => {} });
  if (!r.replay || r.replay.error) return null;
  for (let i = 0; i < r.replay.count; i++) if (r.replay.fate(i).kept) return r.replay.lineOf(i);
  return null;
}
