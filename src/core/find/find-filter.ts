/**
 * Which lines of a session file may hold a find's match, judged from their raw bytes without
 * decoding them: the large-file search decodes only those. The filter may pass a line that holds
 * no match (it is decoded, and nothing is found), but it never drops one that does:
 *
 * - The query (trimmed, lower-cased) is searched in its longest run of characters that JSON writes
 *   as themselves: `"`, `\`, `/` and control characters may be written as short escapes, so a run
 *   stops at them. ASCII letters match either case.
 * - Any character may also be written as `\uXXXX`: a line with such an escape of a run character
 *   (or of a character lower-casing to it) passes.
 * - Other characters lower-case to a run character (`É` to `é`, `Σ` to `ς` at a word's end, `İ` to
 *   `i`, the Kelvin sign to `k`): one as long in UTF-8 that lower-cases to that character alone is
 *   accepted in its place in the run; a line holding any other passes.
 *
 * Each slice is scanned once per pattern, from the pattern's rarest byte with the engine's indexOf
 * (a lead byte, a backslash, a rare letter in either case), or by a skip search within each line.
 * - An assistant's tool-call arguments that are not a string are searched as Python's `str()` of
 *   them, text that is not in the file: such a line (or one with any `\u` escape, which may hide the
 *   key) passes.
 */

/** A byte pattern with a set of accepted bytes at each position. */
export interface BytePattern {
  m: number;
  /** The place whose bytes (one or two: a letter's cases) are rarest in text, found with the engine's own indexOf; -1 when all are common. */
  anchor: number;
  /** accept[j * 256 + b]: 1 when byte b is accepted at position j. */
  accept: Uint8Array;
  /** How far the window moves when its last byte is b. */
  shift: Uint8Array;
}

/** What a query's filter looks for. */
export interface FindPlan {
  /** The query as the find compares it: trimmed and lower-cased ('' finds nothing). */
  query: string;
  /** The run searched for; null when the query has no character JSON must write as itself (every line passes). */
  needle: BytePattern | null;
  /** Other patterns any of which lets a line pass: escapes of run characters, characters lower-casing to them. */
  others: BytePattern[];
}

/** Patterns are at most this long (a longer run is cut: a prefix still never misses). */
const MAX_PATTERN = 255;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const U = 0x75;

/** Letters from the most to the least common in English text. */
const LETTERS = 'etaoinshrdlcumwfgypbvkjxqz';

/** How rare a byte is in session text, roughly (0: too common to look for it alone). */
function rarity(b: number): number {
  if (b >= 0xc0 || b === BACKSLASH) return 20; // a multi-byte character's lead byte, an escape
  const lower = b | 0x20;
  if (lower >= 0x61 && lower <= 0x7a) return 2 + LETTERS.indexOf(String.fromCharCode(lower));
  return b >= 0x30 && b <= 0x39 ? 6 : 0;
}

/** A pattern from the accepted bytes at each position. */
export function bytePattern(sets: readonly (readonly number[])[]): BytePattern {
  const m = Math.min(sets.length, MAX_PATTERN);
  const accept = new Uint8Array(m * 256);
  const shift = new Uint8Array(256).fill(m);
  for (let j = 0; j < m; j++) for (const b of sets[j]!) accept[j * 256 + b] = 1;
  for (let j = 0; j < m - 1; j++) for (const b of sets[j]!) shift[b] = m - 1 - j;
  let anchor = -1;
  let best = 0;
  for (let j = 0; j < m; j++) {
    const set = sets[j]!;
    const r = set.length <= 2 ? Math.min(...set.map((b) => rarity(b))) : 0;
    if (r > best) [anchor, best] = [j, r];
  }
  return { m, accept, shift, anchor };
}

/** The first offset in [from, to) where `p` occurs wholly inside the range, or -1. */
export function findPattern(hay: Uint8Array, p: BytePattern, from: number, to: number): number {
  const { m, accept, shift } = p;
  if (m === 0) return from <= to ? from : -1;
  const last = (m - 1) * 256;
  for (let i = from + m - 1; i < to; ) {
    const b = hay[i]!;
    if (accept[last + b]) {
      let j = m - 2;
      let k = i - 1;
      while (j >= 0 && accept[j * 256 + hay[k]!]) {
        j--;
        k--;
      }
      if (j < 0) return i - m + 1;
    }
    i += shift[b]!;
  }
  return -1;
}

let preimages: Map<string, string[]> | null = null;

/**
 * For each character, the other characters whose lower case holds it (at a word's end too: final
 * sigma), an ASCII letter's own capital left out. Built once, from the engine's own toLowerCase.
 */
function preimageTable(): Map<string, string[]> {
  if (preimages) return preimages;
  const table = new Map<string, string[]>();
  for (let c = 0; c < 0x110000; c++) {
    if (c >= 0xd800 && c < 0xe000) continue;
    const ch = String.fromCodePoint(c);
    const plain = ch.toLowerCase();
    const atEnd = ('\u0391' + ch).toLowerCase().slice(1);
    if (plain === ch && atEnd === ch) continue;
    for (const out of new Set([...plain, ...atEnd])) {
      if (out === ch || (c < 0x80 && out === ch.toLowerCase())) continue;
      let list = table.get(out);
      if (!list) table.set(out, (list = []));
      if (!list.includes(ch)) list.push(ch);
    }
  }
  return (preimages = table);
}

/** Whether JSON may write `ch` as something else than its own UTF-8 bytes (besides `\uXXXX`). */
function escapable(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return c < 0x20 || ch === '"' || ch === '\\' || ch === '/' || (c >= 0xd800 && c < 0xe000);
}

const encoder = new TextEncoder();
const hexBytes = (d: string) => [d.toLowerCase().charCodeAt(0), d.toUpperCase().charCodeAt(0)];

/** The longest run (in bytes) of `q`'s characters that are not escapable. */
function longestRun(q: string): string[] {
  let best: string[] = [];
  let bestBytes = 0;
  let run: string[] = [];
  let runBytes = 0;
  for (const ch of [...q, '\0']) {
    if (escapable(ch)) {
      if (runBytes > bestBytes) [best, bestBytes] = [run, runBytes];
      run = [];
      runBytes = 0;
    } else {
      run.push(ch);
      runBytes += encoder.encode(ch).length;
    }
  }
  return best;
}

/** The filter of a query: `query` is trimmed and lower-cased here, as the find does. */
export function findPlan(query: string): FindPlan {
  const q = query.trim().toLowerCase();
  const run = longestRun(q);
  if (run.length === 0) return { query: q, needle: null, others: [] };
  const table = preimageTable();
  const sets: number[][] = [];
  const others: BytePattern[] = [];
  const escaped = new Set<string>();
  for (const ch of run) {
    const own = encoder.encode(ch);
    const code = ch.charCodeAt(0);
    const capital = ch.length === 1 && code >= 0x61 && code <= 0x7a ? [ch.toUpperCase()] : [];
    const pre = table.get(ch) ?? [];
    // Characters lower-casing to this one alone and as long in UTF-8 join its place in the needle
    // (a few more lines pass, none is missed); others (İ lower-cases to two) are searched for on their own.
    const here = [...own].map((b) => new Set([b]));
    for (const c of [...capital, ...pre]) {
      const bytes = encoder.encode(c);
      const single = c.toLowerCase() === ch || ('\u0391' + c).toLowerCase().slice(1) === ch;
      if (single && bytes.length === own.length) bytes.forEach((b, k) => here[k]!.add(b));
      else others.push(bytePattern([...bytes].map((b) => [b])));
    }
    for (const set of here) sets.push([...set]);
    for (const c of [ch, ...capital, ...pre]) for (let k = 0; k < c.length; k++) escaped.add(c.charCodeAt(k).toString(16).padStart(4, '0'));
  }
  // One pattern for every `\uXXXX` escape of those code units: the digits allowed at each place.
  const digits = [0, 1, 2, 3].map((k) => [...new Set([...escaped].flatMap((h) => hexBytes(h[k]!)))]);
  others.push(bytePattern([[BACKSLASH], [U], ...digits]));
  return { query: q, needle: bytePattern(sets), others };
}

/** JSON's whitespace between tokens. */
function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

const ARGUMENTS = bytePattern([...encoder.encode('"arguments"')].map((b) => [b]));
const ESCAPE = bytePattern([[BACKSLASH], [U]]);

/** Whether `p` occurs at offset `at`. */
function occursAt(hay: Uint8Array, p: BytePattern, at: number): boolean {
  for (let j = 0; j < p.m; j++) if (!p.accept[j * 256 + hay[at + j]!]) return false;
  return true;
}

/** Whether a line (asked in file order) holds `p`, wholly inside it. */
type LineTest = (from: number, to: number) => boolean;

/**
 * A test for `p` over the lines of one slice, asked in ascending order. An anchored pattern is found
 * by the engine's indexOf on its rare byte, with a cursor kept across lines, so the slice is
 * scanned once whatever its lines; others by a skip search bounded by each line.
 */
function lineTest(hay: Uint8Array, p: BytePattern): LineTest {
  if (p.anchor < 0) return (from, to) => findPattern(hay, p, from, to) >= 0;
  const a = p.anchor;
  const bytes: number[] = [];
  for (let b = 0; b < 256; b++) if (p.accept[a * 256 + b]) bytes.push(b);
  // The next occurrence of each anchor byte at or after the last line asked (-1: none left).
  const next = bytes.map(() => -2);
  const nextAt = (k: number, from: number) => {
    if (next[k] !== -1 && next[k]! < from) next[k] = hay.indexOf(bytes[k]!, from);
    return next[k]!;
  };
  return (from, to) => {
    let at = from + a;
    for (;;) {
      let hit = -1;
      for (let k = 0; k < bytes.length; k++) {
        const n = nextAt(k, at);
        if (n !== -1 && (hit === -1 || n < hit)) hit = n;
      }
      if (hit === -1 || hit - a + p.m > to) return false;
      if (occursAt(hay, p, hit - a)) return true;
      at = hit + 1;
    }
  };
}

/** Whether bytes [from, to) hold an `"arguments"` key whose value is not a string. */
function nonStringArguments(hay: Uint8Array, from: number, to: number): boolean {
  for (let i = findPattern(hay, ARGUMENTS, from, to); i >= 0; i = findPattern(hay, ARGUMENTS, i + 1, to)) {
    let k = i + ARGUMENTS.m;
    while (k < to && isSpace(hay[k]!)) k++;
    if (k >= to || hay[k] !== 0x3a) continue;
    k++;
    while (k < to && isSpace(hay[k]!)) k++;
    if (k < to && hay[k] !== QUOTE) return true;
  }
  return false;
}

/** Whether a line of the slice may hold a match; `toolCalls`: it is an assistant message with tool calls (the index knows). */
export type LineFilter = (from: number, to: number, toolCalls: boolean) => boolean;

/**
 * The filter of `plan` over the lines of one slice `hay`, asked in ascending order of their offsets
 * (each pattern's scan moves forward only). An assistant's tool-call arguments that are not a
 * string are searched as Python's `str()`, text that is not in the file: such a line, or one with
 * any `\u` escape (which may hide the key), passes.
 */
export function sliceFilter(hay: Uint8Array, plan: FindPlan): LineFilter {
  if (!plan.query) return () => false;
  if (!plan.needle) return () => true;
  const tests = [plan.needle, ...plan.others].map((p) => lineTest(hay, p));
  const escape = lineTest(hay, ESCAPE);
  return (from, to, toolCalls) => {
    for (const t of tests) if (t(from, to)) return true;
    return toolCalls && (escape(from, to) || nonStringArguments(hay, from, to));
  };
}
