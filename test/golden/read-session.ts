/**
 * nanobot's `read_session_file(key)` and `read_session_metadata(key)`: the golden runner's oracles
 * (the product never calls them). Built from the load's own pieces in src/core/lens/load.ts: its
 * text lines, json.loads with the version's depth, the raise on a non-object, and the repair pass.
 */
import { asDict, caught, faultWithin, decodedSpan, loads, PyRaise, repairNanobot, textLines } from '../../src/core/lens/load';
import { isProviderStateRecord } from '../../src/core/nanobot/provider-state';
import { rulesOf, type NanobotVersion, type VersionRules } from '../../src/core/nanobot/nanobot-version';
import { decodeStrict, splitLines } from '../../src/core/python/lines';
import type { PyError } from '../../src/core/python/pyjson';
import { pyStrip } from '../../src/core/python/pytext';
import { dictGet, isDict, truthy, type PyDict, type PyValue } from '../../src/core/python/pyvalue';

/** What `read_session_file` returns: raw stored values on the normal path. */
export interface SessionFileView {
  key: string;
  created_at: PyValue;
  updated_at: PyValue;
  metadata: PyValue;
  messages?: PyDict[];
}

/** What a read returns: its view, whether the repair ran, and what failed or propagated. */
export interface ReadResult {
  result: SessionFileView | null;
  repairCalled: boolean;
  /** What made the plain read fail and the repair run. */
  error: PyError | null;
  /** An exception the call lets propagate (v0.3.0+: RecursionError). */
  raised?: PyError;
}

/** The answer of the repair pass a read falls back on when its own read raised `error`. */
function fromRepair(bytes: Uint8Array, key: string, now: string, withMessages: boolean, error: PyError, version: NanobotVersion): ReadResult {
  if (!caught(error, rulesOf(version))) return { result: null, repairCalled: false, error: null, raised: error };
  const repaired = repairNanobot(bytes, key, now, version);
  if (repaired.error) return { result: null, repairCalled: true, error, raised: repaired.error };
  const s = repaired.result;
  if (!s) return { result: null, repairCalled: true, error };
  const view: SessionFileView = { key, created_at: s.createdAt, updated_at: s.updatedAt, metadata: s.metadata };
  if (withMessages) view.messages = s.messages;
  return { result: view, repairCalled: true, error };
}

/** nanobot's `read_session_file(key)` (no cache): the stored key and raw times, or the repair result. */
export function readSessionFile(bytes: Uint8Array, key: string, now: string, version: NanobotVersion): ReadResult {
  const rules = rulesOf(version);
  const lines = textLines(bytes);
  try {
    let meta: PyDict | null = null;
    const messages: PyDict[] = [];
    for (const line of lines.lines) {
      const data = asDict(loads(line, rules.depthBudget.jsonLoads), rules);
      if (dictGet(data, '_type') === 'metadata') meta = data;
      else if (!(rules.providerStateRecord && isProviderStateRecord(data))) messages.push(data);
    }
    if (lines.error) throw new PyRaise(lines.error);
    return { result: { ...metaView(meta, key, false, rules), messages }, repairCalled: false, error: null };
  } catch (e) {
    if (!(e instanceof PyRaise)) throw e;
    return fromRepair(bytes, key, now, true, e.error, version);
  }
}

/** The stored key and times as a version reads them: main keeps only strings (§24). */
function metaView(meta: PyDict | null, key: string, dictOnly: boolean, rules: VersionRules): SessionFileView {
  const stored = meta ? dictGet(meta, 'key') : undefined;
  const m = meta ? dictGet(meta, 'metadata') : undefined;
  const time = (name: string): PyValue => {
    const v = meta ? (dictGet(meta, name) ?? null) : null;
    return rules.typedMetadata && typeof v !== 'string' ? null : v;
  };
  const keyOk = rules.typedMetadata ? typeof stored === 'string' && stored !== '' : truthy(stored);
  return {
    key: keyOk ? (stored as string) : key,
    created_at: time('created_at'),
    updated_at: time('updated_at'),
    metadata: dictOnly || rules.typedMetadata ? (isDict(m) ? m : {}) : m === undefined ? {} : m,
  };
}

/**
 * nanobot's `read_session_metadata(key)`: only the first non-blank line, which must be a metadata
 * record (else nothing); non-dict metadata reads as `{}`. `head` may be just the file's first bytes.
 */
export function readSessionMetadata(bytes: Uint8Array, key: string, now: string, version: NanobotVersion): ReadResult {
  const rules = rulesOf(version);
  const first = firstNonBlankLine(bytes);
  if (first && 'type' in first) return fromRepair(bytes, key, now, false, first, version);
  if (!first) return { result: null, repairCalled: false, error: null };
  try {
    const data = asDict(loads(first, rules.depthBudget.jsonLoads), rules);
    if (dictGet(data, '_type') !== 'metadata') return { result: null, repairCalled: false, error: null };
    return { result: metaView(data, key, true, rules), repairCalled: false, error: null };
  } catch (e) {
    if (!(e instanceof PyRaise)) throw e;
    return fromRepair(bytes, key, now, false, e.error, version);
  }
}

/** The first line whose `strip()` is not empty, read as Python reads text (8 KiB chunks), or the decoding error. */
export function firstNonBlankLine(bytes: Uint8Array): { index: number; text: string } | PyError | null {
  const lines = splitLines(bytes);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const fault = faultWithin(bytes, decodedSpan(l.next, bytes.length, bytes), l.next === l.end);
    if (fault) return fault;
    const text = pyStrip(decodeStrict(bytes.subarray(l.start, l.end)));
    if (text) return { index: i, text };
  }
  return null;
}
