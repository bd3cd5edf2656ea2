/**
 * Hard trimming that keeps a replayable tail: nanobot's `retain_recent_legal_suffix` and
 * `enforce_file_cap`, as pure functions that say what goes and what stays.
 */
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { dictGet, truthy, type PyDict, type PyValue } from '../python/pyvalue';
import { legalStart } from '../replay/replay';
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

/** What retain asks of each message before its legal cut: is it a user turn, does it carry a truthy `_channel_delivery`. */
export interface RetainFacts {
  count: number;
  isUser: (i: number) => boolean;
  delivery: (i: number) => boolean;
}

/** A range of message indices [from, to): what retain keeps is always one. */
export interface MessageRange {
  from: number;
  to: number;
}

/**
 * The messages retain cuts legally, [from, to), found from per-message facts alone (a streamed file
 * holds no values). Only for `max` > 0 and more than `max` messages; `legalCut` then gives the answer.
 */
export function retainSpan(f: RetainFacts, max: number, extendToUser: boolean, version: NanobotVersion): MessageRange {
  const keepDelivery = rulesOf(version).retainKeepsChannelDelivery;
  const n = f.count;
  // With keepDelivery, a truthy _channel_delivery just before a user turn stays with it (§48).
  const withDelivery = (u: number) => (keepDelivery && u > 0 && f.delivery(u - 1) ? u - 1 : u);
  let start = n - max;
  if (extendToUser) {
    let u = start;
    while (u >= 0 && !f.isUser(u)) u--;
    if (u >= 0) start = withDelivery(u);
  }
  let fu = start;
  while (fu < n && !f.isUser(fu)) fu++;
  if (fu < n) return { from: fu > start ? withDelivery(fu) : fu, to: n };
  if (!extendToUser) {
    let latest = n - 1;
    while (latest >= 0 && !f.isUser(latest)) latest--;
    if (latest >= 0) return { from: latest, to: Math.min(n, latest + max) };
  }
  return { from: start, to: n };
}

/**
 * retain's legal cuts of `span`: the first tool result without its call cuts, and without
 * `extendToUser` the last `max` are cut again. `legalStartOf(from, to)` is `legalStart` of those messages.
 */
export function legalCut(span: MessageRange, max: number, extendToUser: boolean, legalStartOf: (r: MessageRange) => number): MessageRange {
  let from = span.from + legalStartOf(span);
  if (!extendToUser) {
    const last = { from: Math.max(from, span.to - max), to: span.to };
    from = last.from + legalStartOf(last);
  }
  return { from, to: span.to };
}

/** What retain's kept range means for the counts (`dropped`, archived ones) a trim reports and writes. */
export function rangeCounts(n: number, lastConsolidated: number, kept: MessageRange) {
  const { from, to } = kept;
  return {
    retained: to - from,
    dropped: n - (to - from),
    alreadyConsolidated: Math.min(from, lastConsolidated) + Math.max(0, lastConsolidated - to),
    lastConsolidated: Math.max(0, Math.min(to, lastConsolidated) - from),
  };
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
    const facts = { count: n, isUser: (i: number) => isUser(messages[i]!), delivery: (i: number) => truthy(dictGet(messages[i]!, '_channel_delivery')) };
    const span = retainSpan(facts, max, extendToUser, version);
    const kept = legalCut(span, max, extendToUser, (r) => legalStart(messages.slice(r.from, r.to), (k) => r.from + k));
    const counts = rangeCounts(n, lastConsolidated, kept);
    return {
      ok: true,
      result: {
        retained: all.slice(kept.from, kept.to),
        dropped: [...all.slice(0, kept.from), ...all.slice(kept.to)],
        alreadyConsolidated: counts.alreadyConsolidated,
        lastConsolidated: counts.lastConsolidated,
        metadata,
        cleared: false,
        touched: true,
        dropsProviderState: counts.dropped > 0,
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
