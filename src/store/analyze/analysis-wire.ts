/**
 * Moving a session analysis between a worker and the page without blocking either for long.
 * The file's bytes go back to the page first; then batches say, per record, where it is and how
 * to get its value: most values are simply `JSON.parse` of their own line (the worker checked
 * that this gives what it parsed), the rest travel as JSON text. Long strings of the values then
 * move to V8's old generation (tenure.ts), so receiving 100 MB of messages needs no long minor GC.
 * Values JSON would change (Python floats, big ints, reordered keys) travel as their Python JSON
 * text and are parsed again.
 */
import type { Diagnostic, FileRecord, RecordKind } from '../../core/lens/document';
import type { NanobotLoad } from '../../core/lens/load';
import { recoveredSession } from '../../core/lens/recovered';
import type { SessionAnalysis } from '../../core/lens/open';
import { pyDumps, pyLoads } from '../../core/python/pyjson';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import { EOL_TEXT } from '../../core/python/lines';
import { tenureStrings } from './tenure';

const KINDS: RecordKind[] = ['metadata', 'message', 'provider_state', 'blank', 'corrupt'];

/** How a record's value travels. */
const enum Via {
  None = 0,
  /** `JSON.parse` of the line itself. */
  Line = 1,
  /** The next entry of `plain`. */
  Plain = 2,
  /** The next entry of `exact`, through pyLoads. */
  Exact = 3,
}

/** One batch of records: positions in the file, kinds, and how each value is found. */
export interface RecordBatch {
  first: number;
  kinds: Uint8Array;
  bounds: Float64Array; // start, end per record
  eols: Uint8Array;
  via: Uint8Array;
  /** JSON array text of the values that are not their line's own JSON (a BOM, padding). */
  plain: string;
  /** Python JSON text of the exact values. */
  exact: string[];
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

export interface AnalysisHead {
  key: string;
  count: number;
  diagnostics: Diagnostic[];
  nanobot: Omit<NanobotLoad, 'result'> & {
    result: null | { key: string; createdAt: string; updatedAt: string; lastConsolidated: number; metadataText: string; messageLines: number[] };
  };
}

/** Batches of about this much source: decoding one on the page takes a few ms. */
const BATCH_BYTES = 512 * 1024;

/** What the page needs before the records: counts, diagnostics and nanobot's load result. */
export function encodeHead(a: SessionAnalysis): AnalysisHead {
  const n = a.nanobot;
  return {
    key: a.key,
    count: a.doc.records.length,
    diagnostics: a.doc.diagnostics,
    nanobot: {
      ...n,
      result: n.result && {
        key: n.result.key,
        createdAt: n.result.createdAt,
        updatedAt: n.result.updatedAt,
        lastConsolidated: n.result.lastConsolidated,
        metadataText: pyDumps(n.result.metadata),
        messageLines: n.result.messageLines,
      },
    },
  };
}

/** The records in batches of about `batchBytes` of source each (they point into `bytes`: encode them before the bytes go back). */
export function encodeBatches(a: SessionAnalysis, bytes: Uint8Array, batchBytes = BATCH_BYTES): RecordBatch[] {
  const batches: RecordBatch[] = [];
  const records = a.doc.records;
  let i = 0;
  const offset = bytes.byteOffset;
  while (i < records.length) {
    const first = i;
    let size = 0;
    while (i < records.length && (i === first || size < batchBytes)) size += records[i++]!.raw.length + 1;
    const count = i - first;
    const b: RecordBatch = { first, kinds: new Uint8Array(count), bounds: new Float64Array(count * 2), eols: new Uint8Array(count), via: new Uint8Array(count), plain: '[]', exact: [] };
    const plain: PyValue[] = [];
    for (let k = 0; k < count; k++) {
      const r = records[first + k]!;
      const raw = r.raw;
      b.kinds[k] = KINDS.indexOf(r.kind);
      b.bounds[2 * k] = raw.byteOffset - offset;
      b.bounds[2 * k + 1] = raw.byteOffset - offset + raw.length;
      b.eols[k] = (EOL_TEXT as readonly string[]).indexOf(r.eol);
      if (!r.value) b.via[k] = Via.None;
      else if (r.exact) {
        b.via[k] = Via.Exact;
        b.exact.push(pyDumps(r.value));
      } else if (raw[0] === OPEN_BRACE && raw[raw.length - 1] === CLOSE_BRACE) {
        // A plain value is JSON.parse of its stripped line; a line that is exactly '{...}' is its
        // own stripped text (no BOM, no padding), and it is valid UTF-8 since it has a value.
        b.via[k] = Via.Line;
      } else {
        b.via[k] = Via.Plain;
        plain.push(r.value);
      }
    }
    // Plain values are what JSON.parse gave, so their JSON text parses back the same (an int -0
    // comes back as 0, which the app already treats alike, as Python has no int -0).
    if (plain.length) b.plain = JSON.stringify(plain);
    batches.push(b);
  }
  return batches;
}

const utf8 = new TextDecoder();

/**
 * Rebuilds one batch's records over the file's bytes, as soon as the batch arrives. The batch is
 * decoded as one text and each line parsed from a slice of it: one decode per line made 50,000
 * short-lived engine strings whose clean-up lengthened garbage collections.
 */
export function decodeBatch(b: RecordBatch, bytes: Uint8Array, into: FileRecord[]): void {
  const n = b.kinds.length;
  const plain = JSON.parse(b.plain) as PyDict[];
  // Line breaks are ASCII and never inside a record, so the text splits into the same lines
  // (found by searching, so a leading BOM the decoder drops shifts nothing).
  const text = b.via.includes(Via.Line) ? utf8.decode(bytes.subarray(b.bounds[0]!, b.bounds[2 * n - 1]!)) : '';
  let at = 0;
  let p = 0;
  let x = 0;
  for (let k = 0; k < n; k++) {
    const eol = EOL_TEXT[b.eols[k]!]!;
    const end = k === n - 1 ? text.length : text.indexOf(eol === '\n' ? '\n' : '\r', at);
    const rec: FileRecord = { kind: KINDS[b.kinds[k]!]!, raw: bytes.subarray(b.bounds[2 * k]!, b.bounds[2 * k + 1]!), eol, value: null };
    const via = b.via[k] as Via;
    if (via === Via.Line) rec.value = JSON.parse(text.slice(at, end)) as PyDict;
    else if (via === Via.Plain) rec.value = plain[p++]!;
    else if (via === Via.Exact) {
      const r = pyLoads(b.exact[x++]!);
      rec.value = r.ok ? (r.value as PyDict) : null;
      rec.exact = true;
    }
    if (via === Via.Line || via === Via.Plain) tenureStrings(rec.value);
    into[b.first + k] = rec;
    at = end + eol.length;
  }
}

/** Records walked between yields while finishing, so finishing a big file's analysis is never one long task. */
const FINISH_STEP = 20_000;

/**
 * The analysis again, once every batch has been decoded into `records`, as steps (run them with
 * runSliced, or runNow): each walks a slice of the records.
 */
export function* finishSteps(head: AnalysisHead, records: FileRecord[], fallbackKey: string, now: string): Generator<void, SessionAnalysis> {
  const doc = { records, diagnostics: head.diagnostics };
  const r = head.nanobot.result;
  const metadata = r ? (pyLoads(r.metadataText) as { ok: true; value: PyValue }).value : null;
  const messages: PyDict[] = [];
  if (r) {
    for (let i = 0; i < r.messageLines.length; i++) {
      messages.push(records[r.messageLines[i]!]!.value!);
      if (i % FINISH_STEP === FINISH_STEP - 1) yield;
    }
  }
  const recs: number[] = []; // messageRecords(doc), in slices
  for (let i = 0; i < records.length; i++) {
    if (records[i]!.kind === 'message') recs.push(i);
    if (i % FINISH_STEP === FINISH_STEP - 1) yield;
  }
  yield;
  const nanobot: NanobotLoad = {
    ...head.nanobot,
    result: r && {
      key: r.key,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      lastConsolidated: r.lastConsolidated,
      metadata: metadata!,
      messages,
      messageLines: r.messageLines,
    },
  };
  return { key: head.key, doc, nanobot, recovered: recoveredSession(doc, fallbackKey, now, recs) };
}
