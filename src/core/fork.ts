/**
 * nanobot's `fork_session_before_user_index`: a new session holding the messages before the i-th
 * user turn, with the per-conversation state that must not carry over removed.
 */
import type { NanobotSession } from './load';
import { rulesOf, type NanobotVersion } from './nanobot-version';
import { publicHistoryMessage } from './runtime-context';
import { MAX_DEPTH, type PyError } from './pyjson';
import { deepCopy, dictDelete, dictKeys, isDict, type PyValue } from './pyvalue';
import { clearMetadata } from './session';

/**
 * How deep `copy.deepcopy` can go: it spends two Python frames per level of nesting (deepcopy and
 * _deepcopy_list/_deepcopy_dict), where json.loads spends one, so about half of the nesting a load
 * accepts (pyjson's MAX_DEPTH). The exact bound depends on nanobot's stack at the call; no corpus
 * pins it yet.
 */
export const DEEPCOPY_MAX_DEPTH = Math.floor(MAX_DEPTH / 2);

/** Levels of list/dict nesting in a value (a scalar is 0), without recursion. */
export function nestingDepth(v: PyValue): number {
  let max = 0;
  const stack: [PyValue, number][] = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    const kids = Array.isArray(x) ? x : isDict(x) ? dictKeys(x).map((k) => x[k]!) : null;
    if (!kids) continue;
    if (d > max) max = d;
    for (const k of kids) stack.push([k, d + 1]);
  }
  return max;
}

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
  const copied = src.messages.slice(0, prefix);
  if (copied.some((m) => nestingDepth(m) > DEEPCOPY_MAX_DEPTH) || nestingDepth(src.metadata) > DEEPCOPY_MAX_DEPTH) {
    return { error: { type: 'RecursionError', message: 'maximum recursion depth exceeded while calling a Python object' } };
  }
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
    messages: copied.map((m) => (rules.forkCopies === 'public-view' ? deepCopy(publicHistoryMessage(m)) : deepCopy(m))),
    messageLines: src.messageLines.slice(0, prefix),
  };
}
