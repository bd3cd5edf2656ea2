/**
 * nanobot's `Session.get_history()`: what the agent sends back to the model, plus the fate of every
 * message of the file (kept, or why it was left out) and what was changed on the way.
 */
import { rulesOf, type NanobotVersion, type VersionRules } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { pyStr } from '../python/pyrepr';
import { pyStrip } from '../python/pytext';
import { copyDepth, DEEPCOPY_RECURSION, dictGet, isDict, pySliceStart, pyTypeName, truthy, type PyDict, type PyValue } from '../python/pyvalue';
import { hasRuntimeContext, publicHistoryMessage } from '../nanobot/runtime-context';
import { sanitizeAssistantReplayText } from '../listing/sanitize';
import { pyLower } from '../python/unicode14';

export interface ReplayOptions {
  /** Absent: the version's default (120, 2000, or none at main). */
  maxMessages?: number;
  maxTokens?: number;
  /** v0.2 only (other versions have no such parameter and ignore it). */
  includeTimestamps?: boolean;
  extendToUser?: boolean;
  /** v0.3.0+: false gives the public view (§40); the agent loop replays with true. */
  includeRuntimeContext?: boolean;
}

/** Why a message is not in the replay. */
export type DropReason =
  | 'consolidated' // below last_consolidated: archived to memory
  | 'window' // outside the max_messages window
  | 'before-user' // before the first user turn of the window
  | 'orphan' // a tool result whose call is not in the replay
  | 'before-orphan' // cut together with a later orphan tool result
  | 'command' // a slash-command row (_command)
  | 'blank' // an assistant message with nothing to say
  | 'budget' // over the token budget
  | 'budget-cut'; // fits the budget, but before the user turn the replay is cut to after it

/** What the replay did to a message on the way; 'archived': below last_consolidated but replayed again (main's last 8). */
export type Change = 'sanitized' | 'breadcrumbs' | 'timestamp' | 'public-view' | 'archived';

export type Fate = { kept: true; entry: number; changes: Change[] } | { kept: false; reason: DropReason };

export interface ReplayResult {
  /** The exact provider messages, keys in nanobot's order. */
  entries: PyDict[];
  /** Index into the session's messages of each entry. */
  sources: number[];
  /** One per message of the session. */
  fates: Fate[];
  /**
   * Token estimate of each entry, when a counter was given. Entries nanobot's budget walk never
   * reached are counted for display only (NaN where nanobot's estimator would raise).
   */
  tokens: number[] | null;
  /** The exception nanobot would raise, and the message that makes it raise. */
  error: (PyError & { message_index: number }) | null;
}

export type TokenCounter = (entry: PyDict, source: number) => number;

/** An exception nanobot's `get_history` raises, at the message that makes it raise. */
export class Raise {
  constructor(readonly error: PyError, readonly index: number) {}
}

function role(m: PyDict): PyValue | undefined {
  return dictGet(m, 'role');
}

/** Python iteration over `msg.get("tool_calls") or []`, which raises on non-iterables. */
export function iterate(v: PyValue, index: number): PyValue[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return Array.from(v);
  if (isDict(v)) return Object.keys(v);
  throw new Raise({ type: 'TypeError', message: `'${pyTypeName(v)}' object is not iterable` }, index);
}

/**
 * Contract E21: the first index from which every tool result answers a call declared after it.
 * `idx` maps positions to message indices (for error reporting).
 */
export function legalStart(messages: PyDict[], idx: (i: number) => number = (i) => i): number {
  const walk = new LegalWalk();
  messages.forEach((m, i) => walk.push(m, idx(i)));
  return walk.start;
}

/** `legalStart` a message at a time, so a caller can walk a range without holding it. */
export class LegalWalk {
  private declared = new Set<string>();
  private n = 0;
  /** The legal start of the messages walked so far (relative to the first). */
  start = 0;

  /** How many messages were walked. */
  get count(): number {
    return this.n;
  }

  /** Walks message `m` (`index`: its message index, for a raised error's words). */
  push(m: PyDict, index: number): void {
    const i = this.n++;
    const r = role(m);
    if (r === 'assistant') {
      const calls = dictGet(m, 'tool_calls');
      for (const tc of truthy(calls) ? iterate(calls!, index) : []) {
        if (isDict(tc)) {
          const id = dictGet(tc, 'id');
          if (truthy(id)) this.declared.add(pyStr(id!));
        }
      }
    } else if (r === 'tool') {
      const id = dictGet(m, 'tool_call_id');
      if (truthy(id) && !this.declared.has(pyStr(id!))) {
        this.start = i + 1;
        this.declared = new Set();
      }
    }
  }

  /** Walks `count` messages that declare and answer nothing (neither an assistant's tool calls nor a tool result's id). */
  skip(count: number): void {
    this.n += count;
  }
}

/** Token counting can raise a Python error (reported as `{error}` on the thrown object). */
export function countOrRaise(count: TokenCounter, entry: PyDict, source: number): number {
  try {
    return count(entry, source);
  } catch (e) {
    const err = (e as { error?: PyError } | null)?.error;
    if (err && typeof err.type === 'string') throw new Raise(err, source);
    throw e;
  }
}

function firstUser(ms: PyDict[]): number {
  return ms.findIndex((m) => role(m) === 'user');
}

/** The breadcrumbs of the first 8 attachments (`cli_apps`, `mcp_presets`) that are dicts with a name, one line each. */
function attachmentLines(list: PyValue[], line: (name: string, attachment: PyDict) => string): string {
  const lines: string[] = [];
  for (const a of list.slice(0, 8)) {
    if (!isDict(a)) continue;
    const name = attachmentName(dictGet(a, 'name'));
    if (name) lines.push(line(name, a));
  }
  return lines.join('\n');
}

/**
 * Contract E23 and §36–38: media, CLI-app and (v0.2) MCP-preset breadcrumbs on string content (`user`: a
 * user turn; media alone also on other roles where the version puts them there).
 */
function withBreadcrumbs(m: PyDict, content: string, rules: VersionRules, cliApps: boolean, user: boolean): string {
  const blocks: string[] = [];
  const media = dictGet(m, 'media');
  if (rules.mediaBreadcrumbs !== 'none' && (user || rules.mediaBreadcrumbs === 'any-role') && Array.isArray(media) && media.length) {
    const crumbs = media.filter((p): p is string => typeof p === 'string' && p !== '').map((p) => `[image: ${p}]`).join('\n');
    if (crumbs || rules.bareMediaNewline) blocks.push(crumbs);
  }
  const apps = dictGet(m, 'cli_apps');
  if (user && cliApps && Array.isArray(apps) && apps.length) {
    const lines = attachmentLines(apps, (name, app) => `[CLI App Attachment: @${name}; tool=run_cli_app; entry_point=${strOr(dictGet(app, 'entry_point'), 'unknown')}; skill=skills/cli-app-${name}/SKILL.md]`);
    if (lines) blocks.push(lines);
  }
  const presets = dictGet(m, 'mcp_presets');
  if (user && rules.mcpPresetBreadcrumbs && Array.isArray(presets) && presets.length) {
    const lines = attachmentLines(presets, (name, p) => `[MCP Preset Attachment: @${name}; tool_prefix=mcp_${name}_; transport=${strOr(dictGet(p, 'transport'), 'mcp')}]`);
    if (lines) blocks.push(lines);
  }
  for (const b of blocks) content = content ? content + '\n' + b : b;
  return content;
}

/** `str(v or "").strip() or fallback` */
function strOr(v: PyValue | undefined, fallback: string): string {
  return pyStrip(truthy(v) ? pyStr(v!) : '') || fallback;
}

/** `str(name or "").strip().lower()` */
function attachmentName(v: PyValue | undefined): string {
  return pyLower(pyStrip(truthy(v) ? pyStr(v!) : ''));
}

/** `recent_message_start_index` over messages [from, n) read through `at`, as an offset from `from`. */
function recentStartIn(at: (i: number) => PyDict, from: number, n: number, max: number, extendToUser: boolean): number {
  let start = Math.max(from, n - max);
  if (!extendToUser || n - from <= max) return start - from;
  for (let i = start; i < n; i++) if (role(at(i)) === 'user') return start - from;
  for (let i = start - 1; i >= from; i--) {
    if (role(at(i)) === 'user') {
      start = i > from && truthy(dictGet(at(i - 1), '_channel_delivery')) ? i - 1 : i;
      break;
    }
  }
  return start - from;
}

/** The `last_consolidated` the replay slices from: 0 where the version replays the whole file (0.1.4, post1). */
function slicedFrom(lastConsolidated: number, rules: VersionRules): number {
  return rules.replaySkipsConsolidated ? lastConsolidated : 0;
}

/**
 * Where the replayable part starts (§35): `last_consolidated`, or at main the start of the last
 * 8 messages when that is earlier (archived messages are replayed again).
 */
function replayStart(at: (i: number) => PyDict, n: number, lastConsolidated: number, rules: VersionRules): number {
  if (!rules.archivedReplayTail || lastConsolidated <= 0) return lastConsolidated;
  return Math.min(lastConsolidated, recentStartIn(at, 0, n, rules.archivedReplayTail, true));
}

/**
 * The `max_messages` a replay windows with: the version's default when absent, what a non-positive one means
 * (null: no window), or a negative one as it is where Python's `[-n:]` drops the first n.
 */
export function windowMaxMessages(maxMessages: number | undefined, rules: VersionRules): number | null {
  const max = maxMessages ?? rules.defaultMaxMessages;
  if (max < 0 && rules.negativeMaxMessages === 'drops-first') return max;
  return max <= 0 ? rules.nonPositiveMaxMessages : max;
}

/** The count window over the replayable part `[base, n)`, as an offset into it. */
function windowStart(at: (i: number) => PyDict, n: number, base: number, lastConsolidated: number, maxMessages: number | null, extendToUser: boolean): number {
  if (maxMessages === null) return 0;
  if (maxMessages < 0) return Math.min(-maxMessages, n - base); // `[-(-k):]`: all but the first k
  // main: an archived tail is replayed whole while the unarchived part is shorter than the window.
  if (base < lastConsolidated && n - lastConsolidated < maxMessages) return 0;
  return recentStartIn(at, base, n, maxMessages, extendToUser);
}

/**
 * The provider entry of message `i` (or why it has none), with what was changed on the way into
 * `ch`. Depends only on the message and the flags, so a caller replaying many prefixes of one
 * session (context over time) builds each entry once.
 */
export function replayEntry(m: PyDict, i: number, lastConsolidated: number, rules: VersionRules, timestamps: boolean, runtimeContext: boolean, ch: Change[]): PyDict | 'command' | 'blank' {
  if (rules.replaySkipsCommands && truthy(dictGet(m, '_command'))) return 'command';
  if (i < lastConsolidated) ch.push('archived');
  const marked = rules.runtimeContext && hasRuntimeContext(m);
  if (rules.runtimeContext && !runtimeContext) {
    // The public view deep-copies every message it replays.
    const copyBudget = rules.depthBudget.publicReplayCopy;
    if (copyBudget !== null && copyDepth(m) > copyBudget) throw new Raise({ ...DEEPCOPY_RECURSION }, i);
    const pub = publicHistoryMessage(m);
    // Not where the public view changed nothing a model would see (only the marker went).
    if (pub !== m && dictGet(pub, 'content') !== dictGet(m, 'content')) ch.push('public-view');
    m = pub;
  }
  const r = role(m);
  const raw = dictGet(m, 'content');
  let content: PyValue = raw === undefined ? '' : raw;
  if (rules.replayCleansAssistant && r === 'assistant' && typeof content === 'string') {
    const clean = sanitizeAssistantReplayText(content);
    if (clean !== content) ch.push('sanitized');
    content = clean;
    if (!pyStrip(content) && !('tool_calls' in m || 'reasoning_content' in m || 'thinking_blocks' in m)) return 'blank';
  }
  if (typeof content === 'string') {
    const user = r === 'user';
    const cliApps = rules.cliAppBreadcrumbs && (!rules.cliAppsNeedRuntimeContext || (runtimeContext && !marked));
    const withCrumbs = withBreadcrumbs(m, content, rules, cliApps, user);
    if (withCrumbs !== content) ch.push('breadcrumbs');
    content = withCrumbs;
    const ts = dictGet(m, 'timestamp');
    const stamped = user || (rules.deliveryTimestamps && r === 'assistant' && truthy(dictGet(m, '_channel_delivery')));
    if (timestamps && stamped && truthy(ts)) {
      content = `[Message Time: ${pyStr(ts!)}]\n${content}`;
      ch.push('timestamp');
    }
  }
  if (r === undefined) throw new Raise({ type: 'KeyError', message: "'role'" }, i);
  const entry: PyDict = { role: r, content };
  for (const f of rules.replayFields) {
    const v = dictGet(m, f);
    if (v !== undefined) entry[f] = v;
  }
  return entry;
}

/**
 * Where the replay starts: `base` (last_consolidated, or main's archived tail) and `from` (the count
 * window applied), from what `at(i)` says of each message's role and `_channel_delivery` only.
 */
export function replayBounds(at: (i: number) => PyDict, count: number, lastConsolidated: number, opts: ReplayOptions, version: NanobotVersion): { base: number; from: number } {
  const rules = rulesOf(version);
  const maxMessages = windowMaxMessages(opts.maxMessages, rules);
  const lc = slicedFrom(lastConsolidated, rules);
  const base = replayStart(at, count, lc, rules);
  return { base, from: base + windowStart(at, count, base, lc, maxMessages, rules.extendToUser && !!opts.extendToUser) };
}

/**
 * A session's messages [0, count) of which only [tailStart, count) are in hand: all of them for a
 * loaded session, the last few for a file read by its line index.
 */
export interface HeldMessages {
  count: number;
  tailStart: number;
  tail: PyDict[];
}

/**
 * A replay over held messages: messages before `base` are 'consolidated', those in [base, from)
 * outside the 'window', and `fates` covers [from, count).
 */
export interface HeldReplay extends Omit<ReplayResult, 'fates'> {
  base: number;
  from: number;
  fates: Fate[];
}

/** Thrown when a rule reads a message that is no longer held. */
const NOT_HELD = Symbol('not held');

/**
 * nanobot's `get_history(...)` over held messages, or null when its answer depends on a message
 * before the held tail (then the caller replays the whole session instead).
 */
export function replayHeld(held: HeldMessages, lastConsolidated: number, opts: ReplayOptions, version: NanobotVersion, countTokens?: TokenCounter): HeldReplay | null {
  const rules = rulesOf(version);
  const { count, tailStart, tail } = held;
  const maxMessages = windowMaxMessages(opts.maxMessages, rules);
  const at = (i: number): PyDict => {
    if (i < tailStart) throw NOT_HELD;
    return tail[i - tailStart]!;
  };
  let base: number;
  let start: number;
  try {
    const lc = slicedFrom(lastConsolidated, rules);
    base = replayStart(at, count, lc, rules);
    start = windowStart(at, count, base, lc, maxMessages, rules.extendToUser && !!opts.extendToUser);
  } catch (e) {
    if (e === NOT_HELD) return null;
    throw e;
  }
  const from = base + start;
  if (from < tailStart) return null;
  return { base, from, ...replayFrom(tail.slice(from - tailStart), from, lastConsolidated, opts, rules, countTokens) };
}

/**
 * The replay of `window` (the session's messages from index `offset` on, the count window already
 * applied): the cut to a user turn, orphan tool results, entries and the token budget.
 */
function replayFrom(window: PyDict[], offset: number, lastConsolidated: number, opts: ReplayOptions, rules: VersionRules, countTokens?: TokenCounter): Omit<ReplayResult, 'fates'> & { fates: Fate[] } {
  const maxTokens = rules.replayBudget ? (opts.maxTokens ?? 0) : 0;
  const timestamps = rules.timestamps && !!opts.includeTimestamps;
  const runtimeContext = opts.includeRuntimeContext ?? true;
  const end = offset + window.length;
  const fates: Fate[] = new Array(window.length);
  const drop = (from: number, to: number, reason: DropReason) => {
    for (let i = from; i < to; i++) fates[i - offset] = { kept: false, reason };
  };
  const at = (i: number) => window[i - offset]!;
  let from = offset;
  const fu = rules.replayUserStart === 'none' ? -1 : firstUser(window);
  if (fu > 0) {
    const cut = rules.replayUserStart === 'user-or-delivery' && truthy(dictGet(at(from + fu - 1), '_channel_delivery')) ? fu - 1 : fu;
    drop(from, from + cut, 'before-user');
    from += cut;
  }
  try {
    const ls = rules.replayOrphanDrop ? legalStart(window.slice(from - offset), (i) => from + i) : 0;
    if (ls > 0) {
      drop(from, from + ls - 1, 'before-orphan');
      drop(from + ls - 1, from + ls, 'orphan');
      from += ls;
    }
    let entries: PyDict[] = [];
    let sources: number[] = [];
    const changes: Change[][] = [];
    for (let i = from; i < end; i++) {
      const ch: Change[] = [];
      const entry = replayEntry(at(i), i, lastConsolidated, rules, timestamps, runtimeContext, ch);
      if (typeof entry === 'string') {
        drop(i, i + 1, entry);
        continue;
      }
      entries.push(entry);
      sources.push(i);
      changes.push(ch);
    }
    let tokens: number[] | null = countTokens ? new Array<number>(entries.length) : null;
    if (maxTokens > 0 && countTokens) {
      // Newest first; nanobot estimates an entry only when its walk reaches it.
      let total = 0;
      let keepFrom = entries.length;
      for (let k = entries.length - 1; k >= 0; k--) {
        const t = (tokens![k] = countOrRaise(countTokens, entries[k]!, sources[k]!));
        if (keepFrom < entries.length && total + t > maxTokens) break;
        total += t;
        keepFrom = k;
      }
      let cut = keepFrom;
      const fk = entries.slice(keepFrom).findIndex((e) => e.role === 'user');
      if (fk >= 0) cut = keepFrom + fk;
      else {
        const lastUser = entries.map((e) => e.role).lastIndexOf('user');
        if (lastUser >= 0) cut = lastUser;
      }
      cut += legalStart(entries.slice(cut), (k) => sources[cut + k]!);
      for (let k = 0; k < cut; k++) drop(sources[k]!, sources[k]! + 1, k < keepFrom ? 'budget' : 'budget-cut');
      entries = entries.slice(cut);
      sources = sources.slice(cut);
      tokens = tokens!.slice(cut);
      changes.splice(0, cut);
    }
    if (tokens && countTokens) for (let k = 0; k < entries.length; k++) tokens[k] ??= countForDisplay(countTokens, entries[k]!, sources[k]!);
    sources.forEach((s, k) => (fates[s - offset] = { kept: true, entry: k, changes: changes[k]! }));
    return { entries, sources, fates, tokens, error: null };
  } catch (e) {
    if (!(e instanceof Raise)) throw e;
    for (let i = 0; i < window.length; i++) fates[i] ??= { kept: false, reason: 'window' };
    return { entries: [], sources: [], fates, tokens: null, error: { ...e.error, message_index: e.index } };
  }
}

/** The fate of message `i` in a replay over held messages. */
export function heldFate(r: HeldReplay, i: number): Fate {
  if (i < r.base) return { kept: false, reason: 'consolidated' };
  if (i < r.from) return { kept: false, reason: 'window' };
  return r.fates[i - r.from]!;
}

/** Python's error slicing the messages with a stored `last_consolidated` that is not an int (no message: index -1). */
export const SLICE_TYPE_ERROR = { type: 'TypeError', message: 'slice indices must be integers or None or have an __index__ method', message_index: -1 } as const;

/**
 * The `last_consolidated` nanobot's replay slices with for a loaded session: the stored value where the version
 * left it unchecked (a "3" raises, null replays everything), else the checked count. Every replay caller asks here.
 */
export function replayLastConsolidated(s: { lastConsolidated: number; storedLastConsolidated?: PyValue }, upto?: number): number | PyValue {
  if (s.storedLastConsolidated !== undefined) return s.storedLastConsolidated;
  return upto === undefined ? s.lastConsolidated : Math.min(s.lastConsolidated, upto);
}

/**
 * The `last_consolidated` a replay of the first `n` messages starts from (the session as of a turn):
 * where the version slices with a stored value unchecked, that value sliced over those `n` (a -3
 * counts from their end, not the whole session's); else the load's, clamped to them.
 */
export function lastConsolidatedOf(s: { lastConsolidated: number; storedLastConsolidated?: PyValue }, n: number, version: NanobotVersion): number {
  const sliced = s.storedLastConsolidated !== undefined && rulesOf(version).replaySkipsConsolidated ? pySliceStart(s.storedLastConsolidated, n) : null;
  return sliced ?? Math.min(s.lastConsolidated, n);
}

/**
 * Whether nanobot's replay raises slicing `count` messages with the session's stored
 * `last_consolidated` (a "3" its version left unchecked): `get_history` raises SLICE_TYPE_ERROR
 * before reading any message then. What a replay of a loaded session's head asks (both sources).
 */
export function slicingRaises(s: { storedLastConsolidated?: PyValue }, count: number, version: NanobotVersion): boolean {
  return s.storedLastConsolidated !== undefined && rulesOf(version).replaySkipsConsolidated && pySliceStart(s.storedLastConsolidated, count) === null;
}

/** nanobot's `get_history(...)` at a version on a loaded session, explained message by message. */
export function getHistory(
  messages: PyDict[],
  lastConsolidated: number | PyValue,
  opts: ReplayOptions,
  version: NanobotVersion,
  countTokens?: TokenCounter,
): ReplayResult {
  // A session's stored `last_consolidated` where its version did not check it (storedLastConsolidated): Python slices
  // with it where the replay reads it (0.1.4 and post1 do not: there it only marks the archived messages replayed again).
  const valid = typeof lastConsolidated === 'number' && lastConsolidated >= 0;
  const lc = valid ? lastConsolidated : rulesOf(version).replaySkipsConsolidated ? pySliceStart(lastConsolidated, messages.length) : 0;
  if (lc === null) {
    const fates: Fate[] = messages.map(() => ({ kept: false, reason: 'consolidated' }));
    return { entries: [], sources: [], fates, tokens: null, error: { ...SLICE_TYPE_ERROR } };
  }
  const r = replayHeld({ count: messages.length, tailStart: 0, tail: messages }, lc, opts, version, countTokens)!;
  const fates: Fate[] = new Array(messages.length);
  for (let i = 0; i < messages.length; i++) fates[i] = heldFate(r, i);
  return { entries: r.entries, sources: r.sources, fates, tokens: r.tokens, error: r.error };
}

/** An estimate nanobot never made, shown anyway: NaN where its estimator would raise. */
export function countForDisplay(count: TokenCounter, entry: PyDict, source: number): number {
  try {
    return count(entry, source);
  } catch (e) {
    if ((e as { error?: PyError } | null)?.error) return NaN;
    throw e;
  }
}

/** First index ≥ lo of a sorted array that is ≥ x (a message's place among the entries or the steps of a replay). */
export function lowerBound(a: number[], x: number, lo = 0): number {
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
