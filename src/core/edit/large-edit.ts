/**
 * Edits of a file known only by its index (large-file mode), as plans: the list of pieces the new
 * file is made of, either a byte range of the original copied as it is or new bytes (the edited
 * metadata record), or, for a repair, message lines written again as nanobot's `json.dumps`. The
 * rules and change codes are edits.ts's, and the bytes are those `serializeDocument` writes for the same
 * edit of the whole document: untouched records byte-identical, corrupt lines kept where it keeps them.
 */
import { keptTerminator, type FileRecord, type SessionDocument } from '../lens/document';
import { editMetadata, repairOutcome, setTitle, trimChange, trimOutcome, type EditChange, type EditRefusal } from './edits';
import { encodeSession, metadataRecord } from './format';
import { listFallbackKey } from '../nanobot/keys';
import { lineEnd, type LineIndex } from '../index/line-index';
import { EOL_TEXT, encodeUtf8 } from '../python/lines';
import { clampLastConsolidated } from '../lens/load';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import { pyDumps, type PyError } from '../python/pyjson';
import { dictFrom, dictGet, isDict, type PyDict, type PyValue } from '../python/pyvalue';
import { FLAG, KIND, ROLE } from '../index/record-facts';
import { recoveredSession } from '../lens/recovered';
import { legalCut, rangeCounts, retainSpan, type MessageRange } from './retain';
import { legalStart } from '../replay/replay';
import { clearMetadata } from './session';

/**
 * One piece of the new file: bytes [from, to) of the original, new bytes, or the message lines
 * `dumps` written again (`at`: the new file's line index of the first, for a refusal's words).
 */
export type Piece = { from: number; to: number } | { bytes: Uint8Array } | { dumps: Uint32Array; at: number };

/** What a plan needs of the index. */
export type EditIndex = Pick<LineIndex, 'count' | 'size' | 'start' | 'length' | 'eol' | 'kind' | 'role' | 'flags' | 'messages' | 'messageCount'>;

/** The metadata record nanobot uses (the last one): its line and decoded value; null when the file has none. */
export type LastMetadata = { line: number; value: PyDict } | null;

/** A plan: the pieces, what they keep and drop, and what it changes (the same as the normal Edit tab's for the same edit). */
export interface LargePlan {
  pieces: Piece[];
  change: EditChange;
  /** Bytes copied from the original as they are. */
  copied: number;
  /** Bytes of the original left out (dropped lines, the old metadata line; a repair's corrupt, blank and metadata lines). */
  left: number;
  /** Bytes of the new file; for a repair, the copied and new bytes plus the message lines as they are now (their rewriting may change this). */
  size: number;
}

const NL = encodeUtf8('\n');

/** The line of the metadata record nanobot reads (the last one), or -1: the caller decodes that one line. */
export function lastMetadataLine(ix: Pick<LineIndex, 'count' | 'kind'>): number {
  for (let i = ix.count - 1; i >= 0; i--) if (ix.kind[i] === KIND.metadata) return i;
  return -1;
}

/** A document holding only the metadata record, so edits.ts's metadata rules run on it unchanged. */
export function skeleton(meta: LastMetadata): SessionDocument {
  const records: FileRecord[] = meta ? [{ kind: 'metadata', raw: new Uint8Array(0), eol: '\n', value: meta.value }] : [];
  return { records, diagnostics: [] };
}

/** The metadata record of an edited skeleton, as nanobot's line (its text). */
export function metadataText(doc: SessionDocument): string {
  return pyDumps(doc.records.find((r) => r.kind === 'metadata')!.value!) + '\n';
}

/** A line nanobot's save cannot write: its number (from 1) and what nanobot raises. */
export interface LineRaises {
  error: EditRefusal;
  line: number;
  raises: PyError;
}

/**
 * A new line's bytes, or the refusal the normal save gives (sessions.ts): a lone surrogate (read
 * from a `\udXXX` escape) cannot be written as UTF-8; nanobot's save raises there.
 */
export function encoded(text: string, line: number): Uint8Array | LineRaises {
  const enc = encodeSession(text);
  return enc.ok ? enc.bytes : { error: { code: 'line-cannot-save', line: line + 1, error: enc.error }, line: line + 1, raises: enc.error };
}

/**
 * The pieces of the file without the lines `drop` (ascending), its metadata line `metaLine`
 * replaced by `meta` (put first when the file has none, -1; no metadata line written when `metaText`
 * is null): every other byte copied as it is.
 */
export function keepAllBut(ix: EditIndex, drop: ArrayLike<number>, metaLine: number, metaText: string | null): Omit<LargePlan, 'change'> | LineRaises {
  let before = 0;
  while (metaLine >= 0 && before < drop.length && drop[before]! < metaLine) before++;
  const meta = metaText === null ? new Uint8Array(0) : encoded(metaText, Math.max(0, metaLine - before));
  if (!(meta instanceof Uint8Array)) return meta;
  // -2: no metadata line at all (the line stays where it is, copied with the rest).
  const at = metaText === null ? -2 : metaLine;
  const pieces: Piece[] = [];
  let copied = 0;
  const copy = (from: number, to: number) => {
    if (to <= from) return;
    const last = pieces[pieces.length - 1];
    if (last && 'to' in last && last.to === from) last.to = to;
    else pieces.push({ from, to });
    copied += to - from;
  };
  if (at === -1) pieces.push({ bytes: meta });
  let pos = 0;
  let metaDue = at >= 0;
  const cut = (line: number, bytes: Uint8Array | null) => {
    copy(pos, ix.start[line]!);
    if (bytes) pieces.push({ bytes });
    pos = lineEnd(ix, line);
  };
  for (let k = 0; k < drop.length; k++) {
    const line = drop[k]!;
    if (metaDue && at < line) {
      cut(at, meta);
      metaDue = false;
    }
    cut(line, null);
  }
  if (metaDue) cut(at, meta);
  copy(pos, ix.size);
  return { pieces, copied, left: ix.size - copied, size: copied + meta.length };
}

/** Sets the title (edits.ts `setTitle`): the metadata line is the only one written anew. */
export function planTitle(ix: EditIndex, meta: LastMetadata, key: string, title: string, now: string): LargePlan | { error: EditRefusal } {
  const r = setTitle(skeleton(meta), key, title, now);
  if (!r.ok) return { error: r.error };
  const plan = keepAllBut(ix, [], meta ? meta.line : -1, metadataText(r.doc));
  return 'error' in plan ? plan : { ...plan, change: r.change };
}

/** The session facts a trim reads (edits.ts via recoveredSession): the last metadata's `metadata` and clamped `last_consolidated`. */
function sessionOf(meta: LastMetadata, key: string, now: string, messages: number) {
  const s = recoveredSession(skeleton(meta), key, now, []);
  return { ...s, lastConsolidated: clampLastConsolidated(meta ? dictGet(meta.value, 'last_consolidated') : 0, messages) };
}

/** What retain asks of each message before its legal cut, from the index alone (role and `_channel_delivery`). */
function retainFactsOf(ix: EditIndex) {
  return {
    count: ix.messageCount,
    isUser: (i: number) => ix.role[ix.messages[i]!] === ROLE.user,
    delivery: (i: number) => (ix.flags[ix.messages[i]!]! & FLAG.channelDelivery) !== 0,
  };
}

/**
 * The messages a trim to `max` keeps before its legality check, [from, to), found from the index
 * alone (`retainSpan`); null when there is no cut to make (`max` ≤ 0 clears, `n` ≤ `max` keeps all).
 */
export function trimSpan(ix: EditIndex, max: number, extendToUser: boolean, version: NanobotVersion): MessageRange | null {
  const n = ix.messageCount;
  if (max <= 0 || n <= max) return null;
  return retainSpan(retainFactsOf(ix), max, extendToUser, version);
}

/**
 * The first message whose value (beyond its role and `_channel_delivery`, which the index holds) a
 * trim to `max` may read: the caller decodes messages from there to the end. `retain_recent_legal_suffix`
 * finds its candidate suffix from those facts alone; its legality check reads values only inside it.
 */
export function trimReach(ix: EditIndex, _meta: LastMetadata, max: number, extendToUser: boolean, version: NanobotVersion): number {
  return trimSpan(ix, max, extendToUser, version)?.from ?? ix.messageCount;
}

/**
 * The legality check already walked over the trim's span (`trimSpan`), a message at a time
 * (`LegalWalk`): its legal start, or the exception it raised. A caller that walks holds no message.
 */
export type WalkedSpan = { span: MessageRange; legalStart: number } | { span: MessageRange; raises: PyError };

/** A trim's plan: the pieces, what it changes, and the messages it drops (their indices) and of those the never archived. */
export type TrimPlan = LargePlan & { dropped: Uint32Array; unarchived: number };

/**
 * nanobot's trim to the last `max` messages (edits.ts `trimToLegalSuffix`, retain.ts's rules) over
 * the index: `tail` holds the values of messages `from` (from `trimReach`) to the end (`retainFacts`
 * of them suffice, `NO_FACTS` where `needsFacts` says so), or the legality check walked over the span. What is kept is one
 * range of messages, so nothing here grows with the file but the list of dropped indices.
 * `nothing` when nanobot leaves the session alone.
 */
export function planTrim(
  ix: EditIndex,
  meta: LastMetadata,
  key: string,
  max: number,
  extendToUser: boolean,
  now: string,
  version: NanobotVersion,
  from: number,
  tail: PyDict[] | WalkedSpan,
): TrimPlan | { error: EditRefusal } | (LineRaises & { change: EditChange }) | { nothing: EditChange } {
  const n = ix.messageCount;
  if (Array.isArray(tail) && from + tail.length !== n) throw new Error(`the tail must reach the last message (${from} + ${tail.length} ≠ ${n})`);
  const s = sessionOf(meta, key, now, n);
  const raised = (e: PyError): { error: EditRefusal } => ({ error: { code: 'raises', error: e } });
  let kept: MessageRange;
  let cleared: PyValue | null = null;
  if (max <= 0) {
    const c = clearMetadata(s.metadata);
    if (!c.ok) return raised(c.error);
    cleared = c.metadata;
    kept = { from: 0, to: 0 };
  } else if (n <= max) return { nothing: trimOutcome(n, max, null) };
  else {
    const span = retainSpan(retainFactsOf(ix), max, extendToUser, version);
    let legalStartOf: (r: MessageRange) => number;
    if (Array.isArray(tail)) {
      if (span.from < from) throw new Error(`the tail must reach back to message ${span.from} (it starts at ${from})`);
      legalStartOf = (r) => legalStart(tail.slice(r.from - from, r.to - from), (k) => r.from + k);
    } else {
      if (tail.span.from !== span.from || tail.span.to !== span.to) throw new Error(`the walk covered [${tail.span.from}, ${tail.span.to}), not the span [${span.from}, ${span.to})`);
      if ('raises' in tail) return raised(tail.raises);
      // legalCut asks for the span, then (without extendToUser) for its last `max`: the span is never
      // longer than `max` then, so that is the suffix from the legal start, whose own legal start is 0.
      const start = span.from + tail.legalStart;
      legalStartOf = (r) => {
        if (r.to === span.to && r.from === span.from) return tail.legalStart;
        if (r.to === span.to && r.from === start) return 0;
        throw new Error(`no walk for [${r.from}, ${r.to})`);
      };
    }
    try {
      kept = legalCut(span, max, extendToUser, legalStartOf);
    } catch (e) {
      const err = (e as { error?: PyError }).error;
      if (err) return raised(err);
      throw e;
    }
  }
  const c = rangeCounts(n, s.lastConsolidated, kept);
  // Over the limit nanobot always saves (updated_at moves), even when nothing is dropped.
  const edited = editMetadata(skeleton(meta), key, now, trimChange({ lastConsolidated: c.lastConsolidated, cleared: cleared !== null, metadata: cleared ?? s.metadata }, now));
  const dropped = new Uint32Array(c.dropped);
  for (let i = 0; i < kept.from; i++) dropped[i] = i;
  for (let i = kept.to; i < n; i++) dropped[kept.from + i - kept.to] = i;
  const all = ix.messages.subarray(0, n);
  const lines = kept.to === n ? all.subarray(0, kept.from) : Uint32Array.from(dropped, (i) => all[i]!);
  const plan = keepAllBut(ix, lines, meta ? meta.line : -1, metadataText(edited));
  const change = trimOutcome(n, max, c);
  // The trim itself is possible; only its save is refused (as the whole-file save refuses it when writing).
  if ('error' in plan) return { ...plan, change };
  return { ...plan, change, dropped, unarchived: c.dropped - c.alreadyConsolidated };
}

/** The facts of a message `legalStart` reads nothing of (one dict shared by all of them). */
export const NO_FACTS: PyDict = {};

/**
 * Whether the trim must read line `line`'s value: only an assistant message with truthy
 * `tool_calls` or a tool result with a `tool_call_id` has facts `legalStart` reads (the index
 * knows both); every other message's facts are `NO_FACTS`.
 */
export function needsFacts(ix: Pick<LineIndex, 'role' | 'flags'>, line: number): boolean {
  const role = ix.role[line];
  const flags = ix.flags[line]!;
  return (role === ROLE.assistant && (flags & FLAG.toolCalls) !== 0) || (role === ROLE.tool && (flags & FLAG.toolCallId) !== 0);
}

/**
 * The only parts of a message a trim reads beyond the index (`legalStart`'s: an assistant's tool
 * call ids, a tool result's `tool_call_id`); every other message is one shared empty dict, so the
 * facts of a long kept tail cost little more than a pointer a message.
 */
export function retainFacts(m: PyDict): PyDict {
  const role = dictGet(m, 'role');
  if (role === 'tool') {
    const id = dictGet(m, 'tool_call_id');
    return dictFrom([['role', role], ...(id !== undefined ? [['tool_call_id', id] as const] : [])]);
  }
  if (role !== 'assistant') return NO_FACTS;
  const calls = dictGet(m, 'tool_calls');
  if (calls === undefined) return NO_FACTS;
  // Of each call only its id is read; a list keeps its length (its truth), anything else stays as it is (iterating it may raise).
  const kept = Array.isArray(calls) ? calls.map((tc) => (isDict(tc) ? dictFrom(dictGet(tc, 'id') !== undefined ? [['id', dictGet(tc, 'id')!]] : []) : tc)) : calls;
  return dictFrom([['role', role], ['tool_calls', kept]]);
}

export type RepairPlan = LargePlan & { messages: number; merged: number; removed: number };

/**
 * Repair (edits.ts `repairDocument`): one metadata record, main's provider_state records after it,
 * then every message written again as nanobot writes it; corrupt and blank lines left out.
 */
export function planRepair(ix: EditIndex, meta: LastMetadata, fileStem: string, now: string): RepairPlan | { error: EditRefusal } {
  const n = ix.messageCount;
  const s = sessionOf(meta, listFallbackKey(fileStem), now, n);
  const head = encoded(pyDumps(metadataRecord(s)) + '\n', 0);
  if (!(head instanceof Uint8Array)) return head;
  const pieces: Piece[] = [{ bytes: head }];
  const states: number[] = [];
  let metas = 0;
  let removed = 0;
  let messageBytes = 0;
  let left = 0;
  for (let i = 0; i < ix.count; i++) {
    const k = ix.kind[i];
    if (k === KIND.provider_state) states.push(i);
    else if (k === KIND.message) messageBytes += ix.length[i]! + 1;
    else {
      if (k === KIND.metadata) metas++;
      else removed++;
      left += lineEnd(ix, i) - ix.start[i]!;
    }
  }
  // repairDocument inserts each provider_state record at line 2 in turn: the last one ends up first.
  let copied = 0;
  states.reverse().forEach((line, k) => {
    const lastOut = k === states.length - 1 && n === 0;
    const own = EOL_TEXT[ix.eol[line]!]!;
    const end = lineEnd(ix, line);
    pieces.push({ from: ix.start[line]!, to: end });
    copied += end - ix.start[line]!;
    if (keptTerminator(own, !lastOut) !== own) pieces.push({ bytes: NL });
  });
  if (n) pieces.push({ dumps: ix.messages.slice(0, n), at: 1 + states.length });
  const size = head.length + copied + messageBytes;
  return { pieces, change: repairOutcome(n, Math.max(0, metas - 1), removed), copied, left, size, messages: n, merged: Math.max(0, metas - 1), removed };
}

/** A message line as a repair writes it (nanobot's `json.dumps` line), or the refusal when it cannot be encoded. */
export function dumpsLine(value: PyDict, line: number): Uint8Array | LineRaises {
  const enc = encodeSession(pyDumps(value) + '\n');
  return enc.ok ? enc.bytes : { error: { code: 'line-cannot-save', line: line + 1, error: enc.error }, line: line + 1, raises: enc.error };
}
