/**
 * Python's `json.loads` / `json.dumps(ensure_ascii=False)` over the value model of `pyvalue.ts`.
 *
 * Parsing takes a fast path through `JSON.parse` whenever that gives the same answer (no floats,
 * no unsafe integers, no keys a JS object would reorder, sane depth): a cheap scan that jumps
 * over string bodies decides. Everything else goes through a small exact parser, which also
 * produces Python's error wording and position.
 */
import { NANOBOT_VERSIONS, VERSION_RULES } from '../nanobot/nanobot-version';
import { KEY_ORDER, PyFloat, dictKeys, isDict, reordersKey, type PyDict, type PyValue } from './pyvalue';

/** A Python exception, reported as data: `type` is the class name nanobot would see. */
export interface PyError {
  type: string;
  message: string;
}

export type LoadsResult = (
  | { ok: true; value: PyValue; /** Set when the value may hold PyFloat, bigint or KEY_ORDER (not plain JSON data). */ exact?: true }
  | { ok: false; error: PyError; /** 0-based offset of the problem in the text. */ pos: number }
) & { /** Set when the text nests deeper than the shallowest figure: what `atDepth` reads. */ deep?: DeepNesting };

/** Where a deeply nested text first reaches each level from `DEEP_FROM` on, and its result at the deepest figure. */
interface DeepNesting {
  /** first[k]: the container (its offset and kind) that first reaches level DEEP_FROM + k. */
  first: { pos: number; kind: 'array' | 'object' }[];
  raw: LoadsResult;
}

/**
 * How deep Python's C JSON scanner may nest before RecursionError: it shares the recursion limit
 * with the Python frames under it, so each nanobot call has its own figure (the version table's
 * `depthBudget.jsonLoads` and `.jsonLoadsRepair`, measured): called from a script's top level,
 * `_load`'s strict pass, the listing and the reads accept 994 levels at v0.2 and v0.3.0 and 992 at
 * main (its manager works through a store object), the repair pass one less. `pyLoads` answers at
 * `MAX_DEPTH`, the shallowest strict-pass figure; `atDepth` gives its result at a call's own figure.
 */
export const MAX_DEPTH = Math.min(...NANOBOT_VERSIONS.map((v) => VERSION_RULES[v].depthBudget.jsonLoads));
const budgets = NANOBOT_VERSIONS.flatMap((v) => {
  const b = VERSION_RULES[v].depthBudget;
  return [b.jsonLoads, b.jsonLoadsRepair, b.jsonLoadsFork, b.jsonLoadsForkRepair, ...(b.jsonLoadsMigration === null ? [] : [b.jsonLoadsMigration])];
});
/** The shallowest and deepest figures of any call: the parser records where the text reaches the levels between. */
const SHALLOWEST = Math.min(...budgets);
/** The shallowest figure of any call: a value nesting no deeper loads the same everywhere (fast paths may stop at it). */
export const SHALLOWEST_DEPTH = SHALLOWEST;
const DEEPEST = Math.max(...budgets);
const DEEP_FROM = SHALLOWEST + 1;

/** Python 3.11's default `sys.get_int_max_str_digits()`: longer integer literals raise ValueError. */
const PY_INT_MAX_STR_DIGITS = 4300;

/** Python `json.loads(text)` at the `MAX_DEPTH` figure: the value, or the JSONDecodeError / RecursionError it raises. */
export function pyLoads(text: string): LoadsResult {
  return atDepth(loadsDeepest(text), MAX_DEPTH);
}

/**
 * A `pyLoads` result as it is where json.loads may nest `budget` levels (a `depthBudget` figure of
 * the version table): a text nesting deeper raises RecursionError at the first container past it.
 */
export function atDepth(r: LoadsResult, budget: number): LoadsResult {
  const d = r.deep;
  if (!d) return r;
  if (budget < SHALLOWEST || budget > DEEPEST) throw new RangeError(`json depth figure ${budget} outside ${SHALLOWEST}..${DEEPEST}`);
  const e = d.first[budget + 1 - DEEP_FROM];
  if (e) return { ok: false, error: { type: 'RecursionError', message: `maximum recursion depth exceeded while decoding a JSON ${e.kind} from a unicode string` }, pos: e.pos, deep: d };
  return { ...d.raw, deep: d };
}

function loadsDeepest(text: string): LoadsResult {
  if (text.charCodeAt(0) === 0xfeff) {
    return { ok: false, error: { type: 'JSONDecodeError', message: 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)' }, pos: 0 };
  }
  if (!needsExactParse(text)) {
    try {
      return { ok: true, value: JSON.parse(text) as PyValue };
    } catch {
      // Fall through: the exact parser gives Python's message and position.
    }
  }
  return new Parser(text).parseDocument();
}

const QUOTE = 34;
const BACKSLASH = 92;

/** True when JSON.parse could give a different value than Python for this text. */
function needsExactParse(s: string): boolean {
  const n = s.length;
  let depth = 0;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      let end = s.indexOf('"', start);
      while (end > 0) {
        let bs = 0;
        for (let k = end - 1; k >= start && s.charCodeAt(k) === BACKSLASH; k--) bs++;
        if ((bs & 1) === 0) break;
        end = s.indexOf('"', end + 1);
      }
      if (end < 0) return true;
      // A key JS would reorder ("0", "12") looks like a short run of digits before a ':'.
      if (end - start <= 10 && end > start) {
        const code = s.charCodeAt(start);
        if (code >= 48 && code <= 57 && reordersKey(s.slice(start, end))) {
          let k = end + 1;
          while (k < n && s.charCodeAt(k) <= 32) k++;
          if (s.charCodeAt(k) === 58) return true;
        }
      }
      i = end + 1;
    } else if (c === 123 || c === 91) {
      if (++depth > SHALLOWEST) return true;
      i++;
    } else if (c === 125 || c === 93) {
      depth--;
      i++;
    } else if ((c >= 48 && c <= 57) || c === 45) {
      const start = i;
      let digits = 0;
      i++;
      while (i < n) {
        const d = s.charCodeAt(i);
        if (d >= 48 && d <= 57) digits++;
        else if (d === 46 || d === 101 || d === 69) return true; // '.', 'e', 'E': a float
        else break;
        i++;
      }
      if (digits >= 15 && !Number.isSafeInteger(Number(s.slice(start, i)))) return true;
    } else if (c === 78 || c === 73) {
      return true; // NaN / Infinity: Python accepts them, JSON.parse does not
    } else {
      i++;
    }
  }
  return false;
}

class Parser {
  private i = 0;
  private depth = 0;
  /** The first container at each level from DEEP_FROM on. */
  readonly first: DeepNesting['first'] = [];
  constructor(private readonly s: string) {}

  parseDocument(): LoadsResult {
    const r = this.parse();
    return this.first.length ? { ...r, deep: { first: this.first, raw: r } } : r;
  }

  private parse(): LoadsResult {
    try {
      this.ws();
      const value = this.value();
      this.ws();
      if (this.i < this.s.length) this.fail('Extra data', this.i);
      return { ok: true, value, exact: true };
    } catch (e) {
      if (e instanceof ParseFailure) return { ok: false, error: e.error, pos: e.pos };
      throw e;
    }
  }

  private fail(msg: string, pos: number): never {
    const before = this.s.slice(0, pos);
    const line = before.split('\n').length;
    const col = pos - (before.lastIndexOf('\n') + 1) + 1;
    throw new ParseFailure({ type: 'JSONDecodeError', message: `${msg}: line ${line} column ${col} (char ${pos})` }, pos);
  }

  private ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  private enter(kind: 'array' | 'object'): void {
    if (++this.depth >= DEEP_FROM && this.first.length === this.depth - DEEP_FROM) this.first.push({ pos: this.i, kind });
    if (this.depth > DEEPEST) {
      throw new ParseFailure(
        { type: 'RecursionError', message: `maximum recursion depth exceeded while decoding a JSON ${kind} from a unicode string` },
        this.i,
      );
    }
  }

  private value(): PyValue {
    const s = this.s;
    const c = s[this.i];
    if (c === '"') return this.string();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === 'n' && s.startsWith('null', this.i)) return (this.i += 4), null;
    if (c === 't' && s.startsWith('true', this.i)) return (this.i += 4), true;
    if (c === 'f' && s.startsWith('false', this.i)) return (this.i += 5), false;
    if (c === 'N' && s.startsWith('NaN', this.i)) return (this.i += 3), new PyFloat(NaN);
    if (c === 'I' && s.startsWith('Infinity', this.i)) return (this.i += 8), new PyFloat(Infinity);
    if (c === '-' && s.startsWith('-Infinity', this.i)) return (this.i += 9), new PyFloat(-Infinity);
    // Match on a window first; a number that fills the window is matched again on the whole rest.
    const WINDOW = 4096;
    let m = NUMBER.exec(s.slice(this.i, this.i + WINDOW));
    if (!m || m[0].length >= WINDOW) m = NUMBER.exec(s.slice(this.i));
    if (!m) this.fail('Expecting value', this.i);
    const at = this.i;
    this.i += m[0].length;
    if (m[2] || m[3]) return new PyFloat(Number(m[0]));
    const digits = m[1]!.length - (m[1]!.startsWith('-') ? 1 : 0);
    if (digits > PY_INT_MAX_STR_DIGITS) {
      // Python 3.11's int() refuses it: a ValueError, not a JSONDecodeError (so nanobot's repair gives up too).
      throw new ParseFailure({ type: 'ValueError', message: `Exceeds the limit (${PY_INT_MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit` }, at);
    }
    const n = Number(m[1]);
    return Number.isSafeInteger(n) ? n + 0 : BigInt(m[1]!);
  }

  private string(): string {
    const s = this.s;
    const begin = this.i;
    let i = this.i + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= s.length) this.fail('Unterminated string starting at', begin);
      const c = s.charCodeAt(i);
      if (c === QUOTE) break;
      if (c < 32) this.fail('Invalid control character at', i);
      if (c === BACKSLASH) {
        out += s.slice(chunk, i);
        const e = s[i + 1];
        const simple = e === undefined ? undefined : ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
        } else if (e === 'u') {
          const hex = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\uXXXX escape', i + 1);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else {
          if (e === undefined) this.fail('Unterminated string starting at', begin);
          this.fail('Invalid \\escape', i);
        }
        chunk = i;
        continue;
      }
      i++;
    }
    out += s.slice(chunk, i);
    this.i = i + 1;
    return out;
  }

  private object(): PyDict {
    this.enter('object');
    const s = this.s;
    const obj: PyDict = {};
    let order: string[] | undefined;
    this.i++;
    this.ws();
    if (s[this.i] === '}') {
      this.i++;
      this.depth--;
      return obj;
    }
    for (;;) {
      if (s[this.i] !== '"') this.fail('Expecting property name enclosed in double quotes', this.i);
      const key = this.string();
      this.ws();
      if (s[this.i] !== ':') this.fail("Expecting ':' delimiter", this.i);
      this.i++;
      this.ws();
      const v = this.value();
      if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (!order && reordersKey(key)) order = Object.keys(obj);
        order?.push(key);
      }
      Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
      this.ws();
      const c = s[this.i];
      if (c === '}') break;
      if (c !== ',') this.fail("Expecting ',' delimiter", this.i);
      this.i++;
      this.ws();
    }
    this.i++;
    this.depth--;
    if (order) obj[KEY_ORDER] = order;
    return obj;
  }

  private array(): PyValue[] {
    this.enter('array');
    const s = this.s;
    const arr: PyValue[] = [];
    this.i++;
    this.ws();
    if (s[this.i] === ']') {
      this.i++;
      this.depth--;
      return arr;
    }
    for (;;) {
      arr.push(this.value());
      this.ws();
      const c = s[this.i];
      if (c === ']') break;
      if (c !== ',') this.fail("Expecting ',' delimiter", this.i);
      this.i++;
      this.ws();
    }
    this.i++;
    this.depth--;
    return arr;
  }
}

class ParseFailure {
  constructor(readonly error: PyError, readonly pos: number) {}
}

const NUMBER = /^(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

// ---------------------------------------------------------------------------------------------
// json.dumps(obj, ensure_ascii=False)

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\x00-\x1f"\\]/;
// eslint-disable-next-line no-control-regex
const ESCAPE_ALL = /[\x00-\x1f"\\]/g;
const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A JSON string literal exactly as Python writes it with ensure_ascii=False. */
function dumpString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  return '"' + s.replace(ESCAPE_ALL, (c) => SHORT_ESCAPES[c] ?? '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '"';
}

/** Python `repr(float)`: shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expText] = x.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? digits[0] + '.' + digits.slice(1) : digits;
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** Python `json.dumps(value, ensure_ascii=False)` with the default separators `", "` and `": "`. */
export function pyDumps(v: PyValue): string {
  if (typeof v === 'string') return dumpString(v);
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : floatRepr(v);
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    let out = '[' + pyDumps(v[0]!);
    for (let k = 1; k < v.length; k++) out += ', ' + pyDumps(v[k]!);
    return out + ']';
  }
  if (isDict(v)) {
    const keys = dictKeys(v);
    if (keys.length === 0) return '{}';
    let out = '{';
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      out += (k ? ', ' : '') + dumpString(key) + ': ' + pyDumps(v[key]!);
    }
    return out + '}';
  }
  throw new TypeError(`not a JSON value: ${String(v)}`);
}
