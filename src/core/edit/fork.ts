/**
 * nanobot's `fork_session_before_user_index`: a new session holding the messages before the i-th
 * user turn, with the per-conversation state that must not carry over removed.
 */
import { loadNanobot, type NanobotLoad, type NanobotSession } from '../lens/load';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { publicHistoryMessage } from '../nanobot/runtime-context';
import type { PyError } from '../python/pyjson';
import { copyDepth, DEEPCOPY_RECURSION, deepCopy, dictDelete, isDict, type PyValue } from '../python/pyvalue';
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
  // nanobot copies each message as it walks to the target user turn; past the last one it has
  // copied them all before it finds no target, so a message too deep to copy raises even then.
  const prefix = userIndex < users.length ? users[userIndex]! : src.messages.length;
  const budget = rules.depthBudget;
  if (src.messages.slice(0, prefix).some((m) => copyDepth(m) > budget.forkMessageCopy)) return { error: { ...DEEPCOPY_RECURSION } };
  if (userIndex > users.length) return null;
  const head = forkHead(src, targetKey, prefix, now, version);
  if ('error' in head) return head;
  return {
    ...head,
    messages: src.messages.slice(0, prefix).map((m) => (rules.forkCopies === 'public-view' ? deepCopy(publicHistoryMessage(m)) : deepCopy(m))),
    messageLines: src.messageLines.slice(0, prefix),
  };
}

/**
 * The fork's session without its messages, once its `prefix` messages are known to copy: the
 * metadata copied (or the error nanobot raises on it), the thread's own keys dropped, and the
 * boundary kept within the prefix. A fork over a file's index writes its messages from the file.
 */
export function forkHead(src: Pick<NanobotSession, 'metadata' | 'lastConsolidated'>, targetKey: string, prefix: number, now: string, version: NanobotVersion): Omit<NanobotSession, 'messages' | 'messageLines'> | { error: PyError } {
  const rules = rulesOf(version);
  if (copyDepth(src.metadata as PyValue) > rules.depthBudget.forkMetadataCopy) return { error: { ...DEEPCOPY_RECURSION } };
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
  return { key: targetKey, createdAt: now, updatedAt: now, lastConsolidated: lc, metadata };
}

/**
 * The deepest bracket nesting of any line (`\n`-separated) outside strings: an upper bound on how deep
 * json.loads nests in that line, so a file under a call's figure cannot raise RecursionError there.
 */
function deepestLineNesting(bytes: Uint8Array): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      depth = 0;
      inString = false;
    } else if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) max = depth;
    } else if (b === 0x5d || b === 0x7d) depth = Math.max(0, depth - 1);
  }
  return max;
}

/**
 * The fork nanobot makes of a file: `fork_session_before_user_index` loads its source itself, a frame
 * deeper than a top-level `_load` (the version table's `jsonLoadsFork` figures), so a line nesting to
 * the top-level figure, which the view loads, makes the fork raise RecursionError (v0.3.0+) or start
 * from nothing (v0.2). `opened` is the top-level load, reused when no line nests that deep; `fallback`
 * is forked where nanobot's own top-level load gives no session (the app forks what it recovered).
 */
export function forkFromFile(bytes: Uint8Array, key: string, opened: NanobotLoad, fallback: NanobotSession, targetKey: string, userIndex: number, now: string, version: NanobotVersion): NanobotSession | null | { error: PyError } {
  const b = rulesOf(version).depthBudget;
  const shallowest = Math.min(b.jsonLoadsFork, b.jsonLoadsForkRepair);
  const load = deepestLineNesting(bytes) <= shallowest ? opened : loadNanobot(bytes, key, now, version, undefined, 'fork');
  if (userIndex >= 0 && load.error) return { error: load.error };
  const src = load.result ?? (opened.result === null ? fallback : null);
  return src ? forkBeforeUserIndex(src, targetKey, userIndex, now, version) : null;
}
