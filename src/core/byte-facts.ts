/**
 * A record's facts read straight from its UTF-8 bytes, without building its value: one pass that
 * checks the JSON as Python's `json.loads` would (strings without raw control characters, valid
 * escapes and UTF-8, numbers by the grammar) and notes the last value of the few top-level keys the
 * facts need. Anything this pass is not sure about (a key or role with escapes, NaN, long numbers,
 * deep nesting, non-objects, provider_state, errors) answers null, and the caller parses exactly.
 */
import { MAX_DEPTH } from './pyjson';
import { FLAG, KIND, ROLE, type LineFacts } from './fact-codes';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** A value's kind as the facts need it: its Python truthiness, and a string's byte range. */
interface Seen {
  truthy: boolean;
  /** Byte range of a string without escapes; -1 for other values. */
  start: number;
  end: number;
}

class Unsure {}
const UNSURE = new Unsure();

/** Top-level keys the facts read. */
const KEYS = ['_type', 'role', 'tool_calls', 'tool_call_id', '_channel_delivery', '_command'] as const;
const KEY_BYTES = KEYS.map((k) => Array.from(k, (c) => c.charCodeAt(0)));

function sameBytes(b: Uint8Array, s: number, e: number, want: number[]): boolean {
  if (e - s !== want.length) return false;
  for (let i = 0; i < want.length; i++) if (b[s + i] !== want[i]) return false;
  return true;
}

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
const ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrtu') ESCAPES[c.charCodeAt(0)] = 1;

class Scanner {
  p = 0;
  constructor(
    readonly b: Uint8Array,
    readonly end: number,
  ) {}

  ws(): void {
    const b = this.b;
    let p = this.p;
    while (p < this.end) {
      const c = b[p]!;
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) p++;
      else break;
    }
    this.p = p;
  }

  /** A string at `p` (on its quote); returns whether it had escapes. */
  string(): boolean {
    const b = this.b;
    const end = this.end;
    let p = this.p + 1;
    let escaped = false;
    for (;;) {
      if (p >= end) throw UNSURE;
      const c = b[p]!;
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        const e = b[p + 1]!;
        if (p + 1 >= end || !ESCAPES[e]) throw UNSURE;
        escaped = true;
        if (e === 0x75) {
          if (p + 5 >= end || !HEX[b[p + 2]!] || !HEX[b[p + 3]!] || !HEX[b[p + 4]!] || !HEX[b[p + 5]!]) throw UNSURE;
          p += 6;
        } else p += 2;
      } else if (c < 0x20) throw UNSURE;
      else if (c < 0x80) p++;
      else p = this.utf8(p);
    }
    this.p = p + 1;
    return escaped;
  }

  /** Skips one valid UTF-8 sequence at `p` (strict, as CPython decodes), or throws. */
  utf8(p: number): number {
    const b = this.b;
    const c = b[p]!;
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else throw UNSURE;
    if (p + need >= this.end) throw UNSURE;
    const d = b[p + 1]!;
    if (d < lo || d > hi) throw UNSURE;
    for (let k = 2; k <= need; k++) {
      const e = b[p + k]!;
      if (e < 0x80 || e > 0xbf) throw UNSURE;
    }
    return p + need + 1;
  }

  /** A number by JSON's grammar; returns whether it is non-zero (Python truthiness). */
  number(): boolean {
    const b = this.b;
    let p = this.p;
    if (b[p] === 0x2d) p++;
    let nonzero = false;
    let digits = 0;
    if (b[p] === 0x30) {
      p++;
      digits++;
    } else if (b[p]! >= 0x31 && b[p]! <= 0x39) {
      while (p < this.end && b[p]! >= 0x30 && b[p]! <= 0x39) {
        if (b[p] !== 0x30) nonzero = true;
        p++;
        digits++;
      }
    } else throw UNSURE;
    if (b[p] === 0x2e) {
      p++;
      const s = p;
      while (p < this.end && b[p]! >= 0x30 && b[p]! <= 0x39) {
        if (b[p] !== 0x30) nonzero = true;
        p++;
      }
      if (p === s) throw UNSURE;
      digits += p - s;
    }
    if (b[p] === 0x65 || b[p] === 0x45) {
      p++;
      if (b[p] === 0x2b || b[p] === 0x2d) p++;
      const s = p;
      while (p < this.end && b[p]! >= 0x30 && b[p]! <= 0x39) p++;
      if (p === s) throw UNSURE;
      // An exponent can overflow or underflow a float; leave such numbers to the exact parser.
      if (p - s > 2) throw UNSURE;
    }
    // Up to 100 digits and a two-digit exponent, a double neither overflows nor rounds to zero.
    if (digits > 100) throw UNSURE;
    this.p = p;
    return nonzero;
  }

  literal(word: number[]): void {
    for (let k = 0; k < word.length; k++) if (this.b[this.p + k] !== word[k]) throw UNSURE;
    this.p += word.length;
  }

  /** Any value at `p`; `depth` is the nesting of its container. */
  value(depth: number): Seen {
    const c = this.b[this.p];
    if (c === QUOTE) {
      const start = this.p + 1;
      const escaped = this.string();
      const end = this.p - 1;
      return { truthy: end > start, start: escaped ? -2 : start, end };
    }
    if (c === 0x7b) return { truthy: this.object(depth + 1, null), start: -1, end: -1 };
    if (c === 0x5b) return { truthy: this.array(depth + 1), start: -1, end: -1 };
    let truthy: boolean;
    if (c === 0x74) {
      this.literal(TRUE);
      truthy = true;
    } else if (c === 0x66 || c === 0x6e) {
      this.literal(c === 0x66 ? FALSE : NULL);
      truthy = false;
    } else truthy = this.number();
    return { truthy, start: -1, end: -1 };
  }

  /** An array at `p`; returns whether it is non-empty. */
  array(depth: number): boolean {
    if (depth > MAX_DEPTH) throw UNSURE;
    this.p++;
    this.ws();
    if (this.b[this.p] === 0x5d) {
      this.p++;
      return false;
    }
    for (;;) {
      this.ws();
      this.value(depth);
      this.ws();
      const c = this.b[this.p];
      this.p++;
      if (c === 0x5d) return true;
      if (c !== 0x2c) throw UNSURE;
    }
  }

  /** An object at `p`; at the top (`top` given) notes the last value of each key the facts read. */
  object(depth: number, top: (Seen | undefined)[] | null): boolean {
    if (depth > MAX_DEPTH) throw UNSURE;
    const b = this.b;
    this.p++;
    this.ws();
    if (b[this.p] === 0x7d) {
      this.p++;
      return false;
    }
    for (;;) {
      this.ws();
      if (b[this.p] !== QUOTE) throw UNSURE;
      const ks = this.p + 1;
      const escaped = this.string();
      const ke = this.p - 1;
      let slot = -1;
      if (top) {
        if (escaped) throw UNSURE; // an escaped key may spell one the facts read
        for (let k = 0; k < KEY_BYTES.length; k++) if (sameBytes(b, ks, ke, KEY_BYTES[k]!)) slot = k;
      }
      this.ws();
      if (b[this.p] !== 0x3a) throw UNSURE;
      this.p++;
      this.ws();
      const v = this.value(depth);
      if (slot >= 0) top![slot] = v;
      this.ws();
      const c = b[this.p];
      this.p++;
      if (c === 0x7d) return true;
      if (c !== 0x2c) throw UNSURE;
    }
  }
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];
const WORDS: [number[], number][] = [
  [Array.from('user', (c) => c.charCodeAt(0)), ROLE.user],
  [Array.from('assistant', (c) => c.charCodeAt(0)), ROLE.assistant],
  [Array.from('tool', (c) => c.charCodeAt(0)), ROLE.tool],
  [Array.from('system', (c) => c.charCodeAt(0)), ROLE.system],
];
const METADATA = Array.from('metadata', (c) => c.charCodeAt(0));
const PROVIDER_STATE = Array.from('provider_state', (c) => c.charCodeAt(0));

/** Python whitespace that `str.strip()` removes and that is one ASCII byte (\t \v \f \x1c-\x1f and space). */
function asciiPyWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c || (c >= 0x1c && c <= 0x1f);
}

/**
 * The facts of a line's content bytes when this pass is sure of them, else null. `psRecords`: the
 * version has provider_state records (those are left to the exact path).
 */
export function scanFacts(b: Uint8Array, psRecords: boolean): LineFacts | null {
  let s = 0;
  let e = b.length;
  while (s < e && asciiPyWs(b[s]!)) s++;
  while (e > s && asciiPyWs(b[e - 1]!)) e--;
  if (s === e || b[s] !== 0x7b) return null;
  const sc = new Scanner(b, e);
  sc.p = s;
  const top: (Seen | undefined)[] = new Array(KEYS.length);
  try {
    sc.object(1, top);
  } catch (err) {
    if (err === UNSURE) return null;
    throw err;
  }
  if (sc.p !== e) return null;
  const [type, role, calls, callId, delivery, command] = top;
  if (type && type.start >= 0) {
    if (sameBytes(b, type.start, type.end, METADATA)) return { kind: KIND.metadata, role: ROLE.none, flags: 0 };
    if (psRecords && sameBytes(b, type.start, type.end, PROVIDER_STATE)) return null;
  } else if (type && type.start === -2) return null;
  let code: LineFacts['role'] = ROLE.none;
  if (role) {
    if (role.start === -2) return null;
    if (role.start === -1) code = ROLE.notString;
    else {
      code = ROLE.other;
      for (const [w, c] of WORDS) if (sameBytes(b, role.start, role.end, w)) code = c as LineFacts['role'];
    }
  }
  let flags = 0;
  if (calls?.truthy) flags |= FLAG.toolCalls;
  if (callId) flags |= FLAG.toolCallId;
  if (delivery?.truthy) flags |= FLAG.channelDelivery;
  if (command?.truthy) flags |= FLAG.command;
  return { kind: KIND.message, role: code, flags };
}
