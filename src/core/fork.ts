/**
 * nanobot's `fork_session_before_user_index`: a new session holding the messages before the i-th
 * user turn, with the per-conversation state that must not carry over removed.
 */
import type { NanobotSession } from './load';
import { rulesOf, type NanobotVersion } from './nanobot-version';
import { publicHistoryMessage } from './runtime-context';
import type { PyError } from './pyjson';
import { deepCopy, dictDelete, isDict, type PyValue } from './pyvalue';
import { clearMetadata } from './session';

/**
 * The fork's session, or null where nanobot makes none (negative index, index past the user count),
 * or the error nanobot raises on metadata that is not a dict (then nothing is written).
 */
export function forkBeforeUserIndex(src: NanobotSession, targetKey: string, userIndex: number, now: string, version: NanobotVersion): NanobotSession | null | { error: PyError } {
  const rules = rulesOf(version);
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
  // Goals, checkpoints and the title belong to the source thread (§50).
  if (isDict(metadata)) for (const k of rules.forkDroppedKeys) dictDelete(metadata, k);
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
    messages: src.messages.slice(0, prefix).map((m) => (rules.forkCopies === 'public-view' ? deepCopy(publicHistoryMessage(m)) : deepCopy(m))),
    messageLines: src.messageLines.slice(0, prefix),
  };
}
