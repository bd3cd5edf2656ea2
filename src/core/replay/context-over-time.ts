/**
 * Context over time: for every user turn of a session, what nanobot's get_history would send as of
 * that turn (the replay of the messages up to and including that user message), so "why did the bot
 * forget" has an answer per turn. The file records only today's `last_consolidated`; each turn uses
 * it clamped to that turn's length (the historical cursor is not in the file).
 *
 * Replaying 2,000 prefixes one by one costs 2,000 full get_history runs. Instead every entry is built
 * and counted once, and each prefix's window, orphan cut and budget walk run over plain arrays
 * (prefix sums, binary search). Files where nanobot would raise take the slow exact path.
 */
import { rulesOf, type NanobotVersion, type VersionRules } from '../nanobot/nanobot-version';
import { pyStr } from '../python/pyrepr';
import { dictGet, isDict, pySliceStart, truthy, type PyDict, type PyValue } from '../python/pyvalue';
import { getHistory, lowerBound, replayEntry, windowMaxMessages, type ReplayOptions, type TokenCounter } from './replay';

/** One user turn: the replay of `messages.slice(0, upto)`. */
export interface TurnPoint {
  /** 0-based ordinal of the user turn. */
  turn: number;
  /** Message index of the user message; `upto` is `index + 1`. */
  index: number;
  upto: number;
  /** Token estimate of what is sent (NaN when nanobot would raise). */
  tokens: number;
  /** Provider messages sent. */
  messages: number;
  /** Message index of the first message sent, −1 when none. */
  first: number;
  /** The max_messages window left messages out. */
  windowCut: boolean;
  /** The token budget left messages out. */
  budgetCut: boolean;
  /** True when get_history raises at this turn. */
  error: boolean;
}

export interface ContextOverTime {
  points: TurnPoint[];
  /** The budget (max_tokens); 0 means none. */
  budget: number;
  /** `last_consolidated` from the file, clamped to the session. */
  lastConsolidated: number;
  /** Point index from which the whole `last_consolidated` is in force (its message is in the prefix), or null. */
  consolidatedAt: number | null;
  /** Point indices where the count window starts cutting (it did not at the turn before). */
  windowStarts: number[];
  /** True when the exact per-turn get_history path was used (a file where nanobot raises). */
  slowPath: boolean;
}

const NEVER = Number.MAX_SAFE_INTEGER;

/** Thrown inside the precompute when nanobot would raise somewhere: take the exact path. */
class Unusual extends Error {}

interface Prep {
  isUser: Uint8Array;
  chan: Uint8Array;
  /** Last user index < i (−1); length n + 1. */
  prevUser: Int32Array;
  /** First user index ≥ i (n); length n + 1. */
  nextUser: Int32Array;
  /** For a tool result with an id: last assistant index < i declaring that id (−1); else NEVER. */
  decl: Float64Array;
  /** Entries: message index, token prefix sums, user flag, entry-level declaration (as `decl`, over entries). */
  eMsg: number[];
  ePrefix: Float64Array;
  eUser: Uint8Array;
  eDecl: Float64Array;
  /** Entry position of the next / previous user entry (≥ k / ≤ k), −1 or length when none. */
  eNextUser: Int32Array;
  ePrevUser: Int32Array;
}

/** Ids an assistant message declares, as legalStart reads them; Unusual where Python would raise. */
function declared(m: PyDict): string[] {
  const calls = dictGet(m, 'tool_calls');
  if (!truthy(calls)) return [];
  if (typeof calls === 'string' || isDict(calls)) return [];
  if (!Array.isArray(calls)) throw new Unusual();
  const ids: string[] = [];
  for (const tc of calls) {
    if (!isDict(tc)) continue;
    const id = dictGet(tc, 'id');
    if (truthy(id)) ids.push(pyStr(id!));
  }
  return ids;
}

/**
 * `decl` of message `m` at position `i` of its sequence (for a tool result with a truthy id, the last
 * earlier declaring position), noting what `m` declares in `last`: one message at a time, so the
 * entries need not be kept to be scanned again.
 */
function declarationAt(m: PyDict, i: number, last: Map<string, number>): number {
  const r = dictGet(m, 'role');
  if (r === 'assistant') for (const id of declared(m)) last.set(id, i);
  else if (r === 'tool') {
    const id = dictGet(m, 'tool_call_id');
    if (truthy(id)) return last.get(pyStr(id!)) ?? -1;
  }
  return NEVER;
}

/**
 * The prepared arrays built one message at a time (a whole session's, or a large file's read in
 * blocks: no message is kept). `finish` throws Unusual where nanobot would raise somewhere (only the
 * exact path answers then), else a counter's own failure, else gives the arrays.
 */
class Preparer {
  private readonly rules;
  private readonly timestamps: boolean;
  private readonly runtimeContext: boolean;
  private n = 0;
  private p = -1;
  private readonly isUser: number[] = [];
  private readonly chan: number[] = [];
  private readonly prevUser: number[] = [];
  private readonly decl: number[] = [];
  private readonly declaredBy = new Map<string, number>();
  private readonly eMsg: number[] = [];
  private readonly toks: number[] = [];
  private readonly eUserList: number[] = [];
  private readonly eDeclList: number[] = [];
  private readonly entryDeclaredBy = new Map<string, number>();
  /** The first message whose declarations raise: found anywhere, it decides (as the whole-array pass before the entries did). */
  private declEnd: 'unusual' | { err: unknown } | null = null;
  /** The first entry where nanobot would raise, or the counter failed: the entries stop there. */
  private entryEnd: 'unusual' | { err: unknown } | null = null;

  constructor(
    opts: ReplayOptions,
    version: NanobotVersion,
    private readonly count: TokenCounter,
  ) {
    this.rules = rulesOf(version);
    this.timestamps = this.rules.timestamps && !!opts.includeTimestamps;
    this.runtimeContext = opts.includeRuntimeContext ?? true;
  }

  add(m: PyDict): void {
    const i = this.n++;
    this.prevUser.push(this.p);
    const user = dictGet(m, 'role') === 'user' ? 1 : 0;
    this.isUser.push(user);
    this.chan.push(truthy(dictGet(m, '_channel_delivery')) ? 1 : 0);
    if (user) this.p = i;
    // Past a message where nanobot would raise, only the roles still count (the exact path answers).
    if (this.declEnd) return;
    try {
      this.decl.push(declarationAt(m, i, this.declaredBy));
    } catch (err) {
      this.declEnd = err instanceof Unusual ? 'unusual' : { err };
      return;
    }
    if (this.entryEnd) return;
    try {
      this.entry(m, i);
    } catch (err) {
      this.entryEnd = err instanceof Unusual ? 'unusual' : { err };
    }
  }

  /** Each entry is read for its role and declarations and then dropped: kept, thousands of entries would outlive V8's young generation and every scavenge would copy them, pausing the page. */
  private entry(m: PyDict, i: number): void {
    let e;
    try {
      e = replayEntry(m, i, 0, this.rules, this.timestamps, this.runtimeContext, []);
    } catch {
      throw new Unusual();
    }
    if (typeof e === 'string') return;
    let t: number;
    try {
      t = this.count(e, i);
    } catch (err) {
      if ((err as { error?: unknown } | null)?.error) throw new Unusual();
      throw err;
    }
    if (!Number.isFinite(t)) throw new Unusual();
    this.eUserList.push(e.role === 'user' ? 1 : 0);
    this.eDeclList.push(declarationAt(e, this.eMsg.length, this.entryDeclaredBy));
    this.eMsg.push(i);
    this.toks.push(t);
  }

  finish(): Prep {
    const end = this.declEnd ?? this.entryEnd;
    if (end === 'unusual') throw new Unusual();
    if (end) throw end.err;
    const n = this.n;
    const isUser = Uint8Array.from(this.isUser);
    const prevUser = new Int32Array(n + 1);
    prevUser.set(this.prevUser);
    prevUser[n] = this.p;
    const nextUser = new Int32Array(n + 1);
    nextUser[n] = n;
    for (let i = n - 1; i >= 0; i--) nextUser[i] = isUser[i] ? i : nextUser[i + 1]!;
    const { eMsg, toks } = this;
    const m = eMsg.length;
    const ePrefix = new Float64Array(m + 1);
    for (let k = 0; k < m; k++) ePrefix[k + 1] = ePrefix[k]! + toks[k]!;
    const eUser = Uint8Array.from(this.eUserList);
    const eDecl = Float64Array.from(this.eDeclList);
    const eNextUser = new Int32Array(m + 1);
    const ePrevUser = new Int32Array(m + 1);
    eNextUser[m] = m;
    for (let k = m - 1; k >= 0; k--) eNextUser[k] = eUser[k] ? k : eNextUser[k + 1]!;
    let q = -1;
    for (let k = 0; k < m; k++) ePrevUser[k] = q = eUser[k] ? k : q;
    ePrevUser[m] = q;
    return { isUser, chan: Uint8Array.from(this.chan), prevUser, nextUser, decl: Float64Array.from(this.decl), eMsg, ePrefix, eUser, eDecl, eNextUser, ePrevUser };
  }
}

function* prepare(messages: PyDict[], opts: ReplayOptions, version: NanobotVersion, count: TokenCounter): Generator<void, Prep> {
  const p = new Preparer(opts, version, count);
  for (const m of messages) {
    p.add(m);
    yield;
  }
  return p.finish();
}

/** nanobot's recent_message_start_index over `[lo, hi)`, as an offset from `lo`, in O(1). */
function recentStart(p: Prep, lo: number, hi: number, max: number, extend: boolean): number {
  const n = hi - lo;
  let start = Math.max(0, n - max);
  if (!extend || n <= max) return start;
  if (p.prevUser[hi]! >= lo + start) return start;
  const j = p.prevUser[lo + start]!;
  if (j >= lo) start = j - lo > 0 && p.chan[j - 1] ? j - lo - 1 : j - lo;
  return start;
}

/** legalStart by declarations: the reset point after the last orphan tool result in [from, to). */
function legalFrom(decl: Float64Array, from: number, to: number): number {
  let r = from;
  for (let i = from; i < to; i++) if (decl[i]! < r) r = i + 1;
  return r;
}

/** One turn over the prepared arrays: get_history's steps in order (see replay.ts). */
function turnAt(p: Prep, L: number, lc: number, maxMessages: number | null, opts: ReplayOptions, rules: VersionRules): Omit<TurnPoint, 'turn' | 'index' | 'upto'> {
  const tail = rules.archivedReplayTail;
  let base = lc;
  if (tail && lc > 0) base = Math.min(lc, recentStart(p, 0, L, tail, true));
  let start = 0;
  if (maxMessages !== null && maxMessages < 0) start = Math.min(-maxMessages, L - base);
  else if (maxMessages !== null && !(base < lc && L - lc < maxMessages)) start = recentStart(p, base, L, maxMessages, rules.extendToUser && !!opts.extendToUser);
  let from = base + start;
  const fu = p.nextUser[from]!;
  if (rules.replayUserStart !== 'none' && fu < L && fu > from) from = rules.replayUserStart === 'user-or-delivery' && p.chan[fu - 1] ? fu - 1 : fu;
  if (rules.replayOrphanDrop) from = legalFrom(p.decl, from, L);
  const k0 = lowerBound(p.eMsg, from);
  const k1 = lowerBound(p.eMsg, L, k0);
  let cut = k0;
  let budgetCut = false;
  const maxTokens = rules.replayBudget ? (opts.maxTokens ?? 0) : 0;
  if (maxTokens > 0 && k1 > k0) {
    // Smallest k whose suffix sum fits; the newest entry is always taken.
    let lo = k0;
    let hi = k1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (p.ePrefix[k1]! - p.ePrefix[mid]! <= maxTokens) hi = mid;
      else lo = mid + 1;
    }
    const keepFrom = Math.min(lo, k1 - 1);
    const fk = p.eNextUser[keepFrom]!;
    if (fk < k1) cut = fk;
    else cut = p.ePrevUser[k1 - 1]! >= k0 ? p.ePrevUser[k1 - 1]! : keepFrom;
    cut = legalFrom(p.eDecl, cut, k1);
    budgetCut = Math.min(cut, keepFrom) > k0;
  }
  return {
    tokens: p.ePrefix[k1]! - p.ePrefix[cut]!,
    messages: k1 - cut,
    first: k1 > cut ? p.eMsg[cut]! : -1,
    windowCut: start > 0,
    budgetCut,
    error: false,
  };
}

/** The exact path: get_history on each prefix (files where nanobot raises somewhere). */
function slowTurn(messages: PyDict[], L: number, lc: number | PyValue, opts: ReplayOptions, version: NanobotVersion, count: TokenCounter): Omit<TurnPoint, 'turn' | 'index' | 'upto'> {
  const r = getHistory(messages.slice(0, L), lc, opts, version, count);
  const tokens = r.error ? NaN : (r.tokens ?? []).reduce((a, b) => a + b, 0);
  return {
    tokens,
    messages: r.entries.length,
    first: r.sources[0] ?? -1,
    windowCut: !r.error && r.fates.some((f) => !f.kept && f.reason === 'window'),
    budgetCut: r.fates.some((f) => !f.kept && f.reason === 'budget'),
    error: !!r.error,
  };
}

/** A turn where slicing with the stored last_consolidated raises: nothing sent, nanobot raises. */
const SLICE_RAISES = { tokens: NaN, messages: 0, first: -1, windowCut: false, budgetCut: false, error: true } as const;

/**
 * The file's last_consolidated for the chart, and what each prefix of `L` messages slices with: today's value
 * clamped, or where a stored value nothing checked (0.2.0/0.2.1) is, Python's slice of that prefix (the value
 * itself where the slice raises, so get_history answers with its TypeError).
 */
function slicing(lastConsolidated: number | PyValue, n: number, rules: VersionRules): { lcFile: number; lcAt: (L: number) => number | PyValue } {
  if (!rules.replaySkipsConsolidated) {
    const lcFile = typeof lastConsolidated === 'number' && Number.isInteger(lastConsolidated) && lastConsolidated >= 0 ? Math.min(lastConsolidated, n) : (pySliceStart(lastConsolidated, n) ?? 0);
    return { lcFile, lcAt: () => 0 };
  }
  if (typeof lastConsolidated === 'number' && Number.isInteger(lastConsolidated) && lastConsolidated >= 0) {
    const lcFile = Math.min(lastConsolidated, n);
    return { lcFile, lcAt: (L) => Math.min(lcFile, L) };
  }
  return { lcFile: pySliceStart(lastConsolidated, n) ?? 0, lcAt: (L) => pySliceStart(lastConsolidated, L) ?? lastConsolidated };
}

/**
 * Step generator (run with `runSliced`, or `runNow` in tests) computing the replay as of every user
 * turn under `opts` (the agent loop's, usually); `count` should be a cached counter. `lastConsolidated`
 * is what nanobot slices with (replayLastConsolidated): an unchecked stored value slices each prefix as Python does.
 */
export function* contextOverTimeSteps(messages: PyDict[], lastConsolidated: number | PyValue, opts: ReplayOptions, version: NanobotVersion, count: TokenCounter): Generator<void, ContextOverTime> {
  const rules = rulesOf(version);
  const maxMessages = windowMaxMessages(opts.maxMessages, rules);
  const n = messages.length;
  const { lcFile, lcAt } = slicing(lastConsolidated, n, rules);
  let prep: Prep | null = null;
  try {
    prep = yield* prepare(messages, opts, version, count);
  } catch (e) {
    if (!(e instanceof Unusual)) throw e;
  }
  const points: TurnPoint[] = [];
  for (let i = 0; i < n; i++) {
    if (dictGet(messages[i]!, 'role') !== 'user') continue;
    const L = i + 1;
    const lc = lcAt(L);
    const at = prep && typeof lc === 'number' ? turnAt(prep, L, lc, maxMessages, opts, rules) : slowTurn(messages, L, lc, opts, version, count);
    points.push({ turn: points.length, index: i, upto: L, ...at });
    if (!prep || (points.length & 63) === 0) yield;
  }
  return summary(points, lcFile, opts, !prep, rules);
}

/** The points' summary: where last_consolidated is in force, where the count window starts cutting. */
function summary(points: TurnPoint[], lcFile: number, opts: ReplayOptions, slowPath: boolean, rules: VersionRules): ContextOverTime {
  // (0.1.4 and post1 replay archived messages too: last_consolidated is never in force.)
  const consolidatedAt = lcFile > 0 && rules.replaySkipsConsolidated ? points.findIndex((pt) => pt.upto >= lcFile) : -1;
  const windowStarts = points.flatMap((pt, k) => (pt.windowCut && (k === 0 || !points[k - 1]!.windowCut) ? [k] : []));
  return { points, budget: opts.maxTokens ?? 0, lastConsolidated: lcFile, consolidatedAt: consolidatedAt >= 0 ? consolidatedAt : null, windowStarts, slowPath };
}

/**
 * Context over time fed one message at a time (a file too big to hold, read in blocks): the same
 * answer as `contextOverTimeSteps` on the same messages, or null where nanobot would raise somewhere
 * (its exact path replays every prefix, which needs the messages held).
 */
export class ContextOverTimeStream {
  private readonly prep: Preparer;
  constructor(
    private readonly opts: ReplayOptions,
    private readonly version: NanobotVersion,
    count: TokenCounter,
  ) {
    this.prep = new Preparer(opts, version, count);
  }

  add(m: PyDict): void {
    this.prep.add(m);
  }

  /** `lastConsolidated`: what nanobot slices with (replayLastConsolidated), as in contextOverTimeSteps. */
  finish(lastConsolidated: number | PyValue): ContextOverTime | null {
    let prep: Prep;
    try {
      prep = this.prep.finish();
    } catch (e) {
      if (e instanceof Unusual) return null;
      throw e;
    }
    const rules = rulesOf(this.version);
    const maxMessages = windowMaxMessages(this.opts.maxMessages, rules);
    const n = prep.isUser.length;
    const { lcFile, lcAt } = slicing(lastConsolidated, n, rules);
    const points: TurnPoint[] = [];
    for (let i = 0; i < n; i++) {
      if (!prep.isUser[i]) continue;
      const L = i + 1;
      const lc = lcAt(L);
      // The slice itself raising (a stored "3"): get_history's TypeError at this turn, as slowTurn answers it.
      const at = typeof lc === 'number' ? turnAt(prep, L, lc, maxMessages, this.opts, rules) : SLICE_RAISES;
      points.push({ turn: points.length, index: i, upto: L, ...at });
    }
    return summary(points, lcFile, this.opts, false, rules);
  }
}
