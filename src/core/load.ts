/**
 * The lens "as nanobot sees it": nanobot's `_load`, `read_session_file` and
 * `read_session_metadata`, including their repair pass and the exceptions that make them give up.
 * Input is the file's bytes; nothing here throws on bad input — failures come back as data.
 */
import { isoRoundTrip } from './isotime';
import { decodeLines, decodeStrict, findUtf8Fault, splitLines, utf8FaultMessage, type RawLine } from './lines';
import { pyLoads, type LoadsResult, type PyError } from './pyjson';
import { pyStrip } from './pytext';
import { dictGet, isDict, isInt, pyTypeName, truthy, type PyDict, type PyValue } from './pyvalue';

/** A session as nanobot holds it in memory after `_load`. */
export interface NanobotSession {
  key: string;
  /** `isoformat()` of the datetime nanobot holds. */
  createdAt: string;
  updatedAt: string;
  /** After the range clamp (contract C12). */
  lastConsolidated: number;
  /** Not type-checked by nanobot: any JSON value. */
  metadata: PyValue;
  messages: PyDict[];
  /** 0-based file line of each message, for pointing at it. */
  messageLines: number[];
}

export interface NanobotLoad {
  /** 'repair' when the strict pass raised and the repair pass ran. */
  path: 'normal' | 'repair';
  /** null: nanobot starts an empty session, and its next save replaces the whole file. */
  result: NanobotSession | null;
  /** What made the strict pass fail, and (when it also failed) what made repair give up. */
  strictError: PyError | null;
  repairError: PyError | null;
  /** Lines the repair pass skipped as undecodable JSON. */
  skipped: number;
  logs: [string, string][];
}

/** One non-blank line, stripped as Python's `line.strip()` does; `parsed` memoizes json.loads of it. */
interface TextLine {
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

class PyRaise {
  constructor(readonly error: PyError) {}
}

/** The lines of a whole file as Python's text mode yields them, or the UnicodeDecodeError it raises. */
function textLines(bytes: Uint8Array, cache?: LineCache): TextLine[] | PyError {
  const lines = cache?.lines ?? splitLines(bytes);
  const texts = cache?.texts !== undefined ? cache.texts : decodeLines(bytes, lines);
  if (!texts) return { type: 'UnicodeDecodeError', message: utf8FaultMessage(findUtf8Fault(bytes)!) };
  const out: TextLine[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = pyStrip(texts[i]!);
    if (text) out.push({ index: i, text, parsed: cache?.results[i] });
  }
  return out;
}

function parsed(line: TextLine): LoadsResult {
  return (line.parsed ??= pyLoads(line.text));
}

function loads(line: TextLine): PyValue {
  const r = parsed(line);
  if (!r.ok) throw new PyRaise(r.error);
  return r.value;
}

/** `data.get(...)` on a non-dict raises AttributeError, which nothing in nanobot catches. */
function asDict(v: PyValue): PyDict {
  if (isDict(v)) return v;
  throw new PyRaise({ type: 'AttributeError', message: `'${pyTypeName(v)}' object has no attribute 'get'` });
}

function parseTime(v: PyValue | undefined, now: string, lenient: boolean): string {
  if (!truthy(v)) return now;
  const r = isoRoundTrip(v);
  if (r.ok) return r.iso;
  if (lenient) return now;
  throw new PyRaise({ type: r.type, message: r.message });
}

/** Contract C12: anything but a non-bool int in 0..len(messages) becomes 0. */
export function clampLastConsolidated(v: PyValue | undefined, messageCount: number): number {
  if (!isInt(v)) return 0;
  const n = Number(v);
  return n >= 0 && n <= messageCount ? n : 0;
}

function runPass(lines: TextLine[], key: string, now: string, repair: boolean): { session: NanobotSession | null; skipped: number } {
  const messages: PyDict[] = [];
  const messageLines: number[] = [];
  let metadata: PyValue = {};
  let createdAt = now;
  let updatedAt = now;
  let lc: PyValue | undefined = 0;
  let skipped = 0;
  for (const line of lines) {
    let value: PyValue;
    if (repair) {
      const r = parsed(line);
      if (!r.ok) {
        if (r.error.type !== 'JSONDecodeError') throw new PyRaise(r.error);
        skipped++;
        continue;
      }
      value = r.value;
    } else value = loads(line);
    const data = asDict(value);
    if (dictGet(data, '_type') === 'metadata') {
      const m = dictGet(data, 'metadata');
      metadata = m === undefined ? {} : m;
      createdAt = parseTime(dictGet(data, 'created_at'), now, repair);
      updatedAt = parseTime(dictGet(data, 'updated_at'), now, repair);
      const l = dictGet(data, 'last_consolidated');
      lc = l === undefined ? 0 : l;
    } else {
      messages.push(data);
      messageLines.push(line.index);
    }
  }
  if (repair && messages.length === 0 && !truthy(metadata)) return { session: null, skipped };
  const session: NanobotSession = {
    key,
    createdAt,
    updatedAt,
    lastConsolidated: clampLastConsolidated(lc, messages.length),
    metadata,
    messages,
    messageLines,
  };
  return { session, skipped };
}

/** nanobot's `SessionManager._load(key)`: strict pass, then the repair pass when it raised. */
export function loadNanobot(bytes: Uint8Array, key: string, now: string, cache?: LineCache): NanobotLoad {
  const logs: [string, string][] = [];
  const lines = textLines(bytes, cache);
  let strictError: PyError;
  if (Array.isArray(lines)) {
    try {
      const { session } = runPass(lines, key, now, false);
      return { path: 'normal', result: session, strictError: null, repairError: null, skipped: 0, logs };
    } catch (e) {
      if (!(e instanceof PyRaise)) throw e;
      strictError = e.error;
    }
  } else strictError = lines;
  logs.push(['WARNING', `Failed to load session ${key}: ${strictError.message}`]);
  if (!Array.isArray(lines)) {
    logs.push(['WARNING', `Repair failed for session ${key}: ${lines.message}`]);
    return { path: 'repair', result: null, strictError, repairError: lines, skipped: 0, logs };
  }
  try {
    const { session, skipped } = runPass(lines, key, now, true);
    if (skipped) logs.push(['WARNING', `Skipped ${skipped} corrupt lines in session ${key}`]);
    return { path: 'repair', result: session, strictError, repairError: null, skipped, logs };
  } catch (e) {
    if (!(e instanceof PyRaise)) throw e;
    logs.push(['WARNING', `Repair failed for session ${key}: ${e.error.message}`]);
    return { path: 'repair', result: null, strictError, repairError: e.error, skipped: 0, logs };
  }
}

/** What `read_session_file` returns: raw stored values on the normal path. */
export interface SessionFileView {
  key: string;
  created_at: PyValue;
  updated_at: PyValue;
  metadata: PyValue;
  messages?: PyDict[];
}

export interface ReadResult {
  result: SessionFileView | null;
  repairCalled: boolean;
  error: PyError | null;
}

function fromRepair(bytes: Uint8Array, key: string, now: string, withMessages: boolean, error: PyError): ReadResult {
  const load = loadNanobot(bytes, key, now);
  const s = load.path === 'repair' ? load.result : null;
  if (!s) return { result: null, repairCalled: true, error };
  const view: SessionFileView = { key, created_at: s.createdAt, updated_at: s.updatedAt, metadata: s.metadata };
  if (withMessages) view.messages = s.messages;
  return { result: view, repairCalled: true, error };
}

/** nanobot's `read_session_file(key)` (no cache): the stored key and raw times, or the repair result. */
export function readSessionFile(bytes: Uint8Array, key: string, now: string): ReadResult {
  const lines = textLines(bytes);
  if (!Array.isArray(lines)) return { result: null, repairCalled: true, error: lines };
  try {
    let meta: PyDict | null = null;
    const messages: PyDict[] = [];
    for (const line of lines) {
      const data = asDict(loads(line));
      if (dictGet(data, '_type') === 'metadata') meta = data;
      else messages.push(data);
    }
    return { result: { ...metaView(meta, key, false), messages }, repairCalled: false, error: null };
  } catch (e) {
    if (!(e instanceof PyRaise)) throw e;
    return fromRepair(bytes, key, now, true, e.error);
  }
}

function metaView(meta: PyDict | null, key: string, dictOnly: boolean): SessionFileView {
  const stored = meta ? dictGet(meta, 'key') : undefined;
  const m = meta ? dictGet(meta, 'metadata') : undefined;
  return {
    key: truthy(stored) ? (stored as string) : key,
    created_at: meta ? (dictGet(meta, 'created_at') ?? null) : null,
    updated_at: meta ? (dictGet(meta, 'updated_at') ?? null) : null,
    metadata: dictOnly ? (isDict(m) ? m : {}) : m === undefined ? {} : m,
  };
}

/**
 * nanobot's `read_session_metadata(key)`: only the first non-blank line, which must be a metadata
 * record (else nothing); non-dict metadata reads as `{}`. `head` may be just the file's first bytes.
 */
export function readSessionMetadata(bytes: Uint8Array, key: string, now: string): ReadResult {
  const first = firstNonBlankLine(bytes);
  if (first && 'type' in first) return fromRepair(bytes, key, now, false, first);
  if (!first) return { result: null, repairCalled: false, error: null };
  try {
    const data = asDict(loads(first));
    if (dictGet(data, '_type') !== 'metadata') return { result: null, repairCalled: false, error: null };
    return { result: metaView(data, key, true), repairCalled: false, error: null };
  } catch (e) {
    if (!(e instanceof PyRaise)) throw e;
    return fromRepair(bytes, key, now, false, e.error);
  }
}

/** Python reads text files in 8 KiB chunks: a decoding error anywhere in a chunk it reads is raised. */
export const PY_TEXT_CHUNK = 8192;

/** The bytes [0, end) Python's text layer has decoded by the time it has returned bytes [0, need). */
export function decodedSpan(need: number, total: number): number {
  return Math.min(total, Math.max(PY_TEXT_CHUNK, Math.ceil(need / PY_TEXT_CHUNK) * PY_TEXT_CHUNK));
}

/** A decoding error in the first `span` bytes; a sequence merely cut by the span end is not one. */
function faultWithin(bytes: Uint8Array, span: number): PyError | null {
  let f = findUtf8Fault(bytes, 0, span);
  if (f && f.reason === 'unexpected end of data' && span < bytes.length) {
    f = findUtf8Fault(bytes, f.pos, Math.min(bytes.length, f.pos + 4));
    if (f && f.reason === 'unexpected end of data' && f.pos + 4 <= bytes.length) f = null;
  }
  return f ? { type: 'UnicodeDecodeError', message: utf8FaultMessage(f) } : null;
}

function firstNonBlankLine(bytes: Uint8Array): TextLine | PyError | null {
  const lines = splitLines(bytes);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const fault = faultWithin(bytes, decodedSpan(l.next, bytes.length));
    if (fault) return fault;
    const text = pyStrip(decodeStrict(bytes.subarray(l.start, l.end)));
    if (text) return { index: i, text };
  }
  return null;
}
