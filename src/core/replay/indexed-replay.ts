/**
 * nanobot's `get_history()` over a file streamed past once, holding an index instead of the
 * messages: per message its line, role, `_channel_delivery`, whether the replay drops it as a
 * command or a blank, whether it makes the replay raise, and its tool-call ids. From the index
 * alone the replay's start (last_consolidated, main's archived tail, the count window and
 * `extend_to_user`), the cut to a user turn, the orphan tool results and the drops are found; then
 * the messages are read back from the file's end, counting nanobot's tokens per message, until
 * the budget is settled, and only the messages the replay keeps are decoded. Memory follows the
 * kept replay plus the index, never the file. Equal to `getHistory` on the whole session (a
 * property test, and every golden fixture).
 */
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { pyStr } from '../python/pyrepr';
import { pyStrip } from '../python/pytext';
import { copyDepth, DEEPCOPY_RECURSION, dictGet, isDict, truthy, type PyDict } from '../python/pyvalue';
import { publicHistoryMessage } from '../nanobot/runtime-context';
import { grown } from '../index/line-index';
import { sanitizeAssistantReplayText } from '../listing/sanitize';
import { countForDisplay, countOrRaise, iterate, lowerBound, Raise, replayBounds, replayEntry, type Change, type DropReason, type Fate, type ReplayOptions, type TokenCounter } from './replay';

const DELIVERY = 1;
const COMMAND = 2;
const BLANK = 4;
/** The entry raises (no role). */
const RAISES_ENTRY = 8;
/** `tool_calls` is truthy and not iterable: the orphan scan raises on an assistant. */
const RAISES_CALLS = 16;

/** `a`, or a copy with room for `need` elements (at least twice as many) when it has less. */
const grownTo = <T extends Int32Array | Uint8Array | Uint16Array | Uint32Array>(a: T, need: number): T => (need <= a.length ? a : grown(a, Math.max(need, a.length * 2)));

/** What the replay needs of every message, gathered as each passes (a load pass's sink). */
export interface ReplayIndex {
  count: number;
  /** 0-based file line of each message. */
  lines: Int32Array;
  /** The role of message `i` when it is a string, else '?'. */
  roleOf(i: number): string;
  /** @internal */ roles: Uint16Array;
  /** @internal */ flags: Uint8Array;
  /** @internal */ userRole: number;
  /** @internal */ assistantRole: number;
  /** @internal */ toolRole: number;
  /** Interned `tool_call_id` of a tool message (-1: none). @internal */ result: Int32Array;
  /** Interned ids an assistant declares: `calls[callStart[i]..callStart[i+1])`. @internal */ callStart: Uint32Array;
  /** @internal */ calls: Int32Array;
  /** The exception a message makes the replay raise (RAISES_* flags). @internal */ raises: Map<number, PyError>;
}

/**
 * Indexes messages as a load pass adds them. `opts` must be the replay's: whether a message is
 * blank depends on the public view (`includeRuntimeContext`). A message's tool-call ids are interned (one string per id).
 */
export class ReplayIndexer {
  private n = 0;
  private lines = new Int32Array(1024);
  private roles = new Uint16Array(1024);
  private flags = new Uint8Array(1024);
  private result = new Int32Array(1024);
  private callStart = new Uint32Array(1025);
  private calls = new Int32Array(1024);
  private nCalls = 0;
  private ids = new Map<string, number>();
  /** Each interned id's text, by its number (what `copy` reads of another indexer). */
  private idNames: string[] = [];
  private roleIds = new Map<string, number>();
  private roleNames = ['?'];
  private raises = new Map<number, PyError>();
  private readonly rules;
  private readonly runtimeContext: boolean;

  constructor(opts: ReplayOptions, version: NanobotVersion) {
    this.rules = rulesOf(version);
    this.runtimeContext = opts.includeRuntimeContext ?? true;
  }

  private intern(id: string): number {
    let k = this.ids.get(id);
    if (k === undefined) {
      k = this.ids.size;
      this.ids.set(id, k);
      this.idNames.push(id);
    }
    return k;
  }

  private roleId(role: unknown): number {
    if (typeof role !== 'string') return 0;
    let id = this.roleIds.get(role);
    if (id === undefined) {
      if (this.roleNames.length > 0xffff) return 0; // past 65,535 distinct roles the rest print as '?'
      id = this.roleNames.push(role) - 1;
      this.roleIds.set(role, id);
    }
    return id;
  }

  /** Room for `need` messages. */
  private room(need: number): void {
    if (need < this.callStart.length && need <= this.lines.length) return;
    this.lines = grownTo(this.lines, need);
    this.roles = grownTo(this.roles, need);
    this.flags = grownTo(this.flags, need);
    this.result = grownTo(this.result, need);
    this.callStart = grownTo(this.callStart, need + 1);
  }

  /**
   * Room for `count` messages at once, where the caller knows how many it adds: each add then never
   * grows the arrays, so V8 compiles the adds without that path (a windowed replay's 10,000 stands).
   */
  reserve(count: number): void {
    this.room(count);
  }

  add(m: PyDict, line: number): void {
    const i = this.n++;
    this.room(this.n);
    this.lines[i] = line;
    const role = dictGet(m, 'role');
    // The three roles the rules compare get ids whatever their order of appearance.
    this.roles[i] = this.roleId(role);
    let f = truthy(dictGet(m, '_channel_delivery')) ? DELIVERY : 0;
    // What `replayEntry` decides of a message without building its entry: a command, a blank
    // assistant message (after the public view and the sanitizer), or a message without a role.
    if (this.rules.replaySkipsCommands && truthy(dictGet(m, '_command'))) f |= COMMAND;
    else if (role === 'assistant' && this.rules.replayCleansAssistant) {
      const v = this.rules.runtimeContext && !this.runtimeContext ? publicHistoryMessage(m) : m;
      const raw = dictGet(v, 'content');
      const content = raw === undefined ? '' : raw;
      if (typeof content === 'string' && !('tool_calls' in v || 'reasoning_content' in v || 'thinking_blocks' in v) && blankAfterSanitizing(content)) f |= BLANK;
    } else if (role === undefined) {
      f |= RAISES_ENTRY;
      this.raises.set(i, { type: 'KeyError', message: "'role'" });
    }
    this.result[i] = -1;
    if (role === 'assistant') {
      const tc = dictGet(m, 'tool_calls');
      try {
        for (const c of truthy(tc) ? iterate(tc!, i) : []) {
          if (!isDict(c)) continue;
          const id = dictGet(c, 'id');
          if (!truthy(id)) continue;
          this.calls = grownTo(this.calls, this.nCalls + 1);
          this.calls[this.nCalls++] = this.intern(pyStr(id!));
        }
      } catch (e) {
        if (!(e instanceof Raise)) throw e;
        f |= RAISES_CALLS;
        if (!(f & RAISES_ENTRY)) this.raises.set(i, e.error);
      }
    } else if (role === 'tool') {
      const id = dictGet(m, 'tool_call_id');
      if (truthy(id)) this.result[i] = this.intern(pyStr(id!));
    }
    // The public view deep-copies each message it replays (`replayEntry`): past the copy's depth
    // figure the replay raises there, which is known before any entry is made or handed on.
    const copyBudget = this.rules.depthBudget.publicReplayCopy;
    if (!(f & COMMAND) && copyBudget !== null && this.rules.runtimeContext && !this.runtimeContext && copyDepth(m) > copyBudget) {
      f = (f | RAISES_ENTRY) & ~BLANK;
      if (!(f & RAISES_CALLS)) this.raises.set(i, { ...DEEPCOPY_RECURSION });
    }
    this.callStart[i + 1] = this.nCalls;
    this.flags[i] = f;
  }

  /**
   * Adds a message before the replay's window start (`replayBounds`' `from`) by its role (a string,
   * else undefined) and `_channel_delivery` alone: the replay reads nothing else of such a message,
   * so a windowed replay need not read its value back (streamed-replay.ts).
   */
  addStand(line: number, role: string | undefined, delivery: boolean): void {
    const i = this.n++;
    this.room(this.n);
    this.lines[i] = line;
    this.roles[i] = this.roleId(role);
    this.flags[i] = delivery ? DELIVERY : 0;
    this.result[i] = -1;
    this.callStart[i + 1] = this.nCalls;
  }

  /** Messages added so far. */
  get count(): number {
    return this.n;
  }

  /** The file line of message `k`. */
  lineAt(k: number): number {
    return this.lines[k]!;
  }

  /**
   * Adds, as message `line`'s entry, entry `k` of `from` (an indexer not yet finished, of the same
   * options and version): what `add` of the same message would note, without its value.
   */
  copy(from: ReplayIndexer, k: number, line: number): void {
    const i = this.n++;
    this.room(this.n);
    this.lines[i] = line;
    const role = from.roles[k]!;
    this.roles[i] = role === 0 ? 0 : this.roleId(from.roleNames[role]);
    this.flags[i] = from.flags[k]!;
    const raised = from.raises.get(k);
    if (raised) this.raises.set(i, raised);
    const result = from.result[k]!;
    this.result[i] = result < 0 ? -1 : this.intern(from.idNames[result]!);
    for (let j = from.callStart[k]!; j < from.callStart[k + 1]!; j++) {
      this.calls = grownTo(this.calls, this.nCalls + 1);
      this.calls[this.nCalls++] = this.intern(from.idNames[from.calls[j]!]!);
    }
    this.callStart[i + 1] = this.nCalls;
  }

  /** The index, once every message is added. */
  finish(): ReplayIndex {
    const names = this.roleNames;
    const idOf = (r: string) => this.roleIds.get(r) ?? -1;
    this.ids.clear(); // the interned numbers are all the scans compare
    return {
      count: this.n,
      lines: this.lines.subarray(0, this.n),
      roleOf: (i) => names[this.roles[i]!]!,
      roles: this.roles,
      flags: this.flags,
      userRole: idOf('user'),
      assistantRole: idOf('assistant'),
      toolRole: idOf('tool'),
      result: this.result,
      callStart: this.callStart,
      calls: this.calls,
      raises: this.raises,
    };
  }
}

/**
 * Whether the sanitizer leaves nothing of an assistant's text. Everything it removes starts with
 * `[` (the time prefix, image breadcrumbs) or holds `(` (tool-call echoes), and the line breaks it
 * splits on are whitespace to `strip`: text with neither character is blank only if it strips to
 * nothing, which is asked without running the sanitizer's expressions on every message.
 */
function blankAfterSanitizing(content: string): boolean {
  if (!content.includes('[') && !content.includes('(')) return !pyStrip(content);
  return !pyStrip(sanitizeAssistantReplayText(content));
}

/** Reads message `i` (its value as nanobot loaded it); called for the messages the replay keeps. */
export type MessageAt = (i: number) => Promise<PyDict>;

/**
 * Takes each kept entry (its position among them, from 0) as soon as it is made, in order: the
 * replay then holds none of them (`entries` stays empty), and a printer writes each and lets it go.
 * Called only once the replay is known not to raise: no entry comes before an `error`.
 */
export type EntrySink = (entry: PyDict, k: number) => void;

/** A replay answered from the index: the kept entries (none when they went to an `EntrySink`), and every message's fate on demand. */
export interface IndexedReplay {
  entries: PyDict[];
  sources: number[];
  tokens: number[] | null;
  error: (PyError & { message_index: number }) | null;
  fate(i: number): Fate;
}

/** Stand-ins for the start rules, which read only a message's role and `_channel_delivery`. */
const STAND = [false, true].flatMap((user) => [false, true].map((d) => Object.freeze<PyDict>({ role: user ? 'user' : 'x', ...(d ? { _channel_delivery: true } : {}) })));

/**
 * The first position in [from, to) (of messages `order(k)`) from which every tool result answers a call
 * declared after the last orphan; the scan of nanobot's `find_legal_message_start` on ids.
 */
function legalFrom(ix: ReplayIndex, order: (k: number) => number, from: number, to: number): number {
  let declared = new Set<number>();
  let start = from;
  for (let k = from; k < to; k++) {
    const i = order(k);
    const r = ix.roles[i];
    if (r === ix.assistantRole) {
      for (let c = ix.callStart[i]!; c < ix.callStart[i + 1]!; c++) declared.add(ix.calls[c]!);
    } else if (r === ix.toolRole) {
      const id = ix.result[i]!;
      if (id >= 0 && !declared.has(id)) {
        start = k + 1;
        declared = new Set();
      }
    }
  }
  return start;
}

/**
 * nanobot's `get_history(...)` from the index: the same entries, sources, tokens, error and fates
 * as `getHistory` on the whole session, reading through `at` only the messages it keeps and those
 * its budget walk counts.
 */
export async function replayIndexed(ix: ReplayIndex, lastConsolidated: number, opts: ReplayOptions, version: NanobotVersion, at: MessageAt, countTokens?: TokenCounter, emit?: EntrySink): Promise<IndexedReplay> {
  const rules = rulesOf(version);
  const n = ix.count;
  const stand = (i: number) => STAND[(ix.roles[i] === ix.userRole ? 2 : 0) + (ix.flags[i]! & DELIVERY)]!;
  const { base, from } = replayBounds(stand, n, lastConsolidated, opts, version);
  // The cut to the window's first user turn (and a channel delivery just before it).
  let userAt = from;
  while (userAt < n && ix.roles[userAt] !== ix.userRole) userAt++;
  let from2 = from;
  if (rules.replayUserStart !== 'none' && userAt < n && userAt > from) from2 = rules.replayUserStart === 'user-or-delivery' && ix.flags[userAt - 1]! & DELIVERY ? userAt - 1 : userAt;
  const fail = (i: number, fates: (i: number) => Fate): IndexedReplay => ({ entries: [], sources: [], tokens: null, error: { ...ix.raises.get(i)!, message_index: i }, fate: fates });
  const windowFate = (i: number): Fate => (i < base ? { kept: false, reason: 'consolidated' } : i < from ? { kept: false, reason: 'window' } : i < from2 ? { kept: false, reason: 'before-user' } : { kept: false, reason: 'window' });
  // The orphan scan raises at the first assistant whose tool_calls cannot be iterated.
  // (Versions without the orphan drop never iterate the calls.)
  if (rules.replayOrphanDrop) for (let i = from2; i < n; i++) if (ix.flags[i]! & RAISES_CALLS && ix.roles[i] === ix.assistantRole) return fail(i, windowFate);
  const from3 = rules.replayOrphanDrop ? legalFrom(ix, (k) => k, from2, n) : from2;
  // The fates when the replay raises after the orphan scan: the cuts, the orphans, and the commands
  // and blanks it dropped before message `upTo` stay as they were; the rest is left out whole.
  const raisedFate = (upTo: number) => (i: number): Fate => {
    if (i < from2) return windowFate(i);
    if (i < from3) return { kept: false, reason: i === from3 - 1 ? 'orphan' : 'before-orphan' };
    const f = ix.flags[i]!;
    if (i < upTo && f & COMMAND) return { kept: false, reason: 'command' };
    if (i < upTo && f & BLANK) return { kept: false, reason: 'blank' };
    return { kept: false, reason: 'window' };
  };
  // Entries: every message from there but commands and blanks; the first without a role raises.
  const sourcesAll: number[] = [];
  for (let i = from3; i < n; i++) {
    const f = ix.flags[i]!;
    if (f & (COMMAND | BLANK)) continue;
    if (f & RAISES_ENTRY) return fail(i, raisedFate(i));
    sourcesAll.push(i);
  }
  const timestamps = rules.timestamps && !!opts.includeTimestamps;
  const runtimeContext = opts.includeRuntimeContext ?? true;
  const decoded = new Map<number, { entry: PyDict; changes: Change[] }>();
  const entryOf = async (k: number) => {
    let d = decoded.get(k);
    if (!d) {
      const i = sourcesAll[k]!;
      const changes: Change[] = [];
      const entry = replayEntry(await at(i), i, lastConsolidated, rules, timestamps, runtimeContext, changes) as PyDict;
      d = { entry, changes };
      decoded.set(k, d);
    }
    return d;
  };
  const counted = new Map<number, number>();
  let cut = 0;
  let keepFrom = 0;
  const maxTokens = rules.replayBudget ? (opts.maxTokens ?? 0) : 0;
  try {
    if (maxTokens > 0 && countTokens) {
      // Newest first; nanobot estimates an entry only when its walk reaches it.
      let total = 0;
      keepFrom = sourcesAll.length;
      for (let k = sourcesAll.length - 1; k >= 0; k--) {
        const t = countOrRaise(countTokens, (await entryOf(k)).entry, sourcesAll[k]!);
        counted.set(k, t);
        if (keepFrom < sourcesAll.length && total + t > maxTokens) {
          decoded.delete(k); // counted, not kept
          break;
        }
        total += t;
        keepFrom = k;
      }
      cut = keepFrom;
      let fk = keepFrom;
      while (fk < sourcesAll.length && ix.roles[sourcesAll[fk]!] !== ix.userRole) fk++;
      if (fk < sourcesAll.length) cut = fk;
      else {
        let lastUser = sourcesAll.length - 1;
        while (lastUser >= 0 && ix.roles[sourcesAll[lastUser]!] !== ix.userRole) lastUser--;
        if (lastUser >= 0) cut = lastUser;
      }
      cut = legalFrom(ix, (k) => sourcesAll[k]!, cut, sourcesAll.length);
    }
  } catch (e) {
    if (!(e instanceof Raise)) throw e;
    const error = { ...e.error, message_index: e.index };
    return { entries: [], sources: [], tokens: null, error, fate: raisedFate(n) };
  }
  const entries: PyDict[] = [];
  const changes: Change[][] = [];
  const tokens: number[] | null = countTokens ? [] : null;
  for (let k = cut; k < sourcesAll.length; k++) {
    const d = await entryOf(k);
    changes.push(d.changes);
    if (tokens) tokens.push(counted.get(k) ?? countForDisplay(countTokens!, d.entry, sourcesAll[k]!));
    if (!emit) entries.push(d.entry);
    else {
      // Handed on and let go: a window of 2,000 entries is never held decoded at once.
      decoded.delete(k);
      emit(d.entry, k - cut);
    }
  }
  decoded.clear();
  const sources = sourcesAll.slice(cut);
  const keepFromAt = keepFrom < sourcesAll.length ? sourcesAll[keepFrom]! : n;
  const firstKept = cut < sourcesAll.length ? sourcesAll[cut]! : n;
  const fate = (i: number): Fate => {
    if (i < from2) return windowFate(i);
    if (i < from3) return { kept: false, reason: i === from3 - 1 ? 'orphan' : 'before-orphan' };
    const f = ix.flags[i]!;
    if (f & COMMAND) return { kept: false, reason: 'command' };
    if (f & BLANK) return { kept: false, reason: 'blank' };
    if (i < firstKept) return { kept: false, reason: (i < keepFromAt ? 'budget' : 'budget-cut') as DropReason };
    // Every message from here on is an entry: its place among them.
    const k = lowerBound(sources, i);
    return { kept: true, entry: k, changes: changes[k]! };
  };
  return { entries, sources, tokens, error: null, fate };
}
