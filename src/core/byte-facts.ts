/**
 * A record's facts read straight from its UTF-8 bytes, without building its value: one pass that
 * checks the JSON as Python's `json.loads` would (strings without raw control characters, valid
 * escapes and UTF-8, numbers by the grammar) and notes the last value of the few top-level keys the
 * facts need. Anything this pass is not sure about (a key or role with escapes, NaN, long numbers,
 * deep nesting, non-objects, provider_state, errors) answers null, and the caller parses exactly.
 *
 * It is the large-file index's inner loop (every byte of a 1 GB file goes through it), so it is one
 * loop over the bytes with its state in locals and a small stack, and a string's bytes are classed
 * by a table: a run of plain ASCII costs one load and one compare a byte.
 */
import { MAX_DEPTH } from './pyjson';
import { FLAG, KIND, ROLE, type LineFacts, type RoleCode } from './fact-codes';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How a byte inside a string is read: plain, or one of the cases below. */
const PLAIN = 0;
const END = 1;
const ESCAPE = 2;
const UNSURE_BYTE = 3;
const LEAD2 = 4;
const LEAD3 = 5;
const LEAD4 = 6;
const IN_STRING = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  IN_STRING[c] = c === QUOTE ? END : c === BACKSLASH ? ESCAPE : c < 0x20 ? UNSURE_BYTE : c < 0x80 ? PLAIN : c >= 0xc2 && c <= 0xdf ? LEAD2 : c >= 0xe0 && c <= 0xef ? LEAD3 : c >= 0xf0 && c <= 0xf4 ? LEAD4 : UNSURE_BYTE;
}
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
const ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrtu') ESCAPES[c.charCodeAt(0)] = 1;

/** Top-level keys the facts read, by slot. */
const KEYS = ['_type', 'role', 'tool_calls', 'tool_call_id', '_channel_delivery', '_command'] as const;
const KEY_BYTES = KEYS.map((k) => Array.from(k, (c) => c.charCodeAt(0)));
const [TYPE, ROLE_KEY, CALLS, CALL_ID, DELIVERY, COMMAND] = [0, 1, 2, 3, 4, 5];
/** A seen key's value: SEEN_STRING (a string without escapes, its byte range kept), SEEN_ESCAPED, SEEN_OTHER. */
const NOT_SEEN = 0;
const SEEN_STRING = 1;
const SEEN_ESCAPED = 2;
const SEEN_OTHER = 3;

/** Per slot: how it was seen, its truthiness, and a plain string's byte range (reused: one scan at a time). */
const seen = new Uint8Array(KEYS.length);
const truth = new Uint8Array(KEYS.length);
const from = new Float64Array(KEYS.length);
const to = new Float64Array(KEYS.length);
/** Open containers: 1 an object, 2 an array. */
const OBJECT = 1;
const ARRAY = 2;
const stack = new Uint8Array(MAX_DEPTH + 2);

/** Where the parse is: before a value, a key, a colon, after a value; the first two just after an opening bracket. */
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY = 2;
const KEY_OR_CLOSE = 3;
const COLON = 4;
const AFTER = 5;

function sameBytes(b: Uint8Array, s: number, e: number, want: readonly number[]): boolean {
  if (e - s !== want.length) return false;
  for (let i = 0; i < want.length; i++) if (b[s + i] !== want[i]) return false;
  return true;
}

/** Whether the string after the key names one the facts read: its slot, or -1. */
function slotOf(b: Uint8Array, s: number, e: number): number {
  for (let k = 0; k < KEY_BYTES.length; k++) if (sameBytes(b, s, e, KEY_BYTES[k]!)) return k;
  return -1;
}

/** Whether a string ended with escapes in it (set by `stringEnd`). */
let escapedString = false;

/**
 * The index just after the string whose content starts at `p` (past its opening quote), or -1 when
 * this pass is unsure of it (a raw control character, a bad escape or UTF-8, no closing quote
 * before `e`). Bytes after `e` are Python whitespace or past the array, never a quote or a
 * continuation byte, so multibyte characters need no bounds check of their own.
 */
function stringEnd(b: Uint8Array, p: number, e: number): number {
  escapedString = false;
  for (;;) {
    let k = IN_STRING[b[p]!]!;
    // A short run byte by byte; a long one (text) four bytes at a time.
    const short = p + 32;
    while (k === PLAIN && p < short) k = IN_STRING[b[++p]!]!;
    if (k === PLAIN) {
      p = plainRunEnd(b, p);
      k = IN_STRING[b[p]!]!;
      while (k === PLAIN) k = IN_STRING[b[++p]!]!;
    }
    if (p >= e) return -1;
    if (k === END) return p + 1;
    if (k === LEAD3) {
      const c = b[p]!;
      const d = b[p + 1]!;
      if (c === 0xe0 ? d < 0xa0 || d > 0xbf : c === 0xed ? d < 0x80 || d > 0x9f : (d & 0xc0) !== 0x80) return -1;
      if ((b[p + 2]! & 0xc0) !== 0x80) return -1;
      p += 3;
    } else if (k === LEAD2) {
      if ((b[p + 1]! & 0xc0) !== 0x80) return -1;
      p += 2;
    } else if (k === LEAD4) {
      const c = b[p]!;
      const d = b[p + 1]!;
      if (c === 0xf0 ? d < 0x90 || d > 0xbf : c === 0xf4 ? d < 0x80 || d > 0x8f : (d & 0xc0) !== 0x80) return -1;
      if ((b[p + 2]! & 0xc0) !== 0x80 || (b[p + 3]! & 0xc0) !== 0x80) return -1;
      p += 4;
    } else if (k === ESCAPE) {
      if (p + 1 >= e) return -1;
      const x = b[p + 1]!;
      if (!ESCAPES[x]) return -1;
      escapedString = true;
      if (x === 0x75) {
        if (p + 5 >= e || !HEX[b[p + 2]!] || !HEX[b[p + 3]!] || !HEX[b[p + 4]!] || !HEX[b[p + 5]!]) return -1;
        p += 6;
      } else p += 2;
    } else return -1;
  }
}

/** The bytes of the buffer `words` views four at a time (one view kept: lines are views of one slice). */
let wordsOf: ArrayBufferLike | null = null;
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);
/** The byte offset in that buffer of the line being scanned. */
let wordsAt = 0;

/** Points `words` at the buffer of `b` (a new view only when the buffer changes). */
function viewWords(b: Uint8Array): void {
  if (b.buffer !== wordsOf) {
    wordsOf = b.buffer;
    words = new Int32Array(b.buffer, 0, b.buffer.byteLength >> 2);
  }
  wordsAt = b.byteOffset;
}

/**
 * Skips plain string bytes (ASCII, not a quote, backslash or control character) four at a time:
 * from `p` (a plain byte) to the first 4-byte word of `b` that holds any other byte; the caller
 * goes on byte by byte from there. Each test below is exact for a word without high bytes.
 */
function plainRunEnd(b: Uint8Array, p: number): number {
  const off = wordsAt;
  while ((off + p) & 3) {
    if (IN_STRING[b[p]!] !== PLAIN) return p;
    p++;
  }
  let w = (off + p) >> 2;
  const last = (off + b.length) >> 2;
  while (w < last) {
    const x = words[w]!;
    const q = x ^ 0x22222222;
    const s = x ^ 0x5c5c5c5c;
    if ((x | ((x - 0x20202020) & ~x) | ((q - 0x01010101) & ~q) | ((s - 0x01010101) & ~s)) & 0x80808080) break;
    w++;
  }
  return (w << 2) - off;
}

/** Whether the last number read by `numberEnd` was non-zero (Python truthiness). */
let nonzeroNumber = false;

/** The index just after the JSON number at `p`, or -1 when unsure (bad grammar, an exponent past two digits, over 100 digits). */
function numberEnd(b: Uint8Array, p: number, e: number): number {
  let nonzero = false;
  let digits = 0;
  if (b[p] === 0x2d) p++;
  let c = p < e ? b[p]! : -1;
  if (c === 0x30) {
    p++;
    digits++;
  } else if (c >= 0x31 && c <= 0x39) {
    while (p < e && (c = b[p]!) >= 0x30 && c <= 0x39) {
      if (c !== 0x30) nonzero = true;
      p++;
      digits++;
    }
  } else return -1;
  if (p < e && b[p] === 0x2e) {
    p++;
    const s = p;
    while (p < e && (c = b[p]!) >= 0x30 && c <= 0x39) {
      if (c !== 0x30) nonzero = true;
      p++;
    }
    if (p === s) return -1;
    digits += p - s;
  }
  if (p < e && (b[p] === 0x65 || b[p] === 0x45)) {
    p++;
    if (p < e && (b[p] === 0x2b || b[p] === 0x2d)) p++;
    const s = p;
    while (p < e && (c = b[p]!) >= 0x30 && c <= 0x39) p++;
    // An exponent can overflow or underflow a float; leave such numbers to the exact parser.
    if (p === s || p - s > 2) return -1;
  }
  // Up to 100 digits and a two-digit exponent, a double neither overflows nor rounds to zero.
  if (digits > 100) return -1;
  nonzeroNumber = nonzero;
  return p;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];
const WORDS: [number[], RoleCode][] = [
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

/** Notes the value at depth 1 that ended at `p` under `slot`, when the slot is one the facts read. */
function note(slot: number, kind: number, truthy: boolean, s: number, e: number): void {
  seen[slot] = kind;
  truth[slot] = truthy ? 1 : 0;
  from[slot] = s;
  to[slot] = e;
}

/**
 * Checks the object at `s` (a `{`) up to `e` as JSON and notes the top-level keys the facts read;
 * false when unsure. One loop: `state` says what may come next, `stack` which containers are open.
 */
function scanObject(b: Uint8Array, s: number, e: number): boolean {
  seen.fill(NOT_SEEN);
  let p = s + 1;
  let depth = 1;
  stack[1] = OBJECT;
  let state = KEY_OR_CLOSE;
  /** The slot of the top-level key whose value comes next, or -1. */
  let slot = -1;
  for (;;) {
    let c = b[p]!;
    while (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) c = b[++p]!;
    if (p >= e) return false;
    switch (state) {
      case KEY_OR_CLOSE:
      case KEY: {
        if (c === 0x7d && state === KEY_OR_CLOSE) {
          p++;
          state = AFTER;
          if (--depth === 0) return p === e;
          break;
        }
        if (c !== QUOTE) return false;
        const q = stringEnd(b, p + 1, e);
        if (q < 0) return false;
        if (depth === 1) {
          // An escaped key may spell one the facts read.
          if (escapedString) return false;
          slot = slotOf(b, p + 1, q - 1);
        }
        p = q;
        state = COLON;
        break;
      }
      case COLON:
        if (c !== 0x3a) return false;
        p++;
        state = VALUE;
        break;
      case VALUE_OR_CLOSE:
      case VALUE: {
        if (c === 0x5d && state === VALUE_OR_CLOSE) {
          p++;
          depth--;
          state = AFTER;
          break;
        }
        const top = depth === 1 && slot >= 0;
        if (c === QUOTE) {
          const q = stringEnd(b, p + 1, e);
          if (q < 0) return false;
          if (top) note(slot, escapedString ? SEEN_ESCAPED : SEEN_STRING, q - p > 2, p + 1, q - 1);
          p = q;
          state = AFTER;
        } else if (c === 0x7b || c === 0x5b) {
          if (++depth > MAX_DEPTH) return false;
          stack[depth] = c === 0x7b ? OBJECT : ARRAY;
          p++;
          if (top) {
            // A container is truthy when it is not empty.
            let q = p;
            let d = b[q]!;
            while (d === 0x20 || d === 0x09 || d === 0x0a || d === 0x0d) d = b[++q]!;
            note(slot, SEEN_OTHER, d !== (c === 0x7b ? 0x7d : 0x5d), -1, -1);
          }
          state = c === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
        } else {
          let truthy: boolean;
          if (c === 0x74) {
            if (!sameBytes(b, p, p + 4, TRUE)) return false;
            p += 4;
            truthy = true;
          } else if (c === 0x66) {
            if (!sameBytes(b, p, p + 5, FALSE)) return false;
            p += 5;
            truthy = false;
          } else if (c === 0x6e) {
            if (!sameBytes(b, p, p + 4, NULL)) return false;
            p += 4;
            truthy = false;
          } else {
            const q = numberEnd(b, p, e);
            if (q < 0) return false;
            p = q;
            truthy = nonzeroNumber;
          }
          if (p > e) return false;
          if (top) note(slot, SEEN_OTHER, truthy, -1, -1);
          state = AFTER;
        }
        if (depth === 1) slot = -1;
        break;
      }
      case AFTER: {
        const open = stack[depth];
        p++;
        if (c === 0x2c) state = open === OBJECT ? KEY : VALUE;
        else if ((c === 0x7d && open === OBJECT) || (c === 0x5d && open === ARRAY)) {
          // The line was trimmed of whitespace: the object must end it.
          if (--depth === 0) return p === e;
        } else return false;
        break;
      }
    }
  }
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
  viewWords(b);
  if (!scanObject(b, s, e)) return null;
  const type = seen[TYPE]!;
  if (type === SEEN_STRING) {
    if (sameBytes(b, from[TYPE]!, to[TYPE]!, METADATA)) return { kind: KIND.metadata, role: ROLE.none, flags: 0 };
    if (psRecords && sameBytes(b, from[TYPE]!, to[TYPE]!, PROVIDER_STATE)) return null;
  } else if (type === SEEN_ESCAPED) return null;
  let code: RoleCode = ROLE.none;
  const role = seen[ROLE_KEY]!;
  if (role === SEEN_ESCAPED) return null;
  if (role === SEEN_OTHER) code = ROLE.notString;
  else if (role === SEEN_STRING) {
    code = ROLE.other;
    for (const [w, c] of WORDS) if (sameBytes(b, from[ROLE_KEY]!, to[ROLE_KEY]!, w)) code = c;
  }
  let flags = 0;
  if (seen[CALLS] && truth[CALLS]) flags |= FLAG.toolCalls;
  if (seen[CALL_ID]) flags |= FLAG.toolCallId;
  if (seen[DELIVERY] && truth[DELIVERY]) flags |= FLAG.channelDelivery;
  if (seen[COMMAND] && truth[COMMAND]) flags |= FLAG.command;
  return { kind: KIND.message, role: code, flags };
}
