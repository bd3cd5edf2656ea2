/**
 * cl100k_base token counts exactly as tiktoken gives them, on gpt-tokenizer's rank table.
 *
 * gpt-tokenizer's own cl100k encoder differs from tiktoken in ways that change counts, so only
 * its rank table is used and the split and merge are done here:
 * - its split regex uses JS `\s`, which also matches U+FEFF (Rust's `\s` does not), and its
 *   contractions miss `'ſ` (Rust's `(?i)` folds U+017F to `s`);
 * - its merge looks byte pairs up through a BOM-stripping TextDecoder, so the eight tokens that
 *   start with U+FEFF are never found (or found as the token without the BOM);
 * - it knows `<|im_start|>`, `<|im_end|>`, `<|im_sep|>`, which tiktoken's cl100k_base treats
 *   as plain text.
 * The rank table is ~1 MB, so it is loaded by dynamic import (its own chunk, never first paint).
 */
import { buildRankTable, rankOf, type RankTable } from './rank-table';
import type { TextTokenCounter } from './tokens';

/** Rust regex `\s` (Unicode White_Space), spelled out because JS `\s` adds U+FEFF. */
const WS = String.raw`\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;

/** tiktoken's cl100k pre-tokenizer under Rust semantics (`(?i:'s|…)` expanded, `'ſ` included). */
export const CL100K_PATTERN =
  String.raw`('s|'S|'ſ|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)` +
  String.raw`|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^${WS}\p{L}\p{N}]+[\r\n]*|[${WS}]*[\r\n]+` +
  `|[${WS}]+(?![^${WS}])|[${WS}]+`;

/** The special tokens of tiktoken's cl100k_base; encode() refuses text containing any of them. */
export const CL100K_SPECIAL_TOKENS = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|endofprompt|>'];

const SPECIAL = new RegExp(CL100K_SPECIAL_TOKENS.map((t) => t.replace(/\|/g, '\\|')).join('|'));

/** True when tiktoken's default `encode(text)` would raise for a disallowed special token. */
export function hasSpecialToken(text: string): boolean {
  return text.includes('<|') && SPECIAL.test(text);
}

/** Memo limits: payloads repeat across history windows, but huge ones should not pin memory. */
const MEMO_MAX_KEY = 1 << 16;
const MEMO_MAX_CHARS = 1 << 24;
const PIECE_MEMO_MAX = 1 << 16;

let loading: Promise<TextTokenCounter> | null = null;

/**
 * The rank table as the CLI bundle ships it (scripts/build-cli.mjs): every token's UTF-8 bytes, one
 * char per byte, in rank order as one string, and each token's length as one char. It loads as two
 * string literals, with no array of 100,256 values to build or keep.
 */
export interface PackedTokens {
  bytes: string;
  lengths: string;
}

/** gpt-tokenizer's table (rank → token text, or its bytes when not UTF-8), or the same packed. */
export type RankSource = readonly (string | readonly number[])[] | PackedTokens;

/** The cl100k counter, loaded once on first use; safe to call from the app, the CLI and tests. */
export function loadTokenizer(): Promise<TextTokenCounter> {
  loading ??= import('gpt-tokenizer/bpeRanks/cl100k_base').then((m) => memoize(cl100kCounter(m.default as RankSource)));
  loading.catch(() => (loading = null)); // a failed chunk load may be retried
  return loading;
}

/** The table packed (see PackedTokens): what the CLI's build writes, and what a counter is built from. */
export function packTokens(table: readonly (string | readonly number[])[]): PackedTokens {
  const bytes: string[] = [];
  let lengths = '';
  for (const t of table) {
    const b = typeof t === 'string' ? utf8Bytes(t) : String.fromCharCode(...t);
    bytes.push(b);
    lengths += String.fromCharCode(b.length);
  }
  return { bytes: bytes.join(''), lengths };
}

/** Builds the counter from the rank table, or over a lookup already built (`rank-table.ts`). */
export function cl100kCounter(table: RankSource | RankTable): TextTokenCounter {
  const ranks = 'slots' in table ? table : buildRankTable('bytes' in table ? table : packTokens(table));
  const split = new RegExp(CL100K_PATTERN, 'gu');
  const pieceMemo = new Map<string, number>();
  const countPiece = (piece: string): number => {
    let n = pieceMemo.get(piece);
    if (n === undefined) {
      n = mergeCount(utf8Bytes(piece), ranks);
      if (piece.length > 256) return n; // long pieces are rare and would pin memory
      if (pieceMemo.size >= PIECE_MEMO_MAX) pieceMemo.clear();
      pieceMemo.set(piece, n);
    }
    return n;
  };
  return (text) => {
    if (hasSpecialToken(text)) return 'special';
    let total = 0;
    for (const [piece] of text.matchAll(split)) total += countPiece(piece);
    return total;
  };
}

const encoder = new TextEncoder();
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** UTF-8 bytes as a one-char-per-byte string; lone surrogates become U+FFFD, as tiktoken does. */
function utf8Bytes(s: string): string {
  if (ASCII.test(s)) return s;
  const bytes = encoder.encode(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/**
 * Number of tokens tiktoken's byte-pair merge leaves for one piece: repeatedly merge the
 * lowest-ranked adjacent pair, leftmost first. A heap keeps long pieces O(n log n).
 */
function mergeCount(b: string, ranks: RankTable): number {
  const n = b.length;
  if (n < 2 || rankOf(ranks, b, 0, n) !== Infinity) return 1;
  // Parts are named by their first byte; next[p] is where the part after p starts (n: none).
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const pairRank = new Float64Array(n).fill(Infinity); // rank of merging part p with its next
  const heap = new MinHeap();
  const rankAt = (p: number): number => {
    const q = next[p]!;
    return q >= n ? Infinity : rankOf(ranks, b, p, next[q]!);
  };
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < n - 1; i++) {
    pairRank[i] = rankAt(i);
    if (pairRank[i]! < Infinity) heap.push(pairRank[i]! * 2 ** 32 + i);
  }
  let parts = n;
  for (let key = heap.pop(); key !== undefined; key = heap.pop()) {
    const p = key % 2 ** 32;
    const rank = (key - p) / 2 ** 32;
    if (pairRank[p] !== rank) continue; // stale: p was merged away or its pair changed
    const q = next[p]!;
    next[p] = next[q]!;
    if (next[p]! < n) prev[next[p]!] = p;
    pairRank[q] = Infinity;
    parts--;
    for (const r of [p, prev[p]!]) {
      if (r < 0) continue;
      pairRank[r] = rankAt(r);
      if (pairRank[r]! < Infinity) heap.push(pairRank[r]! * 2 ** 32 + r);
    }
  }
  return parts;
}

/** A binary min-heap of numbers (rank · 2³² + position, so ties go to the leftmost pair). */
class MinHeap {
  private a: number[] = [];
  push(x: number): void {
    const a = this.a;
    let i = a.push(x) - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (a[up]! <= x) break;
      a[i] = a[up]!;
      i = up;
    }
    a[i] = x;
  }
  pop(): number | undefined {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= a.length) break;
      if (c + 1 < a.length && a[c + 1]! < a[c]!) c++;
      if (a[c]! >= last) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
    return top;
  }
}

/** Wraps a counter with a text → count cache bounded by total cached characters. */
export function memoize(count: TextTokenCounter): TextTokenCounter {
  const memo = new Map<string, number | 'special'>();
  let chars = 0;
  return (text) => {
    const hit = memo.get(text);
    if (hit !== undefined) return hit;
    const r = count(text);
    if (text.length <= MEMO_MAX_KEY) {
      if (chars + text.length > MEMO_MAX_CHARS) {
        memo.clear();
        chars = 0;
      }
      memo.set(text, r);
      chars += text.length;
    }
    return r;
  };
}
