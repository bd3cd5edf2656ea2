/**
 * nanobot's `fork_session_before_user_index`: a new session holding the messages before the i-th
 * user turn, with the per-conversation state that must not carry over removed.
 */
import type { NanobotSession } from './load';
import type { PyError } from './pyjson';
import { deepCopy, dictDelete, isDict, type PyValue } from './pyvalue';
import { clearMetadata } from './session';

/** Metadata keys a fork does not inherit: goals, checkpoints and the title belong to the source thread. */
export const FORK_DROPPED_KEYS = ['goal_state', 'pending_user_turn', 'runtime_checkpoint', 'thread_goal', 'title', 'title_user_edited'];

/**
 * The fork's session, or null where nanobot makes none (negative index, index past the user count),
 * or the error nanobot raises on metadata that is not a dict (then nothing is written).
 */
export function forkBeforeUserIndex(src: NanobotSession, targetKey: string, userIndex: number, now: string): NanobotSession | null | { error: PyError } {
  if (userIndex < 0) return null;
  const users: number[] = [];
  src.messages.forEach((m, i) => {
    if (Object.prototype.hasOwnProperty.call(m, 'role') && m.role === 'user') users.push(i);
  });
  if (userIndex > users.length) return null;
  const prefix = userIndex === users.length ? src.messages.length : users[userIndex]!;
  const check = clearMetadata(src.metadata);
  if (!check.ok) return { error: check.error };
  const metadata: PyValue = deepCopy(src.metadata as PyValue);
  if (isDict(metadata)) for (const k of FORK_DROPPED_KEYS) dictDelete(metadata, k);
  let lc = Math.min(src.lastConsolidated, prefix);
  if (src.lastConsolidated > prefix) {
    lc = 0;
    if (isDict(metadata)) dictDelete(metadata, '_last_summary');
  }
  return {
    key: targetKey,
    createdAt: now,
    updatedAt: now,
    lastConsolidated: lc,
    metadata,
    messages: src.messages.slice(0, prefix).map((m) => deepCopy(m)),
    messageLines: src.messageLines.slice(0, prefix),
  };
}
