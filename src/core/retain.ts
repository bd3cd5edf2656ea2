/**
 * Hard trimming that keeps a replayable tail: nanobot's `retain_recent_legal_suffix` and
 * `enforce_file_cap`, as pure functions that say what goes and what stays.
 */
import type { PyError } from './pyjson';
import { legalStart } from './replay';
import type { PyDict, PyValue } from './pyvalue';
import { clearMetadata } from './session';

export interface RetainResult {
  /** Indices (into the original messages) that stay, in order. */
  retained: number[];
  /** Indices that go, in order. */
  dropped: number[];
  /** How many dropped ones were already below last_consolidated (archived before). */
  alreadyConsolidated: number;
  lastConsolidated: number;
  /** Metadata after the call (clear() removes `_last_summary`). */
  metadata: PyValue;
  cleared: boolean;
  /** True when nanobot sets `updated_at` (it does whenever the session was over the limit). */
  touched: boolean;
}

function isUser(m: PyDict): boolean {
  return Object.prototype.hasOwnProperty.call(m, 'role') && m.role === 'user';
}

/** nanobot's `retain_recent_legal_suffix(max, extend_to_user)`, or the exception it raises. */
export function retainRecentLegalSuffix(
  messages: PyDict[],
  lastConsolidated: number,
  metadata: PyValue,
  max: number,
  extendToUser = false,
): { ok: true; result: RetainResult } | { ok: false; error: PyError; clearedMessages: boolean } {
  const all = messages.map((_, i) => i);
  if (max <= 0) {
    const cleared = clearMetadata(metadata);
    if (!cleared.ok) return { ok: false, error: cleared.error, clearedMessages: true };
    const already = Math.min(lastConsolidated, messages.length);
    return { ok: true, result: { retained: [], dropped: all, alreadyConsolidated: already, lastConsolidated: 0, metadata: cleared.metadata, cleared: true, touched: true } };
  }
  const n = messages.length;
  if (n <= max) {
    return { ok: true, result: { retained: all, dropped: [], alreadyConsolidated: 0, lastConsolidated, metadata, cleared: false, touched: false } };
  }
  try {
    let start = n - max;
    if (extendToUser) {
      let u = start;
      while (u >= 0 && !isUser(messages[u]!)) u--;
      if (u >= 0) start = u;
    }
    let kept = all.slice(start);
    const fu = kept.findIndex((i) => isUser(messages[i]!));
    if (fu >= 0) kept = kept.slice(fu);
    else if (!extendToUser) {
      let latest = -1;
      for (let i = n - 1; i >= 0; i--) if (isUser(messages[i]!)) { latest = i; break; }
      if (latest >= 0) kept = all.slice(latest, latest + max);
    }
    const legal = (ix: number[]) => ix.slice(legalStart(ix.map((i) => messages[i]!), (k) => ix[k]!));
    kept = legal(kept);
    if (!extendToUser) kept = legal(kept.slice(Math.max(0, kept.length - max)));
    const keptSet = new Set(kept);
    const dropped = all.filter((i) => !keptSet.has(i));
    return {
      ok: true,
      result: {
        retained: kept,
        dropped,
        alreadyConsolidated: dropped.filter((i) => i < lastConsolidated).length,
        lastConsolidated: kept.filter((i) => i < lastConsolidated).length,
        metadata,
        cleared: false,
        touched: true,
      },
    };
  } catch (e) {
    const err = (e as { error?: PyError }).error;
    if (err) return { ok: false, error: err, clearedMessages: false };
    throw e;
  }
}

/** nanobot's file cap: above `limit` messages, trim to a legal suffix and archive what was not archived yet. */
export function enforceFileCap(messages: PyDict[], lastConsolidated: number, metadata: PyValue, limit = 2000) {
  if (messages.length <= limit) return null;
  const r = retainRecentLegalSuffix(messages, lastConsolidated, metadata, limit);
  if (!r.ok) return r;
  return { ...r, toArchive: r.result.dropped.slice(r.result.alreadyConsolidated) };
}
