/**
 * The "recovered" lens: every line of a session file kept as a record with its exact bytes, each
 * valid object recovered (a BOM stripped, non-object lines kept as corrupt lines), and one
 * diagnostic per problem. Saving a document writes untouched records back byte for byte.
 */
import { sessionFileNameOrNull } from '../nanobot/keys';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { EOL_TEXT, decodeLines, decodeLossy, decodeStrict, encodeUtf8, eolCode, findUtf8Fault, splitLines, utf8FaultMessage } from '../python/lines';
import { clampLastConsolidated, type LineCache } from './load';
import { isoRoundTrip } from '../python/isotime';
import { pyDumps, pyLoads } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { dictGet, isDict, isInt, truthy, type PyDict } from '../python/pyvalue';

export type RecordKind = 'metadata' | 'message' | 'provider_state' | 'blank' | 'corrupt';

export interface FileRecord {
  kind: RecordKind;
  /** Exact content bytes, without the line terminator. */
  raw: Uint8Array;
  /** Exact terminator: '\n', '\r\n', '\r' or '' (last line without newline). */
  eol: string;
  /** The parsed object (metadata, message or provider_state records). */
  value: PyDict | null;
  /** Set when the value was changed: the record is then written as nanobot's `json.dumps` line. */
  edited?: boolean;
  /** Set when the value holds Python-only values (floats, big ints, key order JS would change). */
  exact?: true;
}

export type DiagnosticKind =
  | 'invalid-utf8'
  | 'bom'
  | 'bad-json'
  | 'too-deep'
  | 'not-object'
  | 'blank-line'
  | 'padded-line'
  | 'line-ending'
  | 'no-final-newline'
  | 'missing-metadata'
  | 'metadata-not-first'
  | 'duplicate-metadata'
  | 'bad-time'
  | 'bad-last-consolidated'
  | 'key-mismatch'
  | 'key-not-text'
  | 'missing-role';

export type Severity = 'error' | 'warning' | 'info';

/**
 * The values a diagnostic carries beside its kind, for each language (and the CLI) to put into words.
 * Python's own exception texts stay as they are: they are what nanobot's log would print.
 */
interface DiagnosticValues {
  /** `error`: Python's UnicodeDecodeError text, its position counted in the line; `byte`: 1-based. */
  'invalid-utf8': { error: string; byte: number };
  /** `error`: Python's JSONDecodeError text. */
  'bad-json': { error: string };
  /** `error`: Python's RecursionError text. */
  'too-deep': { error: string };
  'not-object': { type: 'array' | 'null' | 'number' | 'string' | 'boolean' };
  /** The line endings found, as JSON strings (`"\r\n"`). */
  'line-ending': { endings: string[] };
  /** Whether the lines before the metadata record are all blank (nanobot then lists nothing). */
  'metadata-not-first': { blankFirst: boolean };
  /** `error`: Python's exception `type: message` from `datetime.fromisoformat`. */
  'bad-time': { field: string; error: string };
  /** `value`: the stored value as `json.dumps` writes it; `max`: the message count. */
  'bad-last-consolidated': { value: string; max: number };
  'key-mismatch': { key: string; expected: string; fileName: string };
  /** `key`: the stored key as `json.dumps` writes it. */
  'key-not-text': { key: string };
}

type DiagnosticOf<K extends DiagnosticKind> = {
  /** 0-based record (line) index. */
  line: number;
  /** 1-based column (in characters) where known. */
  column?: number;
  kind: K;
  severity: Severity;
  /** The line as text (lossy where the bytes are not UTF-8), cut to a readable length. */
  raw: string;
} & (K extends keyof DiagnosticValues ? { values: DiagnosticValues[K] } : { values?: undefined });

/** One problem of a file: a code and its values (never a sentence: the interfaces word it). */
export type Diagnostic = { [K in DiagnosticKind]: DiagnosticOf<K> }[DiagnosticKind];

export interface SessionDocument {
  records: FileRecord[];
  diagnostics: Diagnostic[];
}

export interface DocumentOptions {
  /** The file name, to check the stored key against the name the version gives it. */
  fileName?: string;
  /** The nanobot version: at main `provider_state` records are not messages, and the file name a key belongs in differs. */
  version: NanobotVersion;
}

const RAW_PREVIEW = 2000;
const DOT = '\u2026';

function preview(text: string): string {
  return text.length > RAW_PREVIEW ? text.slice(0, RAW_PREVIEW) + DOT : text;
}

/** `text` without JSON's own whitespace at both ends. */
function jsonTrim(text: string): string {
  const ws = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
  let a = 0;
  let b = text.length;
  while (a < b && ws(text.charCodeAt(a))) a++;
  while (b > a && ws(text.charCodeAt(b - 1))) b--;
  return text.slice(a, b);
}

/**
 * Parses a whole file into records and diagnostics; never throws on bad input. `cache` collects the
 * decoded lines and parse results so the nanobot lens need not parse the file again.
 */
export function parseDocument(bytes: Uint8Array, opts: DocumentOptions, cache?: LineCache): SessionDocument {
  const providerState = rulesOf(opts.version).providerStateRecord;
  const records: FileRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const shape = newShape();
  const lines = splitLines(bytes);
  const texts = decodeLines(bytes, lines);
  if (cache) {
    cache.lines = lines;
    cache.texts = texts;
  }
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const raw = bytes.subarray(l.start, l.end);
    const eol = EOL_TEXT[eolCode(bytes, l.end, l.next)]!;
    const rec = lineRecord(i, raw, eol, texts ? texts[i]! : undefined, providerState, diagnostics, cache);
    records.push(rec);
    addToShape(shape, rec, i);
  }
  finishDiagnostics(shape, diagnostics, opts);
  return { records, diagnostics };
}

/** Whether Python's `strip()` (`stripped`) takes more from the ends of `text` (a BOM set aside) than JSON's whitespace: a padded line. */
export function paddedLine(text: string, stripped: string): boolean {
  return stripped.length !== text.length && jsonTrim(text) !== stripped;
}

/**
 * Line `i` as a record, its own diagnostics pushed to `diagnostics`. `text` is the line decoded
 * when the whole file is valid UTF-8; without it the line is decoded (and checked) alone.
 */
export function lineRecord(i: number, raw: Uint8Array, eol: string, text: string | undefined, providerState: boolean, diagnostics: Diagnostic[], cache?: LineCache): FileRecord {
  const rec: FileRecord = { kind: 'corrupt', raw, eol, value: null };
  const diag = (d: Pick<Diagnostic, 'kind' | 'severity' | 'values'>, text: string, column?: number) =>
    diagnostics.push({ line: i, ...d, raw: preview(text), ...(column ? { column } : {}) } as Diagnostic);
  const fault = text !== undefined ? null : findUtf8Fault(raw);
  if (fault) {
    const text = decodeLossy(raw);
    diag({ kind: 'invalid-utf8', severity: 'error', values: { error: utf8FaultMessage(fault), byte: fault.pos + 1 } }, text, decodeLossy(raw.subarray(0, fault.pos)).length + 1);
    return rec;
  }
  text ??= decodeStrict(raw);
  let stripped = pyStrip(text);
  if (!stripped) {
    rec.kind = 'blank';
    diag({ kind: 'blank-line', severity: 'info' }, text);
    return rec;
  }
  const hadBom = text.charCodeAt(0) === 0xfeff;
  if (hadBom) {
    diag({ kind: 'bom', severity: 'error' }, text, 1);
    text = text.slice(1);
    stripped = pyStrip(text);
  }
  if (paddedLine(text, stripped)) diag({ kind: 'padded-line', severity: 'info' }, text);
  const r = pyLoads(stripped);
  if (cache && !hadBom) cache.results[i] = r; // nanobot parses the same stripped text
  if (!r.ok) {
    const lead = text.length - text.replace(/^\s+/u, '').length;
    diag({ kind: r.error.type === 'RecursionError' ? 'too-deep' : 'bad-json', severity: 'error', values: { error: r.error.message } }, text, lead + r.pos + 1);
    return rec;
  }
  if (!isDict(r.value)) {
    const type = Array.isArray(r.value) ? 'array' : r.value === null ? 'null' : typeof r.value === 'object' ? 'number' : (typeof r.value as 'string' | 'number' | 'boolean');
    diag({ kind: 'not-object', severity: 'error', values: { type: type === ('bigint' as string) ? 'number' : type } }, text);
    return rec;
  }
  rec.value = r.value;
  if (r.exact) rec.exact = true;
  const type = dictGet(r.value, '_type');
  rec.kind = type === 'metadata' ? 'metadata' : providerState && type === 'provider_state' ? 'provider_state' : 'message';
  return rec;
}

/** The diagnostics of one line alone: large-file mode reads a line's bytes when it is shown and explains it as the full view does. */
export function diagnosticsOfLine(i: number, raw: Uint8Array, eol: string, version: NanobotVersion): Diagnostic[] {
  const out: Diagnostic[] = [];
  lineRecord(i, raw, eol, undefined, rulesOf(version).providerStateRecord, out);
  return out;
}

/** What the whole-document checks need, gathered a record at a time (so a file can stream past). */
export interface DocumentShape {
  eols: Set<string>;
  lines: number;
  last: Pick<FileRecord, 'kind' | 'eol'> | null;
  firstContent: number;
  metas: { line: number; text: string; value: PyDict }[];
  messages: number;
  roleless: { line: number; text: string }[];
}

/** An empty shape. */
export function newShape(): DocumentShape {
  return { eols: new Set(), lines: 0, last: null, firstContent: -1, metas: [], messages: 0, roleless: [] };
}

/** A record's text as a diagnostic shows it (lossy, cut to a readable length). */
export const previewOf = (rec: Pick<FileRecord, 'raw'>) => preview(decodeLossy(rec.raw));

/** Adds record `i` (the next line) to the shape. */
function addToShape(shape: DocumentShape, rec: FileRecord, i: number): void {
  if (rec.eol) shape.eols.add(rec.eol);
  shape.lines = i + 1;
  shape.last = { kind: rec.kind, eol: rec.eol };
  if (shape.firstContent < 0 && rec.kind !== 'blank') shape.firstContent = i;
  if (rec.kind === 'metadata') shape.metas.push({ line: i, text: previewOf(rec), value: rec.value! });
  if (rec.kind === 'message') {
    shape.messages++;
    if (!Object.prototype.hasOwnProperty.call(rec.value, 'role')) shape.roleless.push({ line: i, text: previewOf(rec) });
  }
}

/** The diagnostics of the whole document (line endings, the last line, metadata, roles), then all sorted by line. */
export function finishDiagnostics(shape: DocumentShape, diagnostics: Diagnostic[], opts: DocumentOptions): void {
  const eols = shape.eols;
  if (eols.size > 1 || eols.has('\r') || eols.has('\r\n')) {
    diagnostics.push({ line: 0, kind: 'line-ending', severity: 'info', values: { endings: [...eols].map((e) => JSON.stringify(e)) }, raw: '' });
  }
  const last = shape.last;
  if (last && !last.eol && last.kind !== 'blank') {
    diagnostics.push({ line: shape.lines - 1, kind: 'no-final-newline', severity: 'warning', raw: '' });
  }
  checkStructure(shape, diagnostics, opts);
  diagnostics.sort((a, b) => a.line - b.line);
}

function checkStructure(shape: DocumentShape, diagnostics: Diagnostic[], opts: DocumentOptions): void {
  const metas = shape.metas;
  const firstContent = shape.firstContent;
  if (metas.length === 0) {
    diagnostics.push({ line: 0, kind: 'missing-metadata', severity: 'error', raw: '' });
  } else {
    if (metas[0]!.line !== 0) {
      diagnostics.push({ line: metas[0]!.line, kind: 'metadata-not-first', severity: 'warning', values: { blankFirst: metas[0]!.line === firstContent }, raw: metas[0]!.text });
    }
    for (const m of metas.slice(0, -1)) {
      diagnostics.push({ line: m.line, kind: 'duplicate-metadata', severity: 'warning', raw: m.text });
    }
    const { value: meta, line, text } = metas[metas.length - 1]!;
    for (const f of ['created_at', 'updated_at']) {
      const v = dictGet(meta, f);
      if (truthy(v)) {
        const t = isoRoundTrip(v);
        if (!t.ok) diagnostics.push({ line, kind: 'bad-time', severity: 'error', values: { field: f, error: `${t.type}: ${t.message}` }, raw: text });
      }
    }
    const lc = dictGet(meta, 'last_consolidated');
    const count = shape.messages;
    if (lc !== undefined && clampLastConsolidated(lc, count) !== lc && !(isInt(lc) && Number(lc) === 0)) {
      diagnostics.push({ line, kind: 'bad-last-consolidated', severity: 'warning', values: { value: pyDumps(lc), max: count }, raw: text });
    }
    const key = dictGet(meta, 'key');
    if (key !== undefined && truthy(key) && typeof key !== 'string') {
      diagnostics.push({ line, kind: 'key-not-text', severity: 'error', values: { key: pyDumps(key) }, raw: text });
    }
    if (opts.fileName && typeof key === 'string' && key && opts.fileName.endsWith('.jsonl')) {
      const expected = sessionFileNameOrNull(key, opts.version);
      if (expected !== null && expected !== opts.fileName) {
        diagnostics.push({ line, kind: 'key-mismatch', severity: 'warning', values: { key, expected, fileName: opts.fileName }, raw: '' });
      }
    }
  }
  for (const r of shape.roleless) {
    diagnostics.push({ line: r.line, kind: 'missing-role', severity: 'warning', raw: r.text });
  }
}

/** The records that are messages (what both lenses call messages), as record indices. */
export function messageRecords(doc: SessionDocument): number[] {
  // A plain loop: flatMap's one-element arrays are garbage per record, all made in one task.
  const out: number[] = [];
  const records = doc.records;
  for (let i = 0; i < records.length; i++) if (records[i]!.kind === 'message') out.push(i);
  return out;
}

/** The metadata record nanobot would use (the last one), or -1. */
export function metadataIndex(doc: SessionDocument): number {
  for (let i = doc.records.length - 1; i >= 0; i--) if (doc.records[i]!.kind === 'metadata') return i;
  return -1;
}

/**
 * The terminator a kept line is written with: its own; a line without one (the file's last) gets
 * `\n` once another line follows it. (An edited line always ends in `\n`.)
 */
export function keptTerminator(eol: string, followed: boolean): string {
  return eol || (followed ? '\n' : '');
}

/** The file's bytes: untouched records exactly as read, edited ones as nanobot's json.dumps lines. */
export function serializeDocument(doc: SessionDocument): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const push = (b: Uint8Array) => {
    parts.push(b);
    total += b.length;
  };
  const NL = encodeUtf8('\n');
  doc.records.forEach((r, i) => {
    push(r.edited && r.value ? encodeUtf8(pyDumps(r.value)) : r.raw);
    const eol = r.edited ? '\n' : keptTerminator(r.eol, i < doc.records.length - 1);
    if (eol === '\n') push(NL);
    else if (eol) push(encodeUtf8(eol));
  });
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A new record holding `value`, written as nanobot's json.dumps line. */
export function newRecord(value: PyDict, kind: RecordKind = 'message'): FileRecord {
  return { kind, raw: new Uint8Array(0), eol: '\n', value, edited: true };
}
