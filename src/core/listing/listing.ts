/**
 * nanobot's `list_sessions()`: one row per file from its head (the metadata line plus a bounded
 * preview scan), a repair-based row when reading the head raises, and nanobot's sort order.
 */
import { fileStem, keyFromStem, safeKey } from '../nanobot/keys';
import { rulesOf, type NanobotVersion, type VersionRules } from '../nanobot/nanobot-version';
import { isProviderStateLine, isProviderStateRecord } from '../nanobot/provider-state';
import { decodeStrict, findUtf8Fault, lineAt, pendingAtChunkEnd, utf8FaultMessageInFile, type RawLine } from '../python/lines';
import { decodedSpan, isDataError, nonObjectError, repairNanobot } from '../lens/load';
import { messagePreview } from './preview';
import { atDepth, pyLoads, type PyError } from '../python/pyjson';
import { codePointLength, pyStrip } from '../python/pytext';
import { copyDepth, DEEPCOPY_RECURSION, dictGet, isDict, pyItemEquals, pyNumber, pyTypeName, truthy, type PyDict, type PyValue } from '../python/pyvalue';
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

/** Why nanobot's listing leaves a file out: a code each interface words (`error`: an exception type or Session Lens's own read error). */
export type SkipReason =
  /** At main, a name that is not a key's canonical base64url. */
  | { code: 'not-base64url' }
  | { code: 'empty' }
  | { code: 'blank-first' }
  | { code: 'not-metadata-first' }
  /** v0.2's repair reads `file` (the fallback key's file), which does not exist. */
  | { code: 'repair-reads-missing'; file: string }
  /** nanobot cannot read the file (`error`: what its head raised): its repair pass finds nothing, or (before 0.1.5.post2) there is none. */
  | { code: 'unreadable'; error: string }
  /** nanobot's listing raises `error` on this file: it lists no session at all. */
  | { code: 'listing-raises'; error: string }
  /** Session Lens could not read the file (`error`: the storage's message). */
  | { code: 'lens-cannot-read'; error: string };

/** What listing one file gives: a row, nothing (nanobot leaves the file out), or a request for the whole file. */
export type ListingOutcome =
  | { kind: 'row'; row: ListingRow; repaired: boolean; headError: PyError | null }
  | { kind: 'skip'; reason: SkipReason; repaired: boolean; headError: PyError | null }
  /** nanobot's listing raises (v0.3.0+: an error other than a data error): it lists nothing at all. */
  | { kind: 'raise'; error: PyError; repaired: boolean }
  /** `whole`: reading the head raised, so only the whole file (nanobot's repair pass) settles it. */
  | { kind: 'need-more'; whole?: boolean }
  /** v0.2's repair reads another file (`safe_key(fallback key)`): call again with `fallbackFile`. */
  | { kind: 'need-file'; fileName: string };

export const PREVIEW_MAX_RECORDS = 200;
export const PREVIEW_MAX_CHARS = 1_000_000;

export interface ListingInput {
  /** The file's first bytes, or all of them. */
  bytes: Uint8Array;
  /** True when `bytes` is the whole file. */
  complete: boolean;
  fileName: string;
  /** The file's mtime as naive ISO text (nanobot's fallback for missing times), or what makes it when a row needs it. */
  mtimeIso: string | (() => string);
  now: string;
  version: NanobotVersion;
  /** The bytes of the file v0.2's repair reads, once asked for by 'need-file' (null: no such file). */
  fallbackFile?: Uint8Array | null;
  /**
   * A native check that bytes are well-formed UTF-8 (Node's `buffer.isUtf8`), where the host has one:
   * a head it passes is not walked byte by byte (the one hot loop of a listing, and what brought V8's
   * optimizing compiler, ~4 MiB, into a CLI listing of 100 files). Only a head it rejects is classified.
   */
  isUtf8?: (bytes: Uint8Array) => boolean;
}

class NeedMore {}

class HeadRaise {
  constructor(readonly error: PyError) {}
}

/** One file's listing row, exactly as nanobot builds it at a version. */
export function listingRow(input: ListingInput): ListingOutcome {
  const rules = rulesOf(input.version);
  const stemKey = keyFromStem(fileStem(input.fileName), input.version);
  if (stemKey === null) return { kind: 'skip', reason: { code: 'not-base64url' }, repaired: false, headError: null };
  try {
    return headRow(input, rules, stemKey);
  } catch (e) {
    if (e instanceof NeedMore) return { kind: 'need-more' };
    if (!(e instanceof HeadRaise)) throw e;
    if (!input.complete) return { kind: 'need-more', whole: true };
    // Before 0.1.5.post2 there is no repair pass: `except Exception: continue` leaves the file out.
    if (rules.headErrorsToRepair === 'none') return { kind: 'skip', reason: { code: 'unreadable', error: e.error.type }, repaired: false, headError: e.error };
    if (rules.headErrorsToRepair === 'data-errors' && !isDataError(e.error)) return { kind: 'raise', error: e.error, repaired: false };
    return repairRow(input, e.error, rules, stemKey);
  }
}

function parse(text: string, rules: VersionRules): PyDict {
  const r = atDepth(pyLoads(text), rules.depthBudget.jsonLoads);
  if (!r.ok) throw new HeadRaise(r.error);
  if (isDict(r.value)) return r.value;
  throw new HeadRaise(nonObjectError(r.value, rules));
}

function headRow(input: ListingInput, rules: VersionRules, stemKey: string): ListingOutcome {
  const { bytes, complete } = input;
  // Lines are cut one at a time: the scan mostly stops at the second line of an 8 KiB head.
  // A line is only usable when its terminator was read (or the file ended).
  const lineFrom = (pos: number): RawLine | null => {
    const l = lineAt(bytes, pos);
    return l && (complete || l.next > l.end) ? l : null;
  };
  let decodedTo = 0;
  const text = (l: RawLine): string => {
    const span = decodedSpan(l.next, bytes.length, bytes, complete ? bytes.length : Infinity);
    if (span > decodedTo) {
      if (span > bytes.length) throw new NeedMore(); // nanobot read a chunk we do not have yet
      const f = input.isUtf8?.(bytes.subarray(decodedTo, span)) ? null : findUtf8Fault(bytes, decodedTo, span);
      // A character cut by the end of what is decoded so far waits in Python's incremental decoder
      // for the next chunk; it is an error only once Python reads past the end of the file (a last
      // line without terminator), not when the file merely ends there.
      const final = complete && l.next === l.end && span >= bytes.length;
      if (f && !final && pendingAtChunkEnd(bytes, f, span)) decodedTo = f.pos;
      else if (f) throw new HeadRaise({ type: 'UnicodeDecodeError', message: utf8FaultMessageInFile(bytes, f) });
      else decodedTo = span;
    }
    return decodeStrict(bytes.subarray(l.start, l.end));
  };
  const firstLine = lineFrom(0);
  if (!firstLine) {
    if (!complete) return { kind: 'need-more' };
    return { kind: 'skip', reason: { code: 'empty' }, repaired: false, headError: null };
  }
  // The first line is `readline().strip()`: Python whitespace around the record does not matter.
  // (Preview lines below are skipped when blank by strip(), but handed to json.loads unstripped.)
  const first = pyStrip(text(firstLine));
  if (!first) return { kind: 'skip', reason: { code: 'blank-first' }, repaired: false, headError: null };
  const meta = parse(first, rules);
  if (dictGet(meta, '_type') !== 'metadata') {
    return { kind: 'skip', reason: { code: 'not-metadata-first' }, repaired: false, headError: null };
  }
  // Before 0.2.0 the listing reads the first line only.
  const scan = rules.listingPreview;
  let chars = 0;
  let records = 0;
  let preview = '';
  let assistantPreview = '';
  for (let l = scan ? lineFrom(firstLine.next) : null; scan; l = lineFrom(l.next)) {
    if (!l) {
      if (!complete) return { kind: 'need-more' };
      break;
    }
    const raw = text(l);
    if (rules.providerStateRecord && isProviderStateLine(raw)) continue;
    if (!pyStrip(raw)) continue;
    // The cap counts the non-blank lines read, in code points, each with its newline.
    chars += codePointLength(raw) + (l.next > l.end ? 1 : 0);
    records++;
    if (rules.previewScanCapped && (records > PREVIEW_MAX_RECORDS || chars > PREVIEW_MAX_CHARS)) break;
    const data = parse(raw, rules);
    const type = dictGet(data, '_type');
    if (rules.previewSkipTest === 'in-set' && (Array.isArray(type) || isDict(type))) {
      throw new HeadRaise({ type: 'TypeError', message: `unhashable type: '${pyTypeName(type)}'` });
    }
    if (type === 'metadata' || (rules.providerStateRecord && isProviderStateRecord(data))) continue;
    // v0.3.0+ previews every record it scans through the public view, a deep copy, whatever its role.
    const copyBudget = rules.depthBudget.listingPreviewCopy;
    if (copyBudget !== null && copyDepth(data) > copyBudget) throw new HeadRaise({ ...DEEPCOPY_RECURSION });
    const role = dictGet(data, 'role');
    if (role !== 'user' && role !== 'assistant') continue;
    const p = messagePreview(data, rules.version);
    if (!p) continue;
    if (role === 'user') {
      preview = p;
      break;
    }
    if (!assistantPreview) assistantPreview = p;
  }
  const key = dictGet(meta, 'key');
  const keyOk = rules.typedMetadata ? typeof key === 'string' && key !== '' : truthy(key);
  const row: ListingRow = {
    key: rules.listingKey === 'every-underscore' ? fileStem(input.fileName).replaceAll('_', ':') : keyOk ? (key as string) : stemKey,
    created_at: orMtime(dictGet(meta, 'created_at'), input.mtimeIso, rules),
    updated_at: orMtime(dictGet(meta, 'updated_at'), input.mtimeIso, rules),
    title: sessionTitle(dictGet(meta, 'metadata') ?? {}, rules),
    preview: preview || assistantPreview,
    path: input.fileName,
  };
  return { kind: 'row', row, repaired: false, headError: null };
}

/** A row's time: the stored value when it counts (main: a non-empty string), else the file's mtime (none up to 0.2.2: the raw value, null when absent). */
function orMtime(v: PyValue | undefined, mtime: ListingInput['mtimeIso'], rules: VersionRules): PyValue {
  if (!rules.listingTimeFallback) return v === undefined ? null : v;
  const counts = rules.typedMetadata ? typeof v === 'string' && v !== '' : truthy(v);
  return counts ? v! : typeof mtime === 'string' ? mtime : mtime();
}

function repairRow(input: ListingInput, headError: PyError, rules: VersionRules, stemKey: string): ListingOutcome {
  let bytes = input.bytes;
  if (rules.listingRepairReadsFallbackFile) {
    const other = safeKey(stemKey) + '.jsonl';
    if (other !== input.fileName) {
      if (input.fallbackFile === undefined) return { kind: 'need-file', fileName: other };
      if (input.fallbackFile === null) return { kind: 'skip', reason: { code: 'repair-reads-missing', file: other }, repaired: true, headError };
      bytes = input.fallbackFile;
    }
  }
  const load = repairNanobot(bytes, stemKey, input.now, rules.version);
  if (load.error) return { kind: 'raise', error: load.error, repaired: true };
  const s = load.result;
  if (!s) return { kind: 'skip', reason: { code: 'unreadable', error: headError.type }, repaired: true, headError };
  if (rules.repairedTitleUnguarded && !isDict(s.metadata)) {
    return { kind: 'raise', error: { type: 'AttributeError', message: `'${pyTypeName(s.metadata)}' object has no attribute 'get'` }, repaired: true };
  }
  let preview = '';
  const copyBudget = rules.depthBudget.listingRepairPreviewCopy;
  for (const m of s.messages) {
    // v0.3.0+: each message's public view (a deep copy) until one has preview text.
    if (copyBudget !== null && copyDepth(m) > copyBudget) return { kind: 'raise', error: { ...DEEPCOPY_RECURSION }, repaired: true };
    preview = messagePreview(m, rules.version);
    if (preview) break;
  }
  const row: ListingRow = {
    key: s.key,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    title: sessionTitle(s.metadata, rules),
    preview,
    path: input.fileName,
  };
  return { kind: 'row', row, repaired: true, headError };
}

/** Exact `x < y` for Python numbers: an int and a float compare by value (2**64 + 1 > float(2**64)). */
function numLess(x: number | bigint, y: number | bigint): boolean {
  if (typeof x === 'number' && typeof y === 'number') return x < y;
  // One side is a bigint: compare exactly, a float by its floor or ceiling.
  if (typeof x === 'number') {
    if (Number.isNaN(x)) return false;
    if (!Number.isFinite(x)) return x < 0;
    return BigInt(Math.floor(x)) < (y as bigint) || (Number.isInteger(x) ? false : BigInt(Math.ceil(x)) <= (y as bigint));
  }
  if (typeof y === 'number') {
    if (Number.isNaN(y)) return false;
    if (!Number.isFinite(y)) return y > 0;
    return Number.isInteger(y) ? x < BigInt(y) : x <= BigInt(Math.floor(y));
  }
  return x < y;
}

function incomparable(a: PyValue, b: PyValue): never {
  throw new SortRaise({ type: 'TypeError', message: `'<' not supported between instances of '${pyTypeName(a)}' and '${pyTypeName(b)}'` });
}

/** Python's `a < b` between two listing sort keys (strings, numbers, lists), or the TypeError it raises. */
function pyLess(a: PyValue, b: PyValue): boolean {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b) < 0;
  const x = pyNumber(a);
  const y = pyNumber(b);
  if (x !== null && y !== null) return numLess(x, y);
  if (Array.isArray(a) && Array.isArray(b)) {
    // Lists: the first elements that differ (by ==) decide; else the shorter is less.
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (!pyItemEquals(a[i]!, b[i]!)) return pyLess(a[i]!, b[i]!);
    return a.length < b.length;
  }
  return incomparable(a, b);
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

const SURROGATE = /[\ud800-\udfff]/;

/**
 * nanobot's `sorted(rows, key=updated_at, reverse=True)`: stable, newest first; mixing a string with a
 * number raises TypeError (then nanobot's listing shows nothing).
 */
export function sortListing<R extends { updated_at: PyValue }>(rows: R[]): { rows: R[] } | { error: PyError } {
  const out = [...rows];
  if (rows.every((r) => typeof r.updated_at === 'string' && !SURROGATE.test(r.updated_at))) {
    // The usual case, all text without surrogates: UTF-16 order is code point order, so one native compare each.
    // (No array destructuring here: it makes a pair per comparison, which a sort of many rows pays for before V8 optimizes it.)
    out.sort((r1, r2) => {
      const a = r1.updated_at as string;
      const b = r2.updated_at as string;
      return b < a ? -1 : a < b ? 1 : 0;
    });
    return { rows: out };
  }
  try {
    // Array.prototype.sort is stable, as Python's is; ties keep the input order.
    out.sort((r1, r2) => (pyLess(r2.updated_at, r1.updated_at) ? -1 : pyLess(r1.updated_at, r2.updated_at) ? 1 : 0));
    return { rows: out };
  } catch (e) {
    if (e instanceof SortRaise) return { error: e.error };
    throw e;
  }
}

