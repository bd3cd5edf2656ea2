/**
 * What nanobot's `clear()` does to a session's metadata, as Python runs it on any JSON value. Pure:
 * it returns a new value instead of changing its input, so an edit is previewed before it is made.
 */
import type { PyError } from '../python/pyjson';
import { dictDelete, dictFrom, dictKeys, isDict, pyTypeName, type PyValue } from '../python/pyvalue';

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

