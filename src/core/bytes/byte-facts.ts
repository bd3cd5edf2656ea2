/**
 * A record's facts read straight from its UTF-8 bytes, without building its value: one pass that
 * checks the JSON as Python's `json.loads` would (strings without raw control characters, valid
 * escapes and UTF-8, numbers by the grammar) and notes the last value of the few top-level keys the
 * facts need. Anything this pass is not sure about (a key or role with escapes, NaN, long numbers,
 * deep nesting, non-objects, provider_state, errors) answers null, and the caller parses exactly.
 *
 * It is the large-file index's inner loop (every byte of a 1 GB file goes through it), so it is one
 * loop over the bytes with its state in locals and a small stack; strings, most of the bytes, are
 * read a word at a time (byte-strings.ts).
 */
import { escapeForm, lastStringEscaped, readBytesOf, stringEnd } from './byte-strings';
import { SHALLOWEST_DEPTH, floatRepr } from '../python/pyjson';
import { decodeStrict } from '../python/lines';
import { FLAG, KIND, ROLE, type LineFacts, type RoleCode } from '../index/fact-codes';

const QUOTE = 0x22;

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
const stack = new Uint8Array(SHALLOWEST_DEPTH + 2);

/**
 * Whether the object read last is, byte for byte, what Python's `json.dumps` (ensure_ascii=False)
 * writes for its value: `", "` and `": "` between items and no other whitespace, the escapes
 * dumps writes (byte-strings.ts: `escapeForm`), integers but `-0`, floats as Python's repr, no key
 * given twice in an object. Every object's keys are kept (their byte ranges) to find a repeat.
 */
let canon = true;
/** Whether the pass reads that fact at all (an index for a printer asks for it; the others skip its cost). */
let dumpsOn = false;
const MAX_KEYS = 256;
const keyFrom = new Float64Array(MAX_KEYS);
const keyTo = new Float64Array(MAX_KEYS);
let keyCount = 0;
/** Where each open object's keys begin in keyFrom / keyTo. */
const keyBase = new Int32Array(SHALLOWEST_DEPTH + 2);

/** Notes the key whose text is b[s, e) in the innermost object: false when more keys are open than kept (the caller is then unsure). */
function noteKey(b: Uint8Array, depth: number, s: number, e: number): boolean {
  const len = e - s;
  for (let k = keyBase[depth]!; k < keyCount; k++) {
    const f = keyFrom[k]!;
    if (keyTo[k]! - f !== len) continue;
    let i = 0;
    while (i < len && b[f + i] === b[s + i]) i++;
    if (i === len) {
      canon = false;
      break;
    }
  }
  if (keyCount === MAX_KEYS) return false;
  keyFrom[keyCount] = s;
  keyTo[keyCount++] = e;
  return true;
}

/** Whether the number b[s, e) is written as json.dumps writes its value (a float: Python's repr of it). */
function dumpsNumber(b: Uint8Array, s: number, e: number): boolean {
  if (!numberIsFloat) return !(b[s] === 0x2d && b[s + 1] === 0x30);
  let t = '';
  for (let i = s; i < e; i++) t += String.fromCharCode(b[i]!);
  return floatRepr(Number(t)) === t;
}

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

/** Whether the last number read by `numberEnd` was non-zero (Python truthiness), and whether it was a float. */
let nonzeroNumber = false;
let numberIsFloat = false;

/** The index just after the JSON number at `p`, or -1 when unsure (bad grammar, an exponent past two digits, over 100 digits). */
function numberEnd(b: Uint8Array, p: number, e: number): number {
  let nonzero = false;
  let digits = 0;
  numberIsFloat = false;
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
    numberIsFloat = true;
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
    numberIsFloat = true;
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

/** JSON's whitespace inside a line (space and tab; \n and \r end it): what a line may be padded with and not be a padded line. */
function jsonWs(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** Notes the value at depth 1 that ended at `p` under `slot`, when the slot is one the facts read. */
function note(slot: number, kind: number, truthy: boolean, s: number, e: number): void {
  seen[slot] = kind;
  truth[slot] = truthy ? 1 : 0;
  from[slot] = s;
  to[slot] = e;
}

/**
 * Checks the object at `s` (a `{`), which ends before `e`, as JSON and notes the top-level keys the
 * facts read; returns the index just after it, or -1 when unsure. One loop: `state` says what may
 * come next, `stack` which containers are open.
 */
function scanObject(b: Uint8Array, s: number, e: number): number {
  const track = dumpsOn;
  seen.fill(NOT_SEEN);
  canon = true;
  escapeForm.odd = false;
  keyCount = 0;
  keyBase[1] = 0;
  let p = s + 1;
  let depth = 1;
  stack[1] = OBJECT;
  let state = KEY_OR_CLOSE;
  /** The slot of the top-level key whose value comes next, or -1. */
  let slot = -1;
  for (;;) {
    // The end first: a chunk's last line, cut where the chunk ends, is scanned up to it, and a read
    // past a typed array's end once threw this function's optimized code away (a second compile).
    if (p >= e) return -1;
    let c = b[p]!;
    // JSON's whitespace but \n and \r: a line never holds them (they end it), so meeting one means
    // the line ended inside the object. json.dumps writes one space after each `,` and `:`, no other.
    if (c === 0x20 || c === 0x09) {
      const w = p;
      while (c === 0x20 || c === 0x09) c = b[++p]!;
      if (track && (p - w !== 1 || b[w] !== 0x20 || (state !== KEY && state !== VALUE))) canon = false;
    } else if (track && (state === KEY || state === VALUE)) canon = false;
    if (p >= e) return -1;
    switch (state) {
      case KEY_OR_CLOSE:
      case KEY: {
        if (c === 0x7d && state === KEY_OR_CLOSE) {
          p++;
          state = AFTER;
          keyCount = keyBase[depth]!;
          if (--depth === 0) return p;
          break;
        }
        if (c !== QUOTE) return -1;
        const q = stringEnd(b, p + 1, e);
        if (q < 0) return -1;
        if (track && !noteKey(b, depth, p + 1, q - 1)) return -1;
        if (depth === 1) {
          // An escaped key may spell one the facts read.
          if (lastStringEscaped()) return -1;
          slot = slotOf(b, p + 1, q - 1);
        }
        p = q;
        state = COLON;
        break;
      }
      case COLON:
        if (c !== 0x3a) return -1;
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
          if (q < 0) return -1;
          if (top) note(slot, lastStringEscaped() ? SEEN_ESCAPED : SEEN_STRING, q - p > 2, p + 1, q - 1);
          p = q;
          state = AFTER;
        } else if (c === 0x7b || c === 0x5b) {
          if (++depth > SHALLOWEST_DEPTH) return -1;
          stack[depth] = c === 0x7b ? OBJECT : ARRAY;
          keyBase[depth] = keyCount;
          p++;
          if (top) {
            // A container is truthy when it is not empty.
            let q = p;
            let d = b[q]!;
            while (d === 0x20 || d === 0x09) d = b[++q]!;
            note(slot, SEEN_OTHER, d !== (c === 0x7b ? 0x7d : 0x5d), -1, -1);
          }
          state = c === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
        } else {
          let truthy: boolean;
          if (c === 0x74) {
            if (!sameBytes(b, p, p + 4, TRUE)) return -1;
            p += 4;
            truthy = true;
          } else if (c === 0x66) {
            if (!sameBytes(b, p, p + 5, FALSE)) return -1;
            p += 5;
            truthy = false;
          } else if (c === 0x6e) {
            if (!sameBytes(b, p, p + 4, NULL)) return -1;
            p += 4;
            truthy = false;
          } else {
            const q = numberEnd(b, p, e);
            if (q < 0) return -1;
            if (track && canon && !dumpsNumber(b, p, q)) canon = false;
            p = q;
            truthy = nonzeroNumber;
          }
          if (p > e) return -1;
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
          keyCount = keyBase[depth]!;
          // The line was trimmed of whitespace: the object must end it.
          if (--depth === 0) return p;
        } else return -1;
        break;
      }
    }
  }
}

/** The facts of the line `scanLine` read last (one object, overwritten by each line). */
export const scanned: LineFacts = { kind: KIND.message, role: ROLE.none, flags: 0 };

/**
 * The top-level `tool_call_id` of the line `scanLine` read last, in `b` (the bytes it was given):
 * undefined when it has none, null when its value is not a string without escapes (the caller then
 * reads the line's value), else that string. A replay's noter takes a tool result's id from here
 * without parsing the line.
 */
export function scannedCallId(b: Uint8Array): string | null | undefined {
  const k = seen[CALL_ID];
  if (k === NOT_SEEN) return undefined;
  return k === SEEN_STRING ? decodeStrict(b.subarray(from[CALL_ID]!, to[CALL_ID]!)) : null;
}

/**
 * The facts of a line's content bytes when this pass is sure of them, else null. `psRecords`: the
 * version has provider_state records (those are left to the exact path); `dumps`: read FLAG.dumps too.
 */
export function scanFacts(b: Uint8Array, psRecords: boolean, dumps = false): LineFacts | null {
  dumpsOn = dumps;
  let s = 0;
  let e = b.length;
  // Only JSON's whitespace is stepped over: other whitespace Python strips makes a padded line, left to the exact path.
  while (s < e && jsonWs(b[s]!)) s++;
  while (e > s && jsonWs(b[e - 1]!)) e--;
  if (s === e || b[s] !== 0x7b) return null;
  readBytesOf(b);
  if (scanObject(b, s, e) !== e || !noteFacts(b, psRecords)) return null;
  noteDumps(s === 0 && e === b.length);
  return { ...scanned };
}

/**
 * Reads the line that starts at `s` in `b` and finds its end in the same pass (no search for the
 * line's end first): the index of the `\n` or `\r` that ends it, or `b.length` when none does;
 * its facts are in `scanned`. -1 when unsure of the line, its end included (the caller finds the
 * end and reads the line the exact way).
 */
export function scanLine(b: Uint8Array, s: number, psRecords: boolean, dumps = false): number {
  dumpsOn = dumps;
  const n = b.length;
  readBytesOf(b);
  const s0 = s;
  while (s < n && jsonWs(b[s]!)) s++;
  if (b[s] !== 0x7b) return -1;
  // A `\n` or `\r` before the object's end is unsure (a string's control character, or not
  // whitespace between values), so the end found is the line's own.
  let p = scanObject(b, s, n);
  if (p < 0) return -1;
  const end = p;
  while (p < n && jsonWs(b[p]!)) p++;
  if (p < n && b[p] !== 0x0a && b[p] !== 0x0d) return -1;
  if (!noteFacts(b, psRecords)) return -1;
  noteDumps(s === s0 && p === end);
  return p;
}

/** Adds FLAG.dumps to a message's facts when its line (`unpadded`: nothing around the object) is its json.dumps text. */
function noteDumps(unpadded: boolean): void {
  if (dumpsOn && unpadded && canon && !escapeForm.odd && scanned.kind === KIND.message) scanned.flags |= FLAG.dumps;
}

/** Puts the facts of the object `scanObject` read last into `scanned`; false when this pass leaves them to the exact path. */
function noteFacts(b: Uint8Array, psRecords: boolean): boolean {
  const type = seen[TYPE]!;
  if (type === SEEN_STRING) {
    if (sameBytes(b, from[TYPE]!, to[TYPE]!, METADATA)) {
      scanned.kind = KIND.metadata;
      scanned.role = ROLE.none;
      scanned.flags = 0;
      return true;
    }
    if (psRecords && sameBytes(b, from[TYPE]!, to[TYPE]!, PROVIDER_STATE)) return false;
  } else if (type === SEEN_ESCAPED) return false;
  let code: RoleCode = ROLE.none;
  const role = seen[ROLE_KEY]!;
  if (role === SEEN_ESCAPED) return false;
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
  scanned.kind = KIND.message;
  scanned.role = code;
  scanned.flags = flags;
  return true;
}
