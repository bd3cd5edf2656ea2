/**
 * Moving a session analysis between a worker and the page without blocking either for long:
 * plain records travel by structured clone in batches; values that structured clone would change
 * (Python floats, big ints, reordered keys) travel as their JSON text and are parsed again.
 */
import type { Diagnostic, FileRecord, RecordKind } from '../core/document';
import type { NanobotLoad } from '../core/load';
import { recoveredSession } from '../core/edits';
import type { SessionAnalysis } from '../core/open';
import { pyDumps, pyLoads } from '../core/pyjson';
import type { PyDict, PyValue } from '../core/pyvalue';

const KINDS: RecordKind[] = ['metadata', 'message', 'provider_state', 'blank', 'corrupt'];
const EOLS = ['', '\n', '\r\n', '\r'];

/** One batch of records: positions in the file, kinds, and values (or their text when exotic). */
export interface RecordBatch {
  first: number;
  kinds: Uint8Array;
  bounds: Float64Array; // start, end per record
  eols: Uint8Array;
  values: (PyValue | null)[];
  /** Indices (within the batch) whose value is JSON text to parse again. */
  texts: number[];
}

export interface AnalysisHead {
  key: string;
  count: number;
  diagnostics: Diagnostic[];
  nanobot: Omit<NanobotLoad, 'result'> & {
    result: null | { key: string; createdAt: string; updatedAt: string; lastConsolidated: number; metadataText: string; messageLines: number[] };
  };
}

/** Splits an analysis into a head and record batches of about `batchBytes` of source each. */
export function encodeAnalysis(a: SessionAnalysis, bytes: Uint8Array, batchBytes = 1 << 20): { head: AnalysisHead; batches: RecordBatch[] } {
  const n = a.nanobot;
  const head: AnalysisHead = {
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
  const batches: RecordBatch[] = [];
  const records = a.doc.records;
  let i = 0;
  const offset = bytes.byteOffset;
  while (i < records.length) {
    const first = i;
    let size = 0;
    while (i < records.length && (i === first || size < batchBytes)) size += records[i++]!.raw.length + 1;
    const count = i - first;
    const b: RecordBatch = { first, kinds: new Uint8Array(count), bounds: new Float64Array(count * 2), eols: new Uint8Array(count), values: new Array(count), texts: [] };
    for (let k = 0; k < count; k++) {
      const r = records[first + k]!;
      b.kinds[k] = KINDS.indexOf(r.kind);
      b.bounds[2 * k] = r.raw.byteOffset - offset;
      b.bounds[2 * k + 1] = r.raw.byteOffset - offset + r.raw.length;
      b.eols[k] = EOLS.indexOf(r.eol);
      if (r.value && r.exact) {
        b.values[k] = pyDumps(r.value);
        b.texts.push(k);
      } else b.values[k] = r.value;
    }
    batches.push(b);
  }
  return { head, batches };
}

/** Rebuilds records from batches over the file's bytes (the values of one batch at a time). */
export function decodeBatch(b: RecordBatch, bytes: Uint8Array, into: FileRecord[]): void {
  const texts = new Set(b.texts);
  for (let k = 0; k < b.kinds.length; k++) {
    let value = b.values[k] ?? null;
    if (texts.has(k)) {
      const r = pyLoads(value as string);
      value = r.ok ? r.value : null;
    }
    into[b.first + k] = {
      kind: KINDS[b.kinds[k]!]!,
      raw: bytes.subarray(b.bounds[2 * k]!, b.bounds[2 * k + 1]!),
      eol: EOLS[b.eols[k]!]!,
      value: value as PyDict | null,
      ...(texts.has(k) ? { exact: true as const } : {}),
    };
  }
}

/** The analysis again, once every batch has been decoded into `records`. */
export function finishAnalysis(head: AnalysisHead, records: FileRecord[], fallbackKey: string, now: string): SessionAnalysis {
  const doc = { records, diagnostics: head.diagnostics };
  const r = head.nanobot.result;
  const metadata = r ? (pyLoads(r.metadataText) as { ok: true; value: PyValue }).value : null;
  const nanobot: NanobotLoad = {
    ...head.nanobot,
    result: r && {
      key: r.key,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      lastConsolidated: r.lastConsolidated,
      metadata: metadata!,
      messages: r.messageLines.map((line) => records[line]!.value!),
      messageLines: r.messageLines,
    },
  };
  return { key: head.key, doc, nanobot, recovered: recoveredSession(doc, fallbackKey, now) };
}
