/**
 * Hard trimming that keeps a replayable tail: nanobot's `retain_recent_legal_suffix` and
 * `enforce_file_cap`, as pure functions that say what goes and what stays.
 */
import { rulesOf, type NanobotVersion } from './nanobot-version';
import type { PyError } from './pyjson';
import { dictGet, truthy, type PyDict, type PyValue } from './pyvalue';
import { legalStart } from './replay';
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
  /** main drops the provider state whenever a message is dropped. */
  dropsProviderState: boolean;
}

function isUser(m: PyDict): boolean {
  return Object.prototype.hasOwnProperty.call(m, 'role') && m.role === 'user';
}

/** A truthy `_channel_delivery` on the message before index i (main keeps it with its user, §48). */
function deliveryBefore(messages: PyDict[], i: number): boolean {
  return i > 0 && truthy(dictGet(messages[i - 1]!, '_channel_delivery'));
}

/** nanobot's `retain_recent_legal_suffix(max, extend_to_user)` at a version, or the exception it raises. */
export function retainRecentLegalSuffix(
  messages: PyDict[],
  lastConsolidated: number,
  metadata: PyValue,
  max: number,
  extendToUser: boolean,
  version: NanobotVersion,
): { ok: true; result: RetainResult } | { ok: false; error: PyError; clearedMessages: boolean } {
  const keepDelivery = rulesOf(version).retainKeepsChannelDelivery;
  const all = messages.map((_, i) => i);
  if (max <= 0) {
    const cleared = clearMetadata(metadata);
    if (!cleared.ok) return { ok: false, error: cleared.error, clearedMessages: true };
    const already = Math.min(lastConsolidated, messages.length);
    return { ok: true, result: { retained: [], dropped: all, alreadyConsolidated: already, lastConsolidated: 0, metadata: cleared.metadata, cleared: true, touched: true, dropsProviderState: true } };
  }
  const n = messages.length;
  if (n <= max) {
    return { ok: true, result: { retained: all, dropped: [], alreadyConsolidated: 0, lastConsolidated, metadata, cleared: false, touched: false, dropsProviderState: false } };
  }
  try {
    let start = n - max;
    if (extendToUser) {
      let u = start;
      while (u >= 0 && !isUser(messages[u]!)) u--;
      if (u >= 0) start = keepDelivery && deliveryBefore(messages, u) ? u - 1 : u;
    }
    let kept = all.slice(start);
    const fu = kept.findIndex((i) => isUser(messages[i]!));
    if (fu >= 0) kept = kept.slice(keepDelivery && fu > 0 && deliveryBefore(messages, kept[fu]!) ? fu - 1 : fu);
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
        dropsProviderState: dropped.length > 0,
      },
    };
  } catch (e) {
    const err = (e as { error?: PyError }).error;
    if (err) return { ok: false, error: err, clearedMessages: false };
    throw e;
  }
}

/** nanobot's file cap: above `limit` messages, trim to a legal suffix and archive what was not archived yet. */
export function enforceFileCap(messages: PyDict[], lastConsolidated: number, metadata: PyValue, version: NanobotVersion) {
  const cap = rulesOf(version).fileCap;
  if (!cap || messages.length <= cap.limit) return null;
  const r = retainRecentLegalSuffix(messages, lastConsolidated, metadata, cap.limit, false, version);
  if (!r.ok) return r;
  return { ...r, toArchive: r.result.dropped.slice(r.result.alreadyConsolidated) };
}
