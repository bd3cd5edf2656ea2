/**
 * Python `str` semantics on JS strings.
 *
 * Python and JS disagree on what whitespace is (Python counts `\x1c`–`\x1f` and `\x85`, not U+FEFF),
 * on where lines end (`splitlines()` knows ten boundaries) and on what a string's length is (code
 * points, not UTF-16 units). nanobot's answers depend on all three.
 */

/**
 * The body of a regex character class matching exactly Python's `\s` for str patterns, which is
 * also the set `str.isspace()` / `str.strip()` use (Python 3.11). Use it with the `u` flag.
 */
export const PY_WS_CLASS =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

// Runs to collapse: two or more whitespace characters, or one that is not already a space (a text
// whose runs are all single spaces matches nothing and comes back as it is, not copied).
const WS_RUN = new RegExp(`[${PY_WS_CLASS}]{2,}|[${PY_WS_CLASS.replace('\\x20', '')}]`, 'gu');
const ALL_WS = new RegExp(`^[${PY_WS_CLASS}]+$`, 'u');

/** Python `s.isspace()`: non-empty and every character Python whitespace (not JS `\s`). */
export function isPyWhitespace(s: string): boolean {
  return ALL_WS.test(s);
}

/**
 * A UTF-16 unit in PY_WS_CLASS (every Python whitespace character is in the BMP, so testing single
 * units is exact), by its code: strip runs on every line of a file, where a regex test per end is a
 * visible share of a small CLI run.
 */
export function isPyWhitespaceCode(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c >= 0x1c;
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Python `s.lstrip()`: drops leading Python whitespace. */
export function pyLStrip(s: string): string {
  let i = 0;
  while (i < s.length && isPyWhitespaceCode(s.charCodeAt(i))) i++;
  return s.slice(i);
}

/** Python `s.rstrip()`: drops trailing Python whitespace. */
export function pyRStrip(s: string): string {
  let j = s.length;
  while (j > 0 && isPyWhitespaceCode(s.charCodeAt(j - 1))) j--;
  return s.slice(0, j);
}

/** Python `s.strip()`: nanobot strips record lines, titles and previews with it. */
export function pyStrip(s: string): string {
  return pyRStrip(pyLStrip(s));
}

/** Python `re.sub(r"\s+", " ", s)`: previews collapse whitespace runs with Python's `\s`. */
export function collapseWhitespace(s: string): string {
  return s.replace(WS_RUN, ' ');
}

const LINE_BREAKS = new Set(['\n', '\r', '\v', '\f', '\x1c', '\x1d', '\x1e', '\x85', '\u2028', '\u2029']);

/**
 * Python `s.splitlines()`: splits on `\n \r \r\n \v \f \x1c \x1d \x1e \x85 \u2028 \u2029`, no
 * trailing empty line, `[]` for `""`. The replay sanitizer works line by line this way.
 */
export function pySplitlines(s: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!LINE_BREAKS.has(c)) continue;
    lines.push(s.slice(start, i));
    if (c === '\r' && s[i + 1] === '\n') i++;
    start = i + 1;
  }
  if (start < s.length) lines.push(s.slice(start));
  return lines;
}

const SURROGATE = /[\ud800-\udfff]/;
const PAIR = /[\ud800-\udbff][\udc00-\udfff]/g;

/** Python `len(s)`: counts code points (a lone surrogate counts as one, as in Python). */
export function codePointLength(s: string): number {
  if (!SURROGATE.test(s)) return s.length;
  return s.length - (s.match(PAIR)?.length ?? 0);
}

/** Resolves a Python slice bound (negative counts from the end; clamped to 0..len). */
function sliceBound(i: number | undefined, len: number, dflt: number): number {
  if (i === undefined) return dflt;
  if (i < 0) return Math.max(0, len + i);
  return Math.min(i, len);
}

/**
 * Python `s[start:end]`: indices in code points, negative ones from the end, so a cut never splits
 * an emoji the way a UTF-16 `slice` would (nanobot caps previews at 120 code points).
 */
export function codePointSlice(s: string, start?: number, end?: number): string {
  if (!SURROGATE.test(s)) return s.slice(sliceBound(start, s.length, 0), sliceBound(end, s.length, s.length));
  const cps = Array.from(s);
  return cps.slice(sliceBound(start, cps.length, 0), sliceBound(end, cps.length, cps.length)).join('');
}

/** Whether code unit or code point `c` is a surrogate (U+D800 to U+DFFF), which Python's UTF-8 encoder refuses. */
export const isSurrogate = (c: number | undefined) => c !== undefined && c >= 0xd800 && c <= 0xdfff;
