/**
 * nanobot's `list_sessions()`: one row per file from its head (the metadata line plus a bounded
 * preview scan), a repair-based row when reading the head raises, and nanobot's sort order.
 */
import { listFallbackKey } from './keys';
import { decodeStrict, findUtf8Fault, splitLines, utf8FaultMessage } from './lines';
import { decodedSpan, loadNanobot } from './load';
import { messagePreview } from './preview';
import { pyLoads, type PyError } from './pyjson';
import { pyStrip } from './pytext';
import { dictGet, isDict, pyTypeName, truthy, type PyDict, type PyValue } from './pyvalue';
import { sessionTitle } from './title';

export interface ListingRow {
  key: string;
  created_at: PyValue;
  updated_at: PyValue;
  title: string;
  preview: string;
  /** The file name. */
  path: string;
}

/** What listing one file gives: a row, nothing (nanobot leaves the file out), or a request for the whole file. */
export type ListingOutcome =
  | { kind: 'row'; row: ListingRow; repaired: boolean; headError: PyError | null }
  | { kind: 'skip'; reason: string; repaired: boolean; headError: PyError | null }
  | { kind: 'need-more' };

export const PREVIEW_MAX_RECORDS = 200;
export const PREVIEW_MAX_CHARS = 1_000_000;

export interface ListingInput {
  /** The file's first bytes, or all of them. */
  bytes: Uint8Array;
  /** True when `bytes` is the whole file. */
  complete: boolean;
  fileName: string;
  /** The file's mtime as naive ISO text (nanobot's fallback for missing times). */
  mtimeIso: string;
  now: string;
}

class HeadRaise {
  constructor(readonly error: PyError) {}
}

/** One file's listing row, exactly as nanobot builds it. */
export function listingRow(input: ListingInput): ListingOutcome {
  try {
    return headRow(input);
  } catch (e) {
    if (!(e instanceof HeadRaise)) throw e;
    if (!input.complete) return { kind: 'need-more' };
    return repairRow(input, e.error);
  }
}

/** `Path(name).stem` (a bare `.jsonl` is its own stem, as in pathlib). */
export function fileStem(fileName: string): string {
  return fileName.endsWith('.jsonl') && fileName !== '.jsonl' ? fileName.slice(0, -6) : fileName;
}

function parse(text: string): PyDict {
  const r = pyLoads(text);
  if (!r.ok) throw new HeadRaise(r.error);
  if (!isDict(r.value)) throw new HeadRaise({ type: 'AttributeError', message: `'${pyTypeName(r.value)}' object has no attribute 'get'` });
  return r.value;
}

function headRow(input: ListingInput): ListingOutcome {
  const { bytes, complete } = input;
  const lines = splitLines(bytes);
  // A line is only usable when its terminator was read (or the file ended).
  const usable = complete ? lines.length : lines.filter((l) => l.next > l.end).length;
  let decodedTo = 0;
  const text = (i: number): string => {
    const l = lines[i]!;
    if (l.next > decodedTo) {
      const span = decodedSpan(l.next, bytes.length);
      const f = findUtf8Fault(bytes, decodedTo, span);
      if (f && !(f.reason === 'unexpected end of data' && !complete && span === bytes.length)) {
        throw new HeadRaise({ type: 'UnicodeDecodeError', message: utf8FaultMessage(f) });
      }
      decodedTo = span;
    }
    return decodeStrict(bytes.subarray(l.start, l.end));
  };
  if (usable === 0) {
    if (!complete) return { kind: 'need-more' };
    return { kind: 'skip', reason: 'empty file', repaired: false, headError: null };
  }
  // nanobot skips blank lines by strip(), but hands the unstripped line to json.loads, which
  // only accepts JSON's own whitespace around a value.
  const first = text(0);
  if (!pyStrip(first)) return { kind: 'skip', reason: 'first line is blank', repaired: false, headError: null };
  const meta = parse(first);
  if (dictGet(meta, '_type') !== 'metadata') {
    return { kind: 'skip', reason: 'first line is not a metadata record', repaired: false, headError: null };
  }
  let chars = 0;
  let records = 0;
  let preview = '';
  let assistantPreview = '';
  for (let i = 1; ; i++) {
    if (i >= usable) {
      if (!complete) return { kind: 'need-more' };
      break;
    }
    const raw = text(i);
    const l = lines[i]!;
    chars += raw.length + (l.next > l.end ? 1 : 0);
    if (!pyStrip(raw)) continue;
    records++;
    if (records > PREVIEW_MAX_RECORDS || chars > PREVIEW_MAX_CHARS) break;
    const data = parse(raw);
    if (dictGet(data, '_type') === 'metadata') continue;
    const role = dictGet(data, 'role');
    if (role !== 'user' && role !== 'assistant') continue;
    const p = messagePreview(data);
    if (!p) continue;
    if (role === 'user') {
      preview = p;
      break;
    }
    if (!assistantPreview) assistantPreview = p;
  }
  const key = dictGet(meta, 'key');
  const row: ListingRow = {
    key: truthy(key) ? (key as string) : listFallbackKey(fileStem(input.fileName)),
    created_at: orMtime(dictGet(meta, 'created_at'), input.mtimeIso),
    updated_at: orMtime(dictGet(meta, 'updated_at'), input.mtimeIso),
    title: sessionTitle(dictGet(meta, 'metadata') ?? {}),
    preview: preview || assistantPreview,
    path: input.fileName,
  };
  return { kind: 'row', row, repaired: false, headError: null };
}

function orMtime(v: PyValue | undefined, mtime: string): PyValue {
  return truthy(v) ? v! : mtime;
}

function repairRow(input: ListingInput, headError: PyError): ListingOutcome {
  const load = loadNanobot(input.bytes, listFallbackKey(fileStem(input.fileName)), input.now);
  const s = load.result;
  if (!s) return { kind: 'skip', reason: `nanobot cannot read it (${headError.type})`, repaired: true, headError };
  let preview = '';
  for (const m of s.messages) {
    preview = messagePreview(m);
    if (preview) break;
  }
  const row: ListingRow = {
    key: s.key,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    title: sessionTitle(s.metadata),
    preview,
    path: input.fileName,
  };
  return { kind: 'row', row, repaired: true, headError };
}

/** Python's `<` between two listing sort keys, or the TypeError it raises. */
function pyLess(a: PyValue, b: PyValue): boolean {
  const num = (v: PyValue): number | null =>
    typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : typeof v === 'bigint' ? Number(v) : v !== null && typeof v === 'object' && 'value' in v ? (v as { value: number }).value : null;
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b) < 0;
  const x = num(a);
  const y = num(b);
  if (x !== null && y !== null) return x < y;
  throw new SortRaise({ type: 'TypeError', message: `'<' not supported between instances of '${pyTypeName(a)}' and '${pyTypeName(b)}'` });
}

class SortRaise {
  constructor(readonly error: PyError) {}
}

/** Python string order (by code point; JS `<` compares UTF-16 units, which differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/**
 * nanobot's `sorted(rows, key=updated_at, reverse=True)`: stable, newest first; mixing a string with a
 * number raises TypeError (then nanobot's listing shows nothing).
 */
export function sortListing(rows: ListingRow[]): { rows: ListingRow[] } | { error: PyError } {
  try {
    const out = [...rows];
    // Array.prototype.sort is stable, as Python's is; ties keep the input order.
    out.sort((r1, r2) => (pyLess(r2.updated_at, r1.updated_at) ? -1 : pyLess(r1.updated_at, r2.updated_at) ? 1 : 0));
    return { rows: out };
  } catch (e) {
    if (e instanceof SortRaise) return { error: e.error };
    throw e;
  }
}

