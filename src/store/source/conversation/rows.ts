/**
 * What the Conversation tab draws of a session, whatever its size: its rows in file order (every
 * message of the recovered lens, corrupt lines and provider-state records in place, and the
 * last_consolidated marker with the lens it follows), and the tool calls paired with their results
 * over the WHOLE file. One builder over the lines' kinds and the source's own answers (nanobot's
 * load, its metadata, its health) serves both implementations; only where the kinds come from and
 * how the pairing reads differ: the whole document's records and the messages it holds
 * (`heldKinds`, `heldPairs`); the line index's columns, and only the lines whose facts say they
 * call tools or answer one, read back in batches (`indexedPairs`). Every pass yields to the page.
 */
import { FLAG, KIND, ROLE } from '../../../core/index/fact-codes';
import type { LineIndex } from '../../../core/index/line-index';
import type { Diagnostic, FileRecord } from '../../../core/lens/document';
import { clampLastConsolidated } from '../../../core/lens/load';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyDumps } from '../../../core/python/pyjson';
import { pyStr } from '../../../core/python/pyrepr';
import { dictGet, isDict, isInt, pySliceStart, truthy, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import { replayLastConsolidated } from '../../../core/replay/replay';
import { yieldToEventLoop } from '../../analyze/event-loop';
import { decodeRecord, eachLineBytes, type RangeRead } from '../../large/read/large-records';
import type { SessionSource } from '../session-source';

/** A row's kind, as a small number (the rows of a 40 MiB file are typed arrays). */
export const ROW = { message: 0, corrupt: 1, provider: 2, marker: 3 } as const;

/** Why a call has no name to show: the entry is not a call object, or it names no function (the view says so in words). */
export type NameMissing = 'notCall' | 'unnamed';

/** A tool result's call: the message holding it (null: an orphan), and the function's name. */
interface CallOf {
  call: number | null;
  name: string | null;
  placeholder?: NameMissing;
}

/**
 * The tool calls paired with their results over the whole file (recovered lens, messages by their
 * 0-based place): each assistant message's calls' results in order (null: unanswered), each tool
 * result's call (a result without a truthy id has none), and every id a result answers (the save
 * traces look at it). Ids compare as Python's `str()`, as nanobot's replay does.
 */
export interface ToolPairs {
  results: Map<number, (number | null)[]>;
  calls: Map<number, CallOf>;
  answered: Set<string>;
}

/** A last_consolidated the file holds out of range: its text, and whether the version slices with it unchecked (and raises). */
export interface StoredLastConsolidated {
  raw: string;
  /** null: the version range-checks it and resets it to 0; else the version's label. */
  unchecked: string | null;
  raises: boolean;
}

/** The last_consolidated marker: where nanobot's replay starts, in the lens it follows. */
interface ConversationMarker {
  archived: number;
  /** Messages of that lens. */
  total: number;
  lens: 'nanobot' | 'recovered';
  stored: StoredLastConsolidated | null;
}

/** The Conversation's answer: its rows, the pairing and the counts of its summary line. */
export interface SourceConversation {
  /** Lines of the file, and messages of the recovered lens. */
  lines: number;
  messages: number;
  /** Rows in file order: each one's kind (ROW), file line (-1 for the marker) and message (-1 for none). */
  count: number;
  kind: Uint8Array;
  line: Int32Array;
  message: Int32Array;
  marker: ConversationMarker | null;
  /** The row of file line `line`, or -1. */
  rowOfLine(line: number): number;
  /** The 0-based file line of message `k` (recovered lens). */
  lineOfMessage(k: number): number;
  /** The bytes of file line `line` (a row's height is guessed from it before it is drawn). */
  length(line: number): number;
  corrupt: number;
  /**
   * The diagnostics of each corrupt line, and the pairing with its counts: whole-file passes (on the
   * index, reads of the lines that are not plain messages, and of those that call or answer a tool),
   * asked for once each when first wanted, so the rows show before they are done.
   */
  diagnostics(): Promise<Map<number, Diagnostic[]>>;
  pairs(): Promise<PairCounts>;
  /**
   * The same rows with the last_consolidated marker in place (nanobot's load places it: on the
   * index a pass over the lines that are not plain messages), or these rows when there is none.
   */
  marked(): Promise<SourceConversation>;
}

/** The pairing, and how many results answer no call (orphans) and how many calls no result answers. */
export interface PairCounts {
  pairs: ToolPairs;
  orphans: number;
  unanswered: number;
}

/** Lines placed in rows between two yields of the page, and bytes of lines decoded in one batch of the index's pairing. */
const STEP = 32_768;
const BATCH_BYTES = 256 << 10;

/** The calls of an assistant message: each one's id (truthy, as `str()`), or null. */
export function callIds(m: PyDict): (string | null)[] {
  const tc = dictGet(m, 'tool_calls');
  if (!Array.isArray(tc)) return [];
  return tc.map((c) => {
    if (!isDict(c)) return null;
    const id = dictGet(c, 'id');
    return truthy(id) ? pyStr(id!) : null;
  });
}

/** A call's name as the view shows it: the function's name, else why there is none. */
export function callName(c: unknown): { name: string; placeholder?: NameMissing } {
  if (!isDict(c)) return { name: '', placeholder: 'notCall' };
  const fn = dictGet(c, 'function');
  const name = isDict(fn) ? dictGet(fn, 'name') : dictGet(c, 'name');
  return typeof name === 'string' ? { name } : { name: '', placeholder: 'unnamed' };
}

/** The pairing, fed the messages that call tools or answer one, in order: each result answers the latest earlier call of its id. */
class Pairer {
  readonly pairs: ToolPairs = { results: new Map(), calls: new Map(), answered: new Set() };
  private readonly open = new Map<string, { msg: number; at: number; name: CallOf }>();
  add(i: number, m: PyDict): void {
    const role = dictGet(m, 'role');
    if (role === 'assistant') {
      const tc = dictGet(m, 'tool_calls');
      const ids = callIds(m);
      if (!ids.length) return;
      this.pairs.results.set(i, ids.map(() => null));
      ids.forEach((id, at) => {
        if (id !== null) this.open.set(id, { msg: i, at, name: { call: i, ...callName((tc as unknown[])[at]) } });
      });
    } else if (role === 'tool') {
      const id = dictGet(m, 'tool_call_id');
      if (typeof id === 'string') this.pairs.answered.add(id);
      if (!truthy(id)) return;
      const hit = this.open.get(pyStr(id!));
      if (!hit) return void this.pairs.calls.set(i, { call: null, name: null });
      const { name, placeholder } = hit.name;
      this.pairs.calls.set(i, { call: hit.msg, name, ...(placeholder ? { placeholder } : {}) });
      const results = this.pairs.results.get(hit.msg)!;
      if (results[hit.at] === null) results[hit.at] = i;
    }
  }
}

/** Time a slice of a pass works before it yields to the page. */
const SLICE_MS = 8;

/** A clock for a pass in slices: `due()` says when the slice's time is up (and starts the next one). */
function slices(): () => boolean {
  let since = performance.now();
  return () => {
    const now = performance.now();
    if (now - since < SLICE_MS) return false;
    since = now;
    return true;
  };
}

/** The pairing over messages held in memory (the whole document's), in slices that yield. */
export async function heldPairs(messages: readonly PyDict[]): Promise<ToolPairs> {
  const p = new Pairer();
  const due = slices();
  for (let i = 0; i < messages.length; i++) {
    if (i % 64 === 0 && due()) await yieldToEventLoop();
    p.add(i, messages[i]!);
  }
  return p.pairs;
}

/**
 * The pairing over a file's line index: only the assistant messages whose facts say they call tools
 * and the tool results that carry a `tool_call_id` are read back (batches of about 256 KiB) and
 * decoded; memory follows the calls, not the file.
 */
export async function indexedPairs(read: RangeRead, ix: LineIndex, version: NanobotVersion): Promise<ToolPairs> {
  const wanted: number[] = [];
  const lines: number[] = [];
  for (let k = 0; k < ix.messageCount; k++) {
    const l = ix.messages[k]!;
    const r = ix.role[l]!;
    const f = ix.flags[l]!;
    if ((r === ROLE.assistant && f & FLAG.toolCalls) || (r === ROLE.tool && f & FLAG.toolCallId)) {
      wanted.push(k);
      lines.push(l);
    }
  }
  const p = new Pairer();
  const due = slices();
  // Paired as each batch of about 256 KiB is decoded: nothing is kept but the pairing, and the page
  // gets a turn between batches (a read the backend answers at once does not yield by itself).
  for (let a = 0; a < lines.length; ) {
    let b = a;
    for (let bytes = 0; b < lines.length && (b === a || bytes < BATCH_BYTES); b++) bytes += ix.length[lines[b]!]!;
    const from = a;
    await eachLineBytes(read, ix, lines.slice(a, b), (raw, j) => p.add(wanted[from + j]!, decodeRecord(raw, version) ?? {}));
    if (due()) await yieldToEventLoop();
    a = b;
  }
  return p.pairs;
}

/** The stored last_consolidated out of range (the recovered lens's `bad-last-consolidated`), as the marker tells it. */
function storedOf(metaValue: PyDict | null, recovered: number, head: { lastConsolidated: number; storedLastConsolidated?: PyValue; count: number }, version: NanobotVersion): StoredLastConsolidated | null {
  const v = metaValue ? dictGet(metaValue, 'last_consolidated') : undefined;
  if (v === undefined || clampLastConsolidated(v, recovered) === v || (isInt(v) && Number(v) === 0)) return null;
  const rules = rulesOf(version);
  if (rules.lastConsolidatedChecked) return { raw: pyDumps(v), unchecked: null, raises: false };
  // What nanobot's replay slices with (the one decision, replayLastConsolidated): a slice that raises raises at every turn.
  const lc = replayLastConsolidated(head);
  return { raw: pyDumps(v), unchecked: rules.label, raises: pySliceStart(lc, head.count) === null };
}

/** What the rows are placed by: each line's kind (KIND) and length, and the lines of the recovered lens's messages (a line index has them). */
export type LineKinds = Pick<LineIndex, 'count' | 'kind' | 'length' | 'messages' | 'messageCount'>;

/** The line kinds of a document held whole, from its records (no index of its bytes is built for them). */
export function heldKinds(records: readonly FileRecord[], messageLines: readonly number[]): LineKinds {
  const kind = new Uint8Array(records.length);
  const length = new Uint32Array(records.length);
  records.forEach((r, l) => {
    kind[l] = KIND[r.kind];
    length[l] = r.raw.length;
  });
  return { count: records.length, kind, length, messages: Uint32Array.from(messageLines), messageCount: messageLines.length };
}

/** The diagnostics of the corrupt lines, by line. */
function corruptDiagnostics(all: readonly Diagnostic[], ix: LineKinds): Map<number, Diagnostic[]> {
  const by = new Map<number, Diagnostic[]>();
  for (const d of all) {
    if (ix.kind[d.line] !== KIND.corrupt) continue;
    const at = by.get(d.line);
    if (at) at.push(d);
    else by.set(d.line, [d]);
  }
  return by;
}

/** The pairing with its counts. */
function counted(pairs: ToolPairs): PairCounts {
  let orphans = 0;
  for (const c of pairs.calls.values()) if (c.call === null) orphans++;
  let unanswered = 0;
  for (const list of pairs.results.values()) for (const r of list) if (r === null) unanswered++;
  return { pairs, orphans, unanswered };
}

/** Where the marker goes (nanobot's load decides): above file line `line` (Infinity: below every row), or null for none. */
async function markerOf(source: SessionSource, recovered: number): Promise<(ConversationMarker & { line: number }) | null> {
  const [load, meta] = await Promise.all([source.load(), source.meta()]);
  const metaValue = meta?.value ?? null;
  const nanobot = load.result;
  const lens = nanobot ? ('nanobot' as const) : ('recovered' as const);
  // Else the recovered lens's last_consolidated, range-checked as its head reads it (core/lens/recovered.ts).
  const head = nanobot ?? { lastConsolidated: clampLastConsolidated(metaValue ? dictGet(metaValue, 'last_consolidated') : 0, recovered), count: recovered };
  const stored = storedOf(metaValue, recovered, head, source.stat.version);
  const lc = head.lastConsolidated;
  // A stored value out of range (the recovered lens's `bad-last-consolidated`): the marker shows it even at 0.
  if (lc === 0 && stored === null) return null;
  // The file line of the first message the replay starts from (its lens's message `lc`).
  const line = lc < head.count ? ((await source.messages(lens, lc, lc + 1)).lines[0] ?? Infinity) : Infinity;
  return { archived: lc, total: head.count, lens, stored, line };
}

/** The whole-file passes a conversation's rows share with the same rows marked. */
interface Passes {
  diagnostics(): Promise<Map<number, Diagnostic[]>>;
  pairs(): Promise<PairCounts>;
}

/** The rows of `ix` in file order, the marker placed above its line; in slices that yield. */
async function rowsOf(ix: LineKinds, marker: (ConversationMarker & { line: number }) | null, passes: Passes, marked: () => Promise<SourceConversation>): Promise<SourceConversation> {
  const recovered = ix.messageCount;
  const n = ix.count + 1;
  const kind = new Uint8Array(n);
  const line = new Int32Array(n);
  const message = new Int32Array(n);
  const rowAt = new Int32Array(ix.count).fill(-1);
  let rows = 0;
  let corrupt = 0;
  let k = 0;
  let placed = marker === null;
  const push = (kd: number, l: number, m: number) => {
    kind[rows] = kd;
    line[rows] = l;
    message[rows] = m;
    if (l >= 0) rowAt[l] = rows;
    rows++;
  };
  for (let l = 0; l < ix.count; l++) {
    if (l % STEP === 0 && l > 0) await yieldToEventLoop();
    if (!placed && l >= marker!.line) {
      push(ROW.marker, -1, -1);
      placed = true;
    }
    const kd = ix.kind[l]!;
    if (k < recovered && ix.messages[k] === l) push(ROW.message, l, k++);
    else if (kd === KIND.corrupt) {
      push(ROW.corrupt, l, -1);
      corrupt++;
    } else if (kd === KIND.provider_state) push(ROW.provider, l, -1);
  }
  if (!placed) push(ROW.marker, -1, -1);
  return {
    lines: ix.count,
    messages: recovered,
    count: rows,
    kind: kind.subarray(0, rows),
    line: line.subarray(0, rows),
    message: message.subarray(0, rows),
    marker: marker && { archived: marker.archived, total: marker.total, lens: marker.lens, stored: marker.stored },
    rowOfLine: (l) => (l >= 0 && l < rowAt.length ? rowAt[l]! : -1),
    lineOfMessage: (m) => (m >= 0 && m < recovered ? ix.messages[m]! : -1),
    length: (l) => ix.length[l] ?? 0,
    corrupt,
    diagnostics: passes.diagnostics,
    pairs: passes.pairs,
    marked,
  };
}

/**
 * The Conversation's rows of `source` from its line kinds (`facts`) alone, at once; the marker
 * (nanobot's load and the last metadata record place it: above the first message the replay
 * starts from, at the top when the stored value was reset so the reset shows, below everything
 * when it starts past the last message), the corrupt lines' diagnostics (the health) and the
 * pairing (`pairs`) when first asked for.
 */
export async function conversationOf(source: SessionSource, facts: () => Promise<LineKinds>, pairs: () => Promise<ToolPairs>): Promise<SourceConversation> {
  const ix = await facts();
  let diagnostics: Promise<Map<number, Diagnostic[]>> | null = null;
  let paired: Promise<PairCounts> | null = null;
  const passes: Passes = {
    diagnostics: () => (diagnostics ??= source.health().then((h) => corruptDiagnostics(h.diagnostics, ix))),
    pairs: () => (paired ??= pairs().then(counted)),
  };
  let marking: Promise<SourceConversation> | null = null;
  const marked = (): Promise<SourceConversation> =>
    (marking ??= markerOf(source, ix.messageCount).then(async (m) => {
      if (!m) return base;
      // The marked rows are their own marked rows.
      let self: Promise<SourceConversation> | null = null;
      const done = await rowsOf(ix, m, passes, () => self!);
      self = Promise.resolve(done);
      return done;
    }));
  const base = await rowsOf(ix, null, passes, marked);
  return base;
}
