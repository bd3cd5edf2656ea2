/**
 * The compact facts of one session line: what the listing, the header, nanobot's load and the
 * replay's window need to know about it without keeping its value. Classification follows
 * `parseDocument` (the recovered lens) and records separately whether nanobot's own `json.loads`
 * fails on the line (a BOM line is recovered but not loadable by nanobot).
 */
import { scanFacts } from '../bytes/byte-facts';
import { FLAG, KIND, ROLE, type LineFacts, type RoleCode } from './fact-codes';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { isProviderStateRecord, parseProviderState, providerStateCopyRaises } from '../nanobot/provider-state';
import { SHALLOWEST_DEPTH, atDepth, pyDumps, pyLoads, type LoadsResult } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { decodeStrict } from '../python/lines';
import { paddedLine } from '../lens/document';
import { dictGet, isDict, truthy, type PyDict } from '../python/pyvalue';

export { FLAG, KIND, KIND_NAMES, ROLE, type LineFacts } from './fact-codes';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function roleCode(d: PyDict): RoleCode {
  if (!Object.prototype.hasOwnProperty.call(d, 'role')) return ROLE.none;
  const r = dictGet(d, 'role');
  if (typeof r !== 'string') return ROLE.notString;
  return r === 'user' ? ROLE.user : r === 'assistant' ? ROLE.assistant : r === 'tool' ? ROLE.tool : r === 'system' ? ROLE.system : ROLE.other;
}

/**
 * A record's value as the recovered lens reads it (BOM and Python whitespace stripped), or null when
 * it is not an object; with `version`, as that version's `json.loads` reads it (v0.2 and v0.3.0
 * read two levels deeper than the lens): a message of nanobot's load, for its replay. The one rule
 * for reading a record back, for the load over the index (a metadata line's key) and the store.
 */
export function decodeRecord(raw: Uint8Array, version?: NanobotVersion): PyDict | null {
  let text: string;
  try {
    text = decodeStrict(raw);
  } catch {
    return null;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const loaded = pyLoads(pyStrip(text));
  const r = version ? atDepth(loaded, rulesOf(version).depthBudget.jsonLoads) : loaded;
  return r.ok && isDict(r.value) ? r.value : null;
}

/** The facts of one line's content bytes (without its terminator), as the version reads it. */
export function lineFacts(raw: Uint8Array, version: NanobotVersion, dumps = false): LineFacts {
  const quick = scanFacts(raw, rulesOf(version).providerStateRecord, dumps);
  if (quick) return quick;
  let text: string;
  try {
    text = decoder.decode(raw);
  } catch {
    return { kind: KIND.corrupt, role: ROLE.none, flags: FLAG.invalidUtf8 | FLAG.nanobotBad };
  }
  return textFacts(text, version, dumps);
}

/**
 * The value the last `parsedLineFacts` read its facts from: the record as the version's `json.loads`
 * reads it, when that is an object (else null). One object, reused: valid until the next call.
 */
export const parsedValue: { value: PyDict | null } = { value: null };

/**
 * The facts of one line's content bytes read the exact way, its value left in `parsedValue`: for a
 * pass that parses every message anyway (`tokens`, `replay`), so it parses each line once.
 */
export function parsedLineFacts(raw: Uint8Array, version: NanobotVersion): LineFacts {
  parsedValue.value = null;
  let text: string;
  try {
    text = decoder.decode(raw);
  } catch {
    return { kind: KIND.corrupt, role: ROLE.none, flags: FLAG.invalidUtf8 | FLAG.nanobotBad };
  }
  return textFacts(text, version, false, pyLoads, parsedValue);
}

/**
 * The facts of one decoded line (`dumps`: FLAG.dumps too, a printer's index; `loads`: json.loads of
 * the stripped text; `out`: given the record's value when it is an object).
 */
export function textFacts(text: string, version: NanobotVersion, dumps = false, loads: (text: string) => LoadsResult = quickLoads, out?: { value: PyDict | null }): LineFacts {
  let stripped = pyStrip(text);
  if (!stripped) return { kind: KIND.blank, role: ROLE.none, flags: 0 };
  let flags = 0;
  if (text.charCodeAt(0) === 0xfeff) {
    // Recovered without the BOM; nanobot's json.loads fails on it.
    flags |= FLAG.nanobotBad | FLAG.bom;
    stripped = pyStrip(text.slice(1));
  }
  if (paddedLine(flags & FLAG.bom ? text.slice(1) : text, stripped)) flags |= FLAG.padded;
  const raw = loads(stripped);
  const r = atDepth(raw, rulesOf(version).depthBudget.jsonLoads);
  // Deeper than the shallowest figure: each reader reads it again at its own.
  if (raw.deep) flags |= FLAG.deep;
  if (!r.ok) {
    const t = r.error.type;
    return { kind: KIND.corrupt, role: ROLE.none, flags: flags | (t === 'RecursionError' ? FLAG.tooDeep : t === 'ValueError' ? FLAG.valueError : FLAG.nanobotBad) };
  }
  if (!isDict(r.value)) return { kind: KIND.corrupt, role: ROLE.none, flags: flags | FLAG.notObject };
  if (out) out.value = r.value;
  const f = dictFacts(r.value, version);
  f.flags |= flags;
  if (dumps && f.kind === KIND.message && text === stripped && isDumpsText(stripped, r)) f.flags |= FLAG.dumps;
  return f;
}

/** Whether `text`, which loaded as `r`, is what json.dumps writes for its value (the exact value: floats and big ints as Python reads them). */
function isDumpsText(text: string, r: LoadsResult): boolean {
  const exact = r.ok && r.exact ? r : pyLoads(text);
  return exact.ok && pyDumps(exact.value) === text;
}

/**
 * `json.loads` as far as the facts need it: native JSON.parse where it agrees with Python on
 * whether the text loads and on what the facts read; pyLoads (exact, slower) where it may not:
 * text JSON.parse rejects (NaN, Infinity, Python's own errors), nesting deeper than Python's
 * recursion limit, numbers too long for a double (Python may raise on their digits), and
 * provider_state records (main checks their number types exactly).
 */
function quickLoads(text: string): LoadsResult {
  // A key given twice keeps its last value in JSON.parse, but Python reads the first one too: a value
  // nested too deep, or an integer too long for Python, hides there from the parsed value's check.
  if (mayRaiseInPython(text)) return pyLoads(text);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return pyLoads(text);
  }
  if (!finiteNumbers(v) || (isDict(v) && dictGet(v as PyDict, '_type') === 'provider_state')) return pyLoads(text);
  return { ok: true, value: v as PyDict };
}

/** Python's limit on an integer's digits (`sys.get_int_max_str_digits()`): json.loads raises ValueError past it. */
const INT_DIGITS = 4300;

/** True when the text nests containers deeper than any call's figure or holds a run of digits Python may refuse. */
function mayRaiseInPython(text: string): boolean {
  let depth = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (++digits > INT_DIGITS) return true;
      continue;
    }
    digits = 0;
    if (c === 0x22) {
      // Skip the string, escapes and all.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > SHALLOWEST_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** False when a parsed value holds a number that is not finite (its nesting is checked on the text). */
function finiteNumbers(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!finiteNumbers(v[i])) return false;
    return true;
  }
  for (const k in v) if (!finiteNumbers((v as Record<string, unknown>)[k])) return false;
  return true;
}

/** The facts of a parsed record. */
function dictFacts(d: PyDict, version: NanobotVersion): LineFacts {
  const type = dictGet(d, '_type');
  if (type === 'metadata') return { kind: KIND.metadata, role: ROLE.none, flags: 0 };
  if (rulesOf(version).providerStateRecord && isProviderStateRecord(d)) {
    const state = parseProviderState(d);
    // A valid state too deep for main's copy raises RecursionError in the load, as json.loads would
    // (the File tab reads tooDeep only on corrupt lines: this one stays a valid state there).
    if (state && providerStateCopyRaises(state, rulesOf(version).depthBudget.providerStateCopy)) return { kind: KIND.provider_state, role: ROLE.none, flags: FLAG.stateValid | FLAG.tooDeep };
    return { kind: KIND.provider_state, role: ROLE.none, flags: state ? FLAG.stateValid : 0 };
  }
  let flags = 0;
  if (truthy(dictGet(d, 'tool_calls'))) flags |= FLAG.toolCalls;
  if (Object.prototype.hasOwnProperty.call(d, 'tool_call_id')) flags |= FLAG.toolCallId;
  if (truthy(dictGet(d, '_channel_delivery'))) flags |= FLAG.channelDelivery;
  if (truthy(dictGet(d, '_command'))) flags |= FLAG.command;
  return { kind: KIND.message, role: roleCode(d), flags };
}
