/**
 * Hard trimming that keeps a replayable tail: nanobot's `retain_recent_legal_suffix` and
 * `enforce_file_cap`, as pure functions that say what goes and what stays.
 */
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { dictGet, isInt, PyFloat, pyTypeName, truthy, type PyDict, type PyValue } from '../python/pyvalue';
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
  /**
   * Where the version left `last_consolidated` unchecked and the session holds something other than a plain
   * count (its storedLastConsolidated): the two figures as Python computes them, with their Python types.
   */
  held?: { lastConsolidated: PyValue; alreadyConsolidated: PyValue };
}

/** A stored `last_consolidated` as a number Python compares and subtracts, or the TypeError it raises (`op` with an int). */
function pyNumber(v: PyValue, op: string): number | PyError {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (isInt(v)) return Number(v);
  if (v instanceof PyFloat) return v.value;
  return op === '<'
    ? { type: 'TypeError', message: `'<' not supported between instances of 'int' and '${pyTypeName(v)}'` }
    : { type: 'TypeError', message: `unsupported operand type(s) for ${op}: '${pyTypeName(v)}' and 'int'` };
}

/** A number back in the type Python's arithmetic on `like` gives (a float stays a float; a bool becomes an int). */
const likeFloat = (like: PyValue, x: number): PyValue => (like instanceof PyFloat ? new PyFloat(x) : x);

/**
 * The two figures with an unchecked stored `last_consolidated` (0.2.0–0.2.1): `min(lc, n)` after a clear,
 * `max(0, lc - d)` and `min(lc, d)` for 0.2.0's shift, counts of indices below it for the identity count.
 */
function heldFigures(lc: PyValue, n: number, kept: MessageRange | null, shift: boolean): { lastConsolidated: PyValue; alreadyConsolidated: PyValue } | PyError {
  // The shift's caller stops when a clear dropped nothing (an empty session): no min(lc, 0) to raise.
  if (!kept && shift && n === 0) return { lastConsolidated: 0, alreadyConsolidated: 0 };
  const x = pyNumber(lc, kept && shift ? '-' : '<');
  if (typeof x !== 'number') return x;
  // Python's min(lc, b): lc unless b is less. The shift's caller counts nothing when nothing went (0.1.4.post6–
  // 0.1.5.post2 can keep every message above the cap).
  const min = (b: number): PyValue => (shift && b === 0 ? 0 : b < x ? b : lc);
  if (!kept) return { lastConsolidated: 0, alreadyConsolidated: min(n) };
  const dropped = n - (kept.to - kept.from);
  if (shift && typeof lc === 'bigint') return { lastConsolidated: lc - BigInt(dropped) > 0n ? lc - BigInt(dropped) : 0, alreadyConsolidated: min(dropped) };
  if (shift) return { lastConsolidated: x - dropped > 0 ? likeFloat(lc, x - dropped) : 0, alreadyConsolidated: min(dropped) };
  const below = Number.isNaN(x) ? 0 : Math.max(0, Math.min(n, Math.ceil(x)));
  const c = rangeCounts(n, below, kept);
  return { lastConsolidated: c.lastConsolidated, alreadyConsolidated: c.alreadyConsolidated };
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

/** The span retain cuts legally; `recut`: its legal suffix is cut again to the last `max` (`retainCut` 'capped'). */
export interface RetainSpan extends MessageRange {
  recut?: boolean;
}

/**
 * The messages retain cuts legally, [from, to), found from per-message facts alone (a streamed file
 * holds no values). Only for `max` > 0 and more than `max` messages; `legalCut` then gives the answer.
 */
export function retainSpan(f: RetainFacts, max: number, extendToUser: boolean, version: NanobotVersion): RetainSpan {
  const rules = rulesOf(version);
  const keepDelivery = rules.retainKeepsChannelDelivery;
  const n = f.count;
  if (rules.retainCut === 'back-to-user') {
    // 0.1.4.post6–0.1.5.post2: from the last `max`, back to the nearest user turn (or the first message).
    let start = n - max;
    while (start > 0 && !f.isUser(start)) start--;
    return { from: start, to: n, recut: false };
  }
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
export function legalCut(span: RetainSpan, max: number, extendToUser: boolean, legalStartOf: (r: MessageRange) => number): MessageRange {
  let from = span.from + legalStartOf(span);
  if (!extendToUser && span.recut !== false) {
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

/**
 * nanobot's `retain_recent_legal_suffix(max, extend_to_user)` at a version, or the exception it raises.
 * `stored`: the session's storedLastConsolidated, where its version left the value unchecked.
 */
export function retainRecentLegalSuffix(
  messages: PyDict[],
  lastConsolidated: number,
  metadata: PyValue,
  max: number,
  extendToUser: boolean,
  version: NanobotVersion,
  stored?: PyValue,
): { ok: true; result: RetainResult } | { ok: false; error: PyError; clearedMessages: boolean; messagesAfterError?: number } {
  const all = messages.map((_, i) => i);
  const shift = rulesOf(version).retainCount === 'shift';
  if (max <= 0) {
    const cleared = rulesOf(version).clearDropsLastSummary ? clearMetadata(metadata) : { ok: true as const, metadata };
    if (!cleared.ok) return { ok: false, error: cleared.error, clearedMessages: true };
    const held = stored === undefined ? undefined : heldFigures(stored, messages.length, null, shift);
    if (held && 'type' in held) return { ok: false, error: held, clearedMessages: true };
    const already = Math.min(lastConsolidated, messages.length);
    return { ok: true, result: { retained: [], dropped: all, alreadyConsolidated: already, lastConsolidated: 0, metadata: cleared.metadata, cleared: true, touched: true, dropsProviderState: true, ...(held ? { held } : {}) } };
  }
  const n = messages.length;
  if (n <= max) {
    const held = stored === undefined ? {} : { held: { lastConsolidated: stored, alreadyConsolidated: 0 } };
    return { ok: true, result: { retained: all, dropped: [], alreadyConsolidated: 0, lastConsolidated, metadata, cleared: false, touched: false, dropsProviderState: false, ...held } };
  }
  try {
    const facts = { count: n, isUser: (i: number) => isUser(messages[i]!), delivery: (i: number) => truthy(dictGet(messages[i]!, '_channel_delivery')) };
    const span = retainSpan(facts, max, extendToUser, version);
    const kept = legalCut(span, max, extendToUser, (r) => legalStart(messages.slice(r.from, r.to), (k) => r.from + k));
    const held = stored === undefined ? undefined : heldFigures(stored, n, kept, shift);
    // 0.2.0 has already cut the messages when its subtraction raises.
    if (held && 'type' in held) return { ok: false, error: held, clearedMessages: false, ...(shift ? { messagesAfterError: kept.to - kept.from } : {}) };
    const counts = shift
      ? { alreadyConsolidated: kept.to - kept.from === n ? 0 : Math.min(lastConsolidated, n - (kept.to - kept.from)), lastConsolidated: Math.max(0, lastConsolidated - (n - (kept.to - kept.from))), dropped: n - (kept.to - kept.from) }
      : rangeCounts(n, lastConsolidated, kept);
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
        ...(held ? { held } : {}),
      },
    };
  } catch (e) {
    const err = (e as { error?: PyError }).error;
    if (err) return { ok: false, error: err, clearedMessages: false };
    throw e;
  }
}
