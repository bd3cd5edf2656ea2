/**
 * The lens "as nanobot sees it": nanobot's `_load`, its repair pass and the exceptions that make it
 * give up. The pieces its reads share (text lines, json.loads, the raise) are exported for the tests'
 * `read_session_file` and `read_session_metadata` (test/golden/read-session.ts).
 * Input is the file's bytes; nothing here throws on bad input — failures come back as data.
 */
import { isoRoundTrip } from '../python/isotime';
import { PY_TEXT_CHUNK, decodeLines, decodeStrict, findUtf8Fault, pendingAtChunkEnd, splitLines, utf8FaultMessageInFile, type RawLine } from '../python/lines';
import { rulesOf, type NanobotVersion, type VersionRules } from '../nanobot/nanobot-version';
import { isProviderStateRecord, parseProviderState, providerStateCopyRaises, type ProviderState } from '../nanobot/provider-state';
import { atDepth, pyLoads, type LoadsResult, type PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { DEEPCOPY_RECURSION, dictGet, isDict, isInt, pySliceStart, pyTypeName, truthy, type PyDict, type PyValue } from '../python/pyvalue';

/** A session as nanobot holds it in memory after `_load`. */
export interface NanobotSession {
  key: string;
  /** `isoformat()` of the datetime nanobot holds. */
  createdAt: string;
  updatedAt: string;
  /** After the range clamp (contract C12); where the version does not check it, where Python's slice starts (0 when slicing raises). */
  lastConsolidated: number;
  /**
   * Where the version does not check `last_consolidated` (row `lastConsolidatedChecked`) and the file holds
   * something other than an int in 0…len(messages): that value, as nanobot holds it, saves it back and slices with it.
   */
  storedLastConsolidated?: PyValue;
  /** Not type-checked by nanobot: any JSON value. */
  metadata: PyValue;
  messages: PyDict[];
  /** 0-based file line of each message, for pointing at it. */
  messageLines: number[];
  /** nanobot main's private provider state (null: none, or a version without one). */
  providerState?: ProviderState | null;
}

export interface NanobotLoad {
  /** 'repair' when the strict pass raised and the repair pass ran. */
  path: 'normal' | 'repair';
  /** null: nanobot starts an empty session, and its next save replaces the whole file. */
  result: NanobotSession | null;
  /** What made the strict pass fail, and (when it also failed) what made repair give up. */
  strictError: PyError | null;
  repairError: PyError | null;
  /** Lines the repair pass skipped (undecodable JSON; v0.3.0+ also non-objects and invalid provider states). */
  skipped: number;
  logs: [string, string][];
  /** An exception `_load` lets propagate (v0.3.0+: RecursionError): nanobot's call itself fails. */
  error: PyError | null;
  /**
   * 'no-repair': the strict pass failed and the version has no repair pass (before 0.1.5.post2, row
   * `loadFailure`): nanobot starts this session empty and its next save writes the empty session over the file.
   */
  startsEmpty?: 'no-repair';
}

/** One non-blank line, stripped as Python's `line.strip()` does; `parsed` memoizes json.loads of it. */
export interface TextLine {
  index: number;
  text: string;
  parsed?: LoadsResult;
}

/** Work already done on a file (by `parseDocument`): decoded lines and json.loads results per line. */
export interface LineCache {
  lines?: RawLine[];
  texts?: string[] | null;
  results: (LoadsResult | undefined)[];
}

/** An exception Python raises inside a read, thrown to where nanobot catches it (or lets it propagate). */
export class PyRaise {
  constructor(readonly error: PyError) {}
}

/**
 * The lines of a whole file as Python's text mode yields them (`for line in f`), and the
 * UnicodeDecodeError it raises after them, if any: Python decodes 8 KiB chunks as it needs them, so
 * every line it has whole before the chunk holding the fault comes first (and may raise first).
 */
export function textLines(bytes: Uint8Array, cache?: LineCache): { lines: TextLine[]; error: PyError | null } {
  const lines = cache?.lines ?? splitLines(bytes);
  const texts = cache?.texts !== undefined ? cache.texts : decodeLines(bytes, lines);
  const out: TextLine[] = [];
  if (!texts) {
    const first = findUtf8Fault(bytes)!;
    let span = -1;
    let final = false;
    let fault: PyError | null = null;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      const need = decodedSpan(l.next, bytes.length, bytes);
      if (need > first.pos && (need !== span || (l.next === l.end) !== final)) {
        span = need;
        final = l.next === l.end;
        fault = faultWithin(bytes, span, final);
      }
      if (fault) return { lines: out, error: fault };
      const text = pyStrip(decodeStrict(bytes.subarray(l.start, l.end)));
      if (text) out.push({ index: i, text, parsed: cache?.results[i] });
    }
    return { lines: out, error: { type: 'UnicodeDecodeError', message: utf8FaultMessageInFile(bytes, first) } };
  }
  for (let i = 0; i < texts.length; i++) {
    const text = pyStrip(texts[i]!);
    if (text) out.push({ index: i, text, parsed: cache?.results[i] });
  }
  return { lines: out, error: null };
}

function parsed(line: TextLine): LoadsResult {
  return (line.parsed ??= pyLoads(line.text));
}

/** json.loads of a line where it may nest `budget` levels (the version table's `depthBudget`). */
export function loads(line: TextLine, budget: number): PyValue {
  const r = atDepth(parsed(line), budget);
  if (!r.ok) throw new PyRaise(r.error);
  return r.value;
}

/** What a non-object line raises: v0.2's `data.get` AttributeError; v0.3.0+ check first and raise ValueError. */
export function nonObjectError(v: PyValue, rules: VersionRules): PyError {
  if (rules.nonObjectLine === 'ValueError') return { type: 'ValueError', message: `session record must be a JSON object, got ${pyTypeName(v)}` };
  return { type: 'AttributeError', message: `'${pyTypeName(v)}' object has no attribute 'get'` };
}

/** The line's value as a dict, or the raise of a version on a non-object line (`nonObjectError`). */
export function asDict(v: PyValue, rules: VersionRules): PyDict {
  if (isDict(v)) return v;
  throw new PyRaise(nonObjectError(v, rules));
}

/** The exceptions v0.3.0+ catch around a load or a listing head; anything else propagates (§21, §31). */
const DATA_ERRORS = new Set(['ValueError', 'TypeError', 'AttributeError', 'KeyError', 'JSONDecodeError', 'UnicodeDecodeError']);

/** Whether Python's `except (ValueError, TypeError, AttributeError, KeyError)` catches this error. */
export function isDataError(error: PyError): boolean {
  return DATA_ERRORS.has(error.type);
}

/** Whether a version's `except` clause around the strict pass catches this error. */
export function caught(error: PyError, rules: VersionRules): boolean {
  return rules.repairCatches === 'any' || isDataError(error);
}

/**
 * A metadata record's time. Strict pass: a value that counts (v0.2/v0.3.0: truthy; main: a
 * non-empty string) must parse, else "now". Repair pass: a bad or absent value keeps what an
 * earlier record set (`prev`).
 */
function parseTime(v: PyValue | undefined, prev: string, now: string, repair: boolean, rules: VersionRules): string {
  const counts = rules.typedMetadata ? typeof v === 'string' && v !== '' : truthy(v);
  if (!counts) return repair ? prev : now;
  const r = isoRoundTrip(v!);
  if (r.ok) return r.iso;
  if (repair) return prev;
  throw new PyRaise({ type: r.type, message: r.message });
}

/** Contract C12: anything but a non-bool int in 0..len(messages) becomes 0. */
export function clampLastConsolidated(v: PyValue | undefined, messageCount: number): number {
  if (!isInt(v)) return 0;
  const n = Number(v);
  return n >= 0 && n <= messageCount ? n : 0;
}

interface PassResult {
  session: NanobotSession | null;
  skipped: number;
}

/** Where a pass puts the messages it reads: all of them (`_load`), or only what a streamed replay needs. */
export interface MessageSink {
  add(message: PyDict, line: number): void;
}

/** What a pass read besides the messages, to be made a session by `passSession`. */
export interface PassTotals {
  createdAt: string;
  updatedAt: string;
  /** The stored `last_consolidated`, before the clamp. */
  lastConsolidated: PyValue | undefined;
  metadata: PyValue;
  providerState: ProviderState | null;
  skipped: number;
  messageCount: number;
}

/**
 * Who calls `_load`: a script's top level, or `fork_session_before_user_index` loading its source
 * (a frame deeper, so its json.loads nest a level less: `jsonLoadsFork` in the version table).
 */
export type LoadCaller = 'top' | 'fork';

/** How deep json.loads may nest in `_load`'s strict and repair passes for that caller. */
function jsonBudgets(rules: VersionRules, caller: LoadCaller): { strict: number; repair: number } {
  const b = rules.depthBudget;
  return caller === 'fork' ? { strict: b.jsonLoadsFork, repair: b.jsonLoadsForkRepair } : { strict: b.jsonLoads, repair: b.jsonLoadsRepair };
}

/**
 * One pass of `_load` (strict, or repair) as a line-at-a-time machine, so a file can be read whole
 * or streamed through the same rules. `feed` gives nanobot's exception for a line, if it raises.
 */
export class LoadPass {
  private t: PassTotals;
  private readonly budget: number;

  constructor(private readonly now: string, private readonly repair: boolean, private readonly rules: VersionRules, private readonly sink: MessageSink, caller: LoadCaller = 'top') {
    const b = jsonBudgets(rules, caller);
    this.budget = repair ? b.repair : b.strict;
    this.t = { createdAt: now, updatedAt: now, lastConsolidated: 0, metadata: {}, providerState: null, skipped: 0, messageCount: 0 };
  }

  /** One non-blank stripped line (its json.loads result in `parsed` when already made). */
  feed(line: { index: number; text: string; parsed?: LoadsResult }): PyError | null {
    try {
      this.step(line);
      return null;
    } catch (e) {
      if (e instanceof PyRaise) return e.error;
      throw e;
    }
  }

  /**
   * `n` lines fed whose values are empty dicts: what every rule of `step` makes of one (json.loads
   * gives it, at any depth; it is a dict, no metadata record, no provider_state record) is a message.
   * A line index stands one in for each plain message it does not read (index-nanobot.ts), and hands
   * them to its own sink: here they are only counted, so 10,000 stand-ins run none of the rules.
   */
  standIns(n: number): void {
    this.t.messageCount += n;
  }

  /** The totals once every line is fed. */
  finish(): PassTotals {
    return this.t;
  }

  private step(line: TextLine): void {
    const { rules, repair, t } = this;
    let value: PyValue;
    if (repair) {
      const r = atDepth(parsed(line), this.budget);
      if (!r.ok) {
        if (r.error.type !== 'JSONDecodeError') throw new PyRaise(r.error);
        t.skipped++;
        return;
      }
      value = r.value;
      if (!isDict(value) && rules.repairSkipsNonObjects) {
        t.skipped++;
        return;
      }
    } else value = loads(line, this.budget);
    const data = asDict(value, rules);
    const type = dictGet(data, '_type');
    if (type === 'metadata') {
      const m = dictGet(data, 'metadata');
      t.metadata = rules.typedMetadata ? (isDict(m) ? m : {}) : m === undefined ? {} : m;
      t.createdAt = parseTime(dictGet(data, 'created_at'), t.createdAt, this.now, repair, rules);
      // Before 0.1.5.post1 `_load` never reads it: every load holds "now".
      if (rules.loadsUpdatedAt) t.updatedAt = parseTime(dictGet(data, 'updated_at'), t.updatedAt, this.now, repair, rules);
      const l = dictGet(data, 'last_consolidated');
      t.lastConsolidated = l === undefined ? 0 : l;
    } else if (rules.providerStateRecord && isProviderStateRecord(data)) {
      const valid = parseProviderState(data);
      if (valid && providerStateCopyRaises(valid, rules.depthBudget.providerStateCopy)) throw new PyRaise({ ...DEEPCOPY_RECURSION });
      if (repair) {
        if (valid) t.providerState = valid;
        else t.skipped++;
      } else t.providerState = valid;
    } else {
      this.sink.add(data, line.index);
      t.messageCount++;
    }
  }
}

/**
 * The session a finished pass yields (null: the repair pass found nothing at all), with the
 * messages given as the caller holds them (every one, or a streamed tail).
 */
export function passSession<M>(t: PassTotals, key: string, repair: boolean, rules: VersionRules, messages: M): (Omit<NanobotSession, 'messages' | 'messageLines'> & M) | null {
  if (repair && t.messageCount === 0 && !truthy(t.metadata) && !t.providerState) return null;
  const session = {
    key,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    lastConsolidated: rules.lastConsolidatedChecked ? clampLastConsolidated(t.lastConsolidated, t.messageCount) : (pySliceStart(t.lastConsolidated, t.messageCount) ?? 0),
    metadata: t.metadata,
    ...messages,
  } as Omit<NanobotSession, 'messages' | 'messageLines'> & M;
  const lc = t.lastConsolidated;
  if (!rules.lastConsolidatedChecked && lc !== undefined && clampLastConsolidated(lc, t.messageCount) !== lc) session.storedLastConsolidated = lc;
  if (rules.providerStateRecord) session.providerState = t.providerState;
  return session;
}

function runPass(lines: { lines: TextLine[]; error: PyError | null }, key: string, now: string, repair: boolean, rules: VersionRules, caller: LoadCaller = 'top'): PassResult {
  const messages: PyDict[] = [];
  const messageLines: number[] = [];
  const pass = new LoadPass(
    now,
    repair,
    rules,
    {
      add: (m, line) => {
        messages.push(m);
        messageLines.push(line);
      },
    },
    caller,
  );
  for (const line of lines.lines) {
    const error = pass.feed(line);
    if (error) throw new PyRaise(error);
  }
  if (lines.error) throw new PyRaise(lines.error);
  const t = pass.finish();
  return { session: passSession(t, key, repair, rules, { messages, messageLines }), skipped: t.skipped };
}

/** A pass's outcome: its session (or null) and skipped lines, or the exception it raised. */
export type PassOutcome<S> = { session: S | null; skipped: number } | PyError;

/** `_load`'s load result over any session shape (whole, or a streamed tail). */
export type LoadOutcome<S> = Omit<NanobotLoad, 'result'> & { result: S | null };

/** Whether `_load` runs its repair pass after the strict pass raised this (else it propagates). */
export function repairFollows(error: PyError, version: NanobotVersion): boolean {
  return caught(error, rulesOf(version));
}

/**
 * `_load`'s decisions around its passes: the strict pass's outcome (or the file's decoding error),
 * then the repair pass (called only when nanobot would run it), the logs and what propagates.
 */
export function loadOutcome<S>(key: string, version: NanobotVersion, decodeError: PyError | null, strict: () => PassOutcome<S>, repair: () => PassOutcome<S>): LoadOutcome<S> {
  const rules = rulesOf(version);
  const logs: [string, string][] = [];
  const fail = (path: 'normal' | 'repair', error: PyError): LoadOutcome<S> => ({ path, result: null, strictError: null, repairError: null, skipped: 0, logs, error });
  let strictError: PyError;
  if (!decodeError) {
    const s = strict();
    if (!('type' in s)) return { path: 'normal', result: s.session, strictError: null, repairError: null, skipped: 0, logs, error: null };
    strictError = s;
  } else strictError = decodeError;
  if (!caught(strictError, rules)) return fail('normal', strictError);
  logs.push(['WARNING', `Failed to load session ${key}: ${strictError.message}`]);
  if (rules.loadFailure === 'empty-session') {
    return { path: 'normal', result: null, strictError, repairError: null, skipped: 0, logs, error: null, startsEmpty: 'no-repair' };
  }
  if (decodeError) {
    logs.push(['WARNING', `Repair failed for session ${key}: ${decodeError.message}`]);
    return { path: 'repair', result: null, strictError, repairError: decodeError, skipped: 0, logs, error: null };
  }
  const r = repair();
  if (!('type' in r)) {
    if (r.skipped) logs.push(['WARNING', `Skipped ${r.skipped} corrupt lines in session ${key}`]);
    return { path: 'repair', result: r.session, strictError, repairError: null, skipped: r.skipped, logs, error: null };
  }
  if (!caught(r, rules)) return { ...fail('repair', r), strictError };
  logs.push(['WARNING', `Repair failed for session ${key}: ${r.message}`]);
  return { path: 'repair', result: null, strictError, repairError: r, skipped: 0, logs, error: null };
}

/**
 * nanobot's `SessionManager._load(key)` at a version: strict pass, then the repair pass when it
 * raised. `caller`: called from a script's top level, or by a fork loading its source.
 */
export function loadNanobot(bytes: Uint8Array, key: string, now: string, version: NanobotVersion, cache?: LineCache, caller: LoadCaller = 'top'): NanobotLoad {
  const rules = rulesOf(version);
  const lines = textLines(bytes, cache);
  const run = (repair: boolean) => (): PassOutcome<NanobotSession> => {
    try {
      return runPass(lines, key, now, repair, rules, caller);
    } catch (e) {
      if (!(e instanceof PyRaise)) throw e;
      return e.error;
    }
  };
  // A decoding error is raised by each pass where Python meets it, after the lines before it.
  return loadOutcome(key, version, null, run(false), run(true));
}

/**
 * nanobot's repair pass called on its own (`_repair`), as `read_session_file`, `read_session_metadata`
 * and the listing call it when their own read raised: only the repair pass, never `_load`'s strict
 * pass first (that one may succeed where their read failed, and its answer differs: a later metadata
 * record without `created_at` resets it there, not in the repair). `error`: what propagates.
 */
export function repairNanobot(bytes: Uint8Array, key: string, now: string, version: NanobotVersion): { result: NanobotSession | null; error: PyError | null } {
  const rules = rulesOf(version);
  const lines = textLines(bytes);
  try {
    return { result: runPass(lines, key, now, true, rules).session, error: null };
  } catch (e) {
    if (!(e instanceof PyRaise)) throw e;
    return { result: null, error: caught(e.error, rules) ? null : e.error };
  }
}

/**
 * The bytes [0, end) Python's text layer has decoded by the time it has returned bytes [0, need),
 * `total` bytes being available. A chunk ending in `\r` makes universal newlines read the next
 * chunk too (is it `\r\n`?), so its decoding errors count. May exceed `total` when that next
 * chunk is not in hand yet.
 */
export function decodedSpan(need: number, total: number, bytes?: Uint8Array, fileSize = total): number {
  let end = Math.max(PY_TEXT_CHUNK, Math.ceil(need / PY_TEXT_CHUNK) * PY_TEXT_CHUNK);
  if (bytes && need > 0 && need % PY_TEXT_CHUNK === 0 && need < fileSize && bytes[need - 1] === 0x0d) end += PY_TEXT_CHUNK;
  return Math.min(fileSize, end);
}

/**
 * A decoding error in the first `span` bytes. A sequence the span's end cuts waits in Python's
 * decoder for the next chunk, which Python only reads if it needs more lines: not an error here,
 * even at the end of the file, until Python reads past it (`final`: the line had no terminator, so
 * `readline` read on to the end, and the empty read there finishes the decoder).
 */
export function faultWithin(bytes: Uint8Array, span: number, final: boolean): PyError | null {
  const f = findUtf8Fault(bytes, 0, span);
  if (!f || (!final && pendingAtChunkEnd(bytes, f, span))) return null;
  return { type: 'UnicodeDecodeError', message: utf8FaultMessageInFile(bytes, f) };
}
