/**
 * `trimToLegalSuffix` over a file streamed past in byte chunks, for files too big to hold: a first
 * pass judges each line as the recovered lens does and keeps one byte a line, one a message, the
 * last metadata record and the last messages' tool-call facts; the plan comes from those; a second
 * pass gives the trimmed file, the kept lines' own bytes around the new metadata line. The bytes
 * are `serializeDocument` of `trimToLegalSuffix`'s document; memory follows the ring, not the file.
 */
import { lineRecord, type Diagnostic } from '../lens/document';
import { editedMetadata, trimChange, trimSummary } from './edits';
import { LineSplitter, type ChunkLine } from '../lens/line-stream';
import { decodeStrict } from '../python/lines';
import { clampLastConsolidated } from '../lens/load';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { pyDumps, type PyError } from '../python/pyjson';
import { dictGet, dictSet, isDict, truthy, type PyDict, type PyValue } from '../python/pyvalue';
import { legalStart } from '../replay/replay';
import { legalCut, rangeCounts, retainSpan, type MessageRange } from './retain';
import { clearMetadata } from './session';

const MESSAGE = 1;
const USER = 1;
const DELIVERY = 2;

/** What the plan needs of a file, gathered a line at a time. */
export interface TrimScan {
  /** How many lines the file has (as `splitLines` counts). */
  lines: number;
  /** One byte a line: MESSAGE when the recovered lens reads it as a message record. */
  kinds: Uint8Array;
  /** How many message records. */
  count: number;
  /** One byte a message: USER (a `role` of 'user'), DELIVERY (a truthy `_channel_delivery`). */
  flags: Uint8Array;
  /** The last metadata record's line (-1: none) and value: the one the recovered lens and the edit use. */
  metaLine: number;
  meta: PyDict | null;
  /** The last `hold` messages' tool-call facts (`legalFacts`), a ring indexed by message % hold. */
  ring: PyDict[];
  hold: number;
}

/** Grows a byte array by doubling, so a file of any length costs a byte a line. */
function grown(a: Uint8Array, need: number): Uint8Array {
  if (need <= a.length) return a;
  const b = new Uint8Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** The terminator of a streamed line, as `parseDocument` records it. */
function eolOf(l: ChunkLine): string {
  const n = l.bytes.length - l.contentLength;
  return n === 0 ? '' : n === 2 ? '\r\n' : l.bytes[l.contentLength] === 13 ? '\r' : '\n';
}

/** A streamed line judged as `parseDocument` judges it (its diagnostics thrown away). */
function recordOf(l: ChunkLine, providerState: boolean, sink: Diagnostic[]) {
  const raw = l.bytes.subarray(0, l.contentLength);
  let text: string | undefined;
  try {
    text = decodeStrict(raw);
  } catch {
    text = undefined; // lineRecord finds the fault: a corrupt line
  }
  const rec = lineRecord(l.index, raw, eolOf(l), text, providerState, sink);
  sink.length = 0;
  return rec;
}

/** The only parts of a message `legalStart` reads (role, tool calls, tool result id): a ring holds these, not the text. */
export function legalFacts(m: PyDict): PyDict {
  const d: PyDict = {};
  for (const k of ['role', 'tool_calls', 'tool_call_id']) {
    const v = dictGet(m, k);
    if (v !== undefined) dictSet(d, k, v);
  }
  return d;
}

/** First pass: every line's kind, every message's retain flags, the last metadata record, the last `hold` messages' facts. */
export async function scanForTrim(chunks: AsyncIterable<Uint8Array>, version: NanobotVersion, hold: number): Promise<TrimScan> {
  const providerState = rulesOf(version).providerStateRecord;
  const scan: TrimScan = { lines: 0, kinds: new Uint8Array(1024), count: 0, flags: new Uint8Array(1024), metaLine: -1, meta: null, ring: [], hold: Math.max(1, hold) };
  const sink: Diagnostic[] = [];
  const splitter = new LineSplitter((l) => {
    const rec = recordOf(l, providerState, sink);
    scan.kinds = grown(scan.kinds, l.index + 1);
    scan.lines = l.index + 1;
    if (rec.kind === 'metadata') {
      scan.metaLine = l.index;
      scan.meta = rec.value;
    } else if (rec.kind === 'message') {
      const m = rec.value!;
      scan.kinds[l.index] = MESSAGE;
      scan.flags = grown(scan.flags, scan.count + 1);
      const user = Object.prototype.hasOwnProperty.call(m, 'role') && m.role === 'user';
      scan.flags[scan.count] = (user ? USER : 0) | (truthy(dictGet(m, '_channel_delivery')) ? DELIVERY : 0);
      scan.ring[scan.count % scan.hold] = legalFacts(m);
      scan.count++;
    }
  });
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return scan;
}

/** Tool-call facts of the messages [from, to), read again when the ring did not reach back far enough. */
export async function legalFactsIn(chunks: AsyncIterable<Uint8Array>, scan: TrimScan, range: MessageRange, version: NanobotVersion): Promise<PyDict[]> {
  const providerState = rulesOf(version).providerStateRecord;
  const out: PyDict[] = [];
  const sink: Diagnostic[] = [];
  let message = 0;
  const splitter = new LineSplitter((l) => {
    if (scan.kinds[l.index] !== MESSAGE) return;
    const i = message++;
    if (i < range.from || i >= range.to) return;
    const rec = recordOf(l, providerState, sink);
    out.push(rec.value ? legalFacts(rec.value) : {});
  });
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return out;
}

/** The trim as planned: refused (nanobot would raise), nothing to do, facts still to read, or what to write. */
export type TrimPlan =
  | { ok: false; error: string }
  | { ok: true; summary: string; keep: null }
  | { ok: true; summary: string; keep: MessageRange; metaLine: number; meta: PyDict }
  | { ok: 'need'; range: MessageRange };

/**
 * The plan `trimToLegalSuffix(doc, key, max, extendToUser, now, version)` makes, from the scan.
 * `extra` holds facts read again for a range the ring missed; without them that range is asked for.
 */
export function planTrim(scan: TrimScan, key: string, max: number, extendToUser: boolean, now: string, version: NanobotVersion, extra?: { range: MessageRange; facts: PyDict[] }): TrimPlan {
  const n = scan.count;
  const meta = scan.meta;
  const lastConsolidated = clampLastConsolidated(meta ? dictGet(meta, 'last_consolidated') : 0, n);
  const inner = meta ? dictGet(meta, 'metadata') : undefined;
  const metadata: PyValue = isDict(inner) ? inner : {};
  const fail = (e: PyError): TrimPlan => ({ ok: false, error: `nanobot would raise ${e.type}: ${e.message}` });
  const written = (keep: MessageRange, cleared: PyValue | null): TrimPlan => {
    const c = rangeCounts(n, lastConsolidated, keep);
    const edited = editedMetadata(meta, key, now, trimChange({ lastConsolidated: c.lastConsolidated, cleared: cleared !== null, metadata: cleared ?? metadata }, now));
    return { ok: true, summary: trimSummary(n, max, c), keep, metaLine: scan.metaLine, meta: edited };
  };
  if (max <= 0) {
    const cleared = clearMetadata(metadata);
    return cleared.ok ? written({ from: 0, to: 0 }, cleared.metadata) : fail(cleared.error);
  }
  if (n <= max) return { ok: true, summary: trimSummary(n, max, null), keep: null };
  const facts = { count: n, isUser: (i: number) => (scan.flags[i]! & USER) !== 0, delivery: (i: number) => (scan.flags[i]! & DELIVERY) !== 0 };
  const span = retainSpan(facts, max, extendToUser, version);
  const ringFrom = Math.max(0, n - scan.hold);
  let factsOf: (r: MessageRange) => PyDict[];
  if (span.from >= ringFrom) factsOf = (r) => Array.from({ length: r.to - r.from }, (_, k) => scan.ring[(r.from + k) % scan.hold]!);
  else if (extra && extra.range.from <= span.from && span.to <= extra.range.to) factsOf = (r) => extra.facts.slice(r.from - extra.range.from, r.to - extra.range.from);
  else return { ok: 'need', range: span };
  try {
    return written(legalCut(span, max, extendToUser, (r) => legalStart(factsOf(r), (k) => r.from + k)), null);
  } catch (e) {
    const err = (e as { error?: PyError }).error;
    if (err) return fail(err);
    throw e;
  }
}

/** The metadata line a plan writes (nanobot's `json.dumps` form), as text: the store checks it encodes. */
export function metadataLine(plan: { meta: PyDict }): string {
  return pyDumps(plan.meta);
}

/** The line the new metadata record lands on in the written file (0-based), for the refusal's wording. */
export function writtenMetadataLine(scan: TrimScan, keep: MessageRange): number {
  if (scan.metaLine < 0) return 0;
  let before = 0;
  for (let i = 0; i < scan.metaLine; i++) before += scan.kinds[i]!;
  return scan.metaLine - (before - Math.max(0, Math.min(before, keep.to) - keep.from));
}

/**
 * Second pass: the trimmed file, a chunk per chunk read. Lines pass as their own bytes (corrupt
 * ones included), messages outside `keep` are left out, the metadata line (`metaBytes`, ending in
 * "\n") replaces the last metadata record, or comes first when there is none. The caller checks
 * that the file read is still the one scanned (its hash), else the output means nothing.
 */
export async function* trimmedChunks(chunks: AsyncIterable<Uint8Array>, scan: TrimScan, keep: MessageRange, metaBytes: Uint8Array): AsyncIterable<Uint8Array> {
  if (scan.metaLine < 0) yield metaBytes;
  const out: Uint8Array[] = [];
  let size = 0;
  let message = 0;
  const put = (b: Uint8Array) => {
    out.push(b);
    size += b.length;
  };
  const splitter = new LineSplitter((l) => {
    if (l.index === scan.metaLine) put(metaBytes);
    else if (scan.kinds[l.index] !== MESSAGE) put(l.bytes);
    else {
      const i = message++;
      if (i >= keep.from && i < keep.to) put(l.bytes);
    }
  });
  /** What was cut since the last yield, copied (a reader may reuse its chunk). */
  const drain = () => {
    const b = new Uint8Array(size);
    let at = 0;
    for (const p of out) {
      b.set(p, at);
      at += p.length;
    }
    out.length = 0;
    size = 0;
    return b;
  };
  for await (const chunk of chunks) {
    splitter.push(chunk);
    if (size) yield drain();
  }
  splitter.end();
  if (size) yield drain();
}
