/**
 * cl100k's pre-tokenizer (`CL100K_PATTERN`, test/core/cl100k-pattern.ts) as a hand-written scanner: where the
 * pattern's regex, walked with `matchAll`, builds a match array for every piece, this returns each
 * piece's end. It takes the pattern's alternatives in order, with their greedy backtracking worked
 * out once (see `pieceEnd`), and the regex's own `\p{L}`/`\p{N}` (the same engine's Unicode tables).
 * test/core/cl100k-split.test.ts holds it to the regex, piece by piece.
 */

/** Code point classes: a letter, a number, whitespace (Rust's `\s`), anything else. */
const OTHER = 0;
const LETTER = 1;
const NUMBER = 2;
const SPACE = 3;

/** Rust regex `\s` (Unicode White_Space), as in CL100K_PATTERN (JS `\s` adds U+FEFF). */
const WHITE_SPACE = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
for (let c = 0x2000; c <= 0x200a; c++) WHITE_SPACE.push(c);

const IS_LETTER = /^\p{L}$/u;
const IS_NUMBER = /^\p{N}$/u;
const UNKNOWN = 255;

/** The class of every BMP code unit, found on first sight (a lone surrogate is OTHER, as under the `u` flag). */
const bmp = new Uint8Array(0x10000).fill(UNKNOWN);
for (const c of WHITE_SPACE) bmp[c] = SPACE;
const astral = new Map<number, number>();
for (let c = 0; c < 0x80; c++) bmp[c] = bmp[c] === UNKNOWN ? classify(c) : bmp[c]!;

function classify(cp: number): number {
  if (cp >= 0xd800 && cp <= 0xdfff) return OTHER;
  const s = String.fromCodePoint(cp);
  return IS_LETTER.test(s) ? LETTER : IS_NUMBER.test(s) ? NUMBER : OTHER;
}

/** The class of the code point at i (a surrogate pair is one code point, as the regex's `u` flag reads it). */
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) {
    const k = bmp[c]!;
    return k !== UNKNOWN ? k : (bmp[c] = classify(c));
  }
  const cp = text.codePointAt(i)!;
  if (cp <= 0xffff) return OTHER; // a high surrogate with no low one after it
  let k = astral.get(cp);
  if (k === undefined) astral.set(cp, (k = classify(cp)));
  return k;
}

/** Width in code units of the code point at i. */
function widthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) return 1;
  const d = text.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

/** The end of the run of code points of class k from i; the BMP outside the surrogates (most text) looked up inline. */
function runEnd(text: string, i: number, k: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 0xd800) {
      const kc = bmp[c]!;
      if (kc === k) i++;
      else if (kc !== UNKNOWN) break;
      else if (classAt(text, i) === k) i++;
      else break;
    } else if (classAt(text, i) === k) i += widthAt(text, i);
    else break;
  }
  return i;
}

const isNewline = (c: number) => c === 0x0a || c === 0x0d;

/** After a run of OTHER: `[\r\n]*`. */
function newlinesEnd(text: string, i: number): number {
  while (i < text.length && isNewline(text.charCodeAt(i))) i++;
  return i;
}

/** `'s|'t|'re|'ve|'m|'ll|'d` under Rust's `(?i)` (`'ſ` too): the contraction's end at i, or -1. */
function contractionEnd(text: string, i: number): number {
  const a = text.charCodeAt(i + 1) | 0x20; // ASCII letters fold to lower case; ſ (U+017F) stays itself
  if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64 || text.charCodeAt(i + 1) === 0x17f) return i + 2; // s t m d ſ
  const b = text.charCodeAt(i + 2) | 0x20;
  if ((a === 0x72 || a === 0x76) && b === 0x65) return i + 3; // re ve
  if (a === 0x6c && b === 0x6c) return i + 3; // ll
  return -1;
}

/**
 * The end of the piece that starts at i (< text.length), as the pattern's leftmost-first match:
 * 1. a contraction; 2. `[^\r\n\p{L}\p{N}]?\p{L}+`; 3. `\p{N}{1,3}`; 4. ` ?[^\s\p{L}\p{N}]+[\r\n]*`;
 * then whitespace, where the backtracking gives: 5. `\s*[\r\n]+` up to the run's last newline;
 * 6. `\s+(?!\S)` the run but its last code point (all of it at the text's end); 7. `\s+` one alone.
 */
export function pieceEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  // Most pieces are ASCII words, or a space (or a sign) and a word: 2. without the general walk.
  if (c < 0x80) {
    const k = bmp[c]!;
    if (k === LETTER) return runEnd(text, i + 1, LETTER);
    if (c !== 0x27 && c !== 0x0a && c !== 0x0d && k !== NUMBER && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d < 0x80 && bmp[d] === LETTER) return runEnd(text, i + 2, LETTER);
    }
  }
  if (c === 0x27 && i + 1 < text.length) {
    const e = contractionEnd(text, i);
    if (e > 0) return e;
  }
  const k = classAt(text, i);
  if (k === LETTER) return runEnd(text, i, LETTER);
  const w = widthAt(text, i);
  const next = i + w < text.length ? classAt(text, i + w) : -1;
  if (k !== NUMBER && !isNewline(c) && next === LETTER) return runEnd(text, i + w, LETTER);
  if (k === NUMBER) {
    let e = i;
    for (let n = 0; n < 3 && e < text.length && classAt(text, e) === NUMBER; n++) e += widthAt(text, e);
    return e;
  }
  if (k === OTHER) return newlinesEnd(text, runEnd(text, i, OTHER));
  if (c === 0x20 && next === OTHER) return newlinesEnd(text, runEnd(text, i + 1, OTHER));
  // Whitespace: every White_Space code point is in the BMP, one code unit each.
  let e = i + 1;
  let lastNewline = isNewline(c) ? i : -1;
  for (; e < text.length && classAt(text, e) === SPACE; e++) if (isNewline(text.charCodeAt(e))) lastNewline = e;
  if (lastNewline >= 0) return lastNewline + 1;
  if (e === text.length || e - i === 1) return e;
  return e - 1;
}
