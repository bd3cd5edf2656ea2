/**
 * Small mutations nanobot makes on a session in memory: `add_message`, `clear`. Pure: they return
 * new values instead of changing their input, so the UI can preview an edit before it is made.
 */
import type { NanobotSession } from '../lens/load';
import type { PyError } from '../python/pyjson';
import { dictDelete, dictFrom, dictKeys, isDict, pyTypeName, type PyDict, type PyValue } from '../python/pyvalue';

/** `metadata.pop("_last_summary", None)` as Python runs it on whatever JSON value metadata holds. */
export function clearMetadata(metadata: PyValue): { ok: true; metadata: PyValue } | { ok: false; error: PyError } {
  if (isDict(metadata)) {
    const copy = dictFrom(dictKeys(metadata).map((k) => [k, metadata[k]!] as const));
    dictDelete(copy, '_last_summary');
    return { ok: true, metadata: copy };
  }
  if (Array.isArray(metadata)) return { ok: false, error: { type: 'TypeError', message: 'pop expected at most 1 argument, got 2' } };
  return { ok: false, error: { type: 'AttributeError', message: `'${pyTypeName(metadata)}' object has no attribute 'pop'` } };
}

/** nanobot's `clear()`: no messages, last_consolidated 0, `_last_summary` dropped (or the error it raises). */
export function clearSession(s: NanobotSession, now: string): { ok: true; session: NanobotSession } | { ok: false; error: PyError } {
  const m = clearMetadata(s.metadata);
  if (!m.ok) return m;
  return { ok: true, session: { ...s, messages: [], messageLines: [], lastConsolidated: 0, storedLastConsolidated: undefined, metadata: m.metadata, updatedAt: now } };
}

/**
 * nanobot's `add_message(role, content, **kw)`: `{role, content, timestamp: now, **kw}` (a kwarg may
 * override the timestamp); `updated_at` becomes now.
 */
export function addMessage(s: NanobotSession, role: string, content: PyValue, extra: PyDict = {}, now: string): NanobotSession {
  const msg = dictFrom([['role', role], ['content', content], ['timestamp', now], ...dictKeys(extra).map((k) => [k, extra[k]!] as const)]);
  return { ...s, messages: [...s.messages, msg], messageLines: [...s.messageLines, -1], updatedAt: now };
}
