/**
 * The end of a JSON string read from its UTF-8 bytes as Python's `json.loads` would accept it (no
 * raw control characters, valid escapes, valid UTF-8), for the byte pass (byte-facts.ts). It is
 * the innermost loop of the large-file index. Bytes copied into the SIMD kernel's memory
 * (plain-run.ts) are read by the kernel, 16 at a time, up to the next byte it cannot step over;
 * other bytes a 4-byte word at a time: one load and a few integer operations tell whether a word
 * is plain ASCII and, if not, which of its bytes is the first that needs a look; a multibyte
 * character is checked from one word too.
 */

import { HEX_DIGITS, SIMPLE_ESCAPES, kernelBuffer, plainRun, takeEscapedFlag } from './plain-run';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const HEX = new Uint8Array(256);
for (const c of HEX_DIGITS) HEX[c.charCodeAt(0)] = 1;
const ESCAPES = new Uint8Array(256);
for (const c of SIMPLE_ESCAPES + 'u') ESCAPES[c.charCodeAt(0)] = 1;

/** The buffer `view` reads (one view kept: the lines read are views of one slice), and where the bytes being read start in it. */
let viewOf: ArrayBufferLike | null = null;
let view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
let viewAt = 0;
/** Whether `b` is a view of the SIMD kernel's memory (plain-run.ts), which then finds each string's next byte to look at. */
let simd = false;
/** The kernel's whole memory, when `simd`: its flag says whether the kernel stepped over an escape. */
let kernelBytes: Uint8Array = new Uint8Array(0);

/** Reads `b` from here on (a new DataView only when its buffer changes); call before `stringEnd` on `b`. */
export function readBytesOf(b: Uint8Array): void {
  if (b.buffer !== viewOf) {
    viewOf = b.buffer;
    view = new DataView(b.buffer);
    simd = b.buffer === kernelBuffer();
    if (simd) kernelBytes = new Uint8Array(b.buffer);
  }
  viewAt = b.byteOffset;
}

/**
 * `odd` is set when a string read had an escape `json.dumps` would not write (`\/`, a `\uXXXX` other
 * than a control character's lowercase `\u00xx` without a short form); the caller clears it.
 */
export const escapeForm = { odd: false };

const SLASH = 0x2f;

/** Whether the `\uXXXX` at `p` is as json.dumps writes it: `\u00` and two lowercase hex digits, a control character without a short form (\b \t \n \f \r). */
function dumpsUEscape(b: Uint8Array, p: number): boolean {
  if (b[p + 2] !== 0x30 || b[p + 3] !== 0x30) return false;
  const h = b[p + 4]!;
  const l = b[p + 5]!;
  if (h !== 0x30 && h !== 0x31) return false;
  const low = l >= 0x30 && l <= 0x39 ? l - 0x30 : l >= 0x61 && l <= 0x66 ? l - 0x57 : -1;
  if (low < 0) return false;
  const v = (h - 0x30) * 16 + low;
  return v !== 8 && v !== 9 && v !== 10 && v !== 12 && v !== 13;
}

/** Whether the last string `stringEnd` read had escapes in it (a key spelled with escapes may be one the facts read). */
let escaped = false;

/** Whether the string `stringEnd` last ended had an escape in it. */
export function lastStringEscaped(): boolean {
  return escaped;
}

/**
 * The index just after the string whose content starts at `p` (past its opening quote), or -1 when
 * unsure of it (a raw control character, a bad escape or UTF-8, no closing quote before `e`).
 * `b` must be the bytes last given to `readBytesOf`; bytes from `e` to its end may be read but a
 * string never ends there (they are Python whitespace, a line's end or nothing).
 */
export function stringEnd(b: Uint8Array, p: number, e: number): number {
  escaped = false;
  // Locals, not the module's bindings: the loop's loads stay in registers.
  const at = viewAt;
  const v = view;
  // Whole words are read up to the end of `b`, never past it (the bytes after it are another line's).
  const n = b.length;
  const lastWord = n - 4;
  const fast = simd;
  for (;;) {
    let c: number;
    if (fast) {
      p = plainRun(at + p, at + n) - at;
      if (takeEscapedFlag(kernelBytes)) escaped = true;
      if (p >= n) return -1;
      c = b[p]!;
    } else if (p <= lastWord) {
      const x = v.getInt32(at + p, true);
      const q = x ^ 0x22222222;
      const s = x ^ 0x5c5c5c5c;
      // Bit 7 of each byte that is high, a control character, a quote or a backslash. A byte's
      // test is exact when every byte before it is plain (no borrow comes into it), so the lowest
      // bit set marks the first byte that is not plain.
      const m = (x | ((x - 0x20202020) & ~x) | ((q - 0x01010101) & ~q) | ((s - 0x01010101) & ~s)) & 0x80808080;
      if (m === 0) {
        p += 4;
        continue;
      }
      // Little-endian: the lowest set bit is in the first byte that is not plain.
      const bit = 31 - Math.clz32(m & -m);
      p += bit >> 3;
      c = (x >>> (bit & 24)) & 0xff;
    } else {
      if (p >= n) return -1;
      c = b[p]!;
      if (c >= 0x20 && c < 0x80 && c !== QUOTE && c !== BACKSLASH) {
        p++;
        continue;
      }
    }
    if (p >= e) return -1;
    if (c === QUOTE) return p + 1;
    if (c >= 0x80) {
      // Text in another script is mostly runs of multibyte characters: each checked from the
      // 4-byte word that starts with it (written out here, not called: this loop is hot).
      const from = p;
      while (p <= lastWord) {
        const x = v.getInt32(at + p, true);
        // Lead 110xxxxx but not C0 or C1 (overlong), then a continuation byte.
        if ((x & 0xc0e0) === 0x80c0) {
          if ((x & 0x1e) === 0) break;
          p += 2;
        } else if ((x & 0xc0c0f0) === 0x8080e0) {
          // Lead 1110xxxx, two continuation bytes; not E0 with a second byte below A0 (overlong), not ED above 9F (a surrogate).
          const t = x & 0x200f;
          if (t === 0 || t === 0x200d) break;
          p += 3;
        } else if ((x & 0xc0c0c0f8) === (0x808080f0 | 0)) {
          // Lead 11110xxx, three continuation bytes; F0 needs a second byte from 90 (else overlong), F4 below 90 (else past U+10FFFF), F5–F7 never.
          const t = x & 0x3007;
          if ((t & 7) < 4 ? t === 0 : t !== 4) break;
          p += 4;
        } else break;
      }
      if (p > from) continue;
      const len = multibyteLength(b, p, c);
      if (len === 0) return -1;
      p += len;
    } else if (c === BACKSLASH) {
      if (p + 1 >= e) return -1;
      const x = b[p + 1]!;
      if (!ESCAPES[x]) return -1;
      escaped = true;
      if (x === 0x75) {
        if (p + 5 >= e || !HEX[b[p + 2]!] || !HEX[b[p + 3]!] || !HEX[b[p + 4]!] || !HEX[b[p + 5]!]) return -1;
        if (!escapeForm.odd && !dumpsUEscape(b, p)) escapeForm.odd = true;
        p += 6;
      } else {
        if (x === SLASH) escapeForm.odd = true;
        p += 2;
      }
    } else return -1;
  }
}

/**
 * The length of the UTF-8 character whose lead byte `c` is at `p`, or 0 when it is not one Python
 * decodes (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short by
 * the end of `b`: a byte past it reads as undefined, which no test below accepts).
 */
function multibyteLength(b: Uint8Array, p: number, c: number): number {
  const d = b[p + 1]!;
  if (c < 0xe0) return c >= 0xc2 && (d & 0xc0) === 0x80 ? 2 : 0;
  if (c < 0xf0) {
    if (c === 0xe0 ? d < 0xa0 || d > 0xbf : c === 0xed ? d < 0x80 || d > 0x9f : (d & 0xc0) !== 0x80) return 0;
    return (b[p + 2]! & 0xc0) === 0x80 ? 3 : 0;
  }
  if (c > 0xf4 || (c === 0xf0 ? d < 0x90 || d > 0xbf : c === 0xf4 ? d < 0x80 || d > 0x8f : (d & 0xc0) !== 0x80)) return 0;
  return (b[p + 2]! & 0xc0) === 0x80 && (b[p + 3]! & 0xc0) === 0x80 ? 4 : 0;
}

/**
 * Type feedback for the word loop's every branch, given once when this module loads: the index reads
 * most strings through the kernel and this loop only for the few lines that straddle two chunks, so
 * V8 first optimized `stringEnd` before the loop had met a 3-byte character or the character check
 * below it, and threw that code away and compiled it again when each first came (twice in a
 * 10,000-message file). Reads a string of plain words, one character of each UTF-8 length and each escape, then
 * one that ends on a multibyte character; leaves nothing behind (every caller reads its bytes first).
 */
function primeWordLoop(): void {
  const encode = (s: string) => new TextEncoder().encode(s);
  const samples = [encode('plain text a\\n\\u00e9\\u001f\\/ é 天 😀 "    '), encode('é"')];
  // V8 keeps no feedback for a function's first few calls (it allocates the vector on the 8th).
  for (let i = 0; i < 12; i++) {
    for (const b of samples) {
      readBytesOf(b);
      stringEnd(b, 0, b.length);
    }
  }
  viewOf = null;
  view = new DataView(new ArrayBuffer(0));
  simd = false;
  escaped = false;
  escapeForm.odd = false;
}
primeWordLoop();
