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
 * The count splits with a scanner of the pattern (`cl100k-split.ts`, held to the regex by a test)
 * and merges over reused typed arrays; a piece that is one token is found without making a string.
 */
import { pieceEnd } from './cl100k-split';
import { buildRankTable, rankOfBytes, rankOfHashed, rankOfSpan, type RankTable } from './rank-table';
import type { TextTokenCounter } from './tokens';

/** The special tokens of tiktoken's cl100k_base; encode() refuses text containing any of them. */
const CL100K_SPECIAL_TOKENS = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|endofprompt|>'];

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
  const pieceMemo = new Map<string, number>();
  const merge = new PieceMerge(ranks);
  const countPiece = (text: string, from: number, to: number): number => {
    // Most pieces are one token: found in the table straight from the text (an ASCII piece is its
    // own UTF-8) or from their bytes, with no string made.
    let h = 0x811c9dc5; // FNV-1a, as the rank table hashes a token
    let i = from;
    for (; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) break;
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (i === to && (to - from < 2 || rankOfSpan(ranks, text, from, to, h) >= 0)) return 1;
    const n = merge.encode(text, from, to);
    if (i < to && (n < 2 || rankOfHashed(ranks, merge.bytes, 0, n, merge.hash) >= 0)) return 1;
    if (to - from > 256) return merge.count(n); // long pieces are rare and would pin memory
    const piece = text.slice(from, to);
    let c = pieceMemo.get(piece);
    if (c === undefined) {
      c = merge.count(n);
      if (pieceMemo.size >= PIECE_MEMO_MAX) pieceMemo.clear();
      pieceMemo.set(piece, c);
    }
    return c;
  };
  return (text) => {
    if (hasSpecialToken(text)) return 'special';
    let total = 0;
    for (let i = 0; i < text.length; ) {
      const end = pieceEnd(text, i);
      total += countPiece(text, i, end);
      i = end;
    }
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

/** Pieces up to this many bytes merge by tiktoken's own quadratic walk over small arrays; longer ones by a heap. */
const SHORT_PIECE = 64;
const NO_RANK = 0x7fffffff;
/** The most of a piece's byte buffer kept between pieces. */
const KEPT_BYTES = 1 << 16;

/**
 * One piece's byte-pair merge over reused typed arrays: its UTF-8 bytes (`encode`), then the number
 * of tokens tiktoken's merge leaves (`count`): repeatedly merge the lowest-ranked adjacent pair,
 * leftmost first.
 */
class PieceMerge {
  bytes = new Uint8Array(1024);
  /** The FNV-1a hash of the bytes `encode` wrote last. */
  hash = 0;
  private starts = new Int32Array(SHORT_PIECE + 1);
  private pairs = new Int32Array(SHORT_PIECE);
  constructor(private readonly ranks: RankTable) {}

  /** Writes text[from, to) as UTF-8 into `bytes` (a lone surrogate as U+FFFD, as tiktoken does), hashing them into `hash`; returns the byte count. */
  encode(text: string, from: number, to: number): number {
    if (this.bytes.length < (to - from) * 3) this.bytes = new Uint8Array((to - from) * 6);
    const b = this.bytes;
    let n = 0;
    let h = 0x811c9dc5; // FNV-1a, as the rank table hashes a token
    for (let i = from; i < to; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        b[n++] = c;
        h = Math.imul(h ^ c, 0x01000193);
        continue;
      }
      const at = n;
      if (c < 0x800) {
        b[n++] = 0xc0 | (c >> 6);
        b[n++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        b[n++] = 0xe0 | (c >> 12);
        b[n++] = 0x80 | ((c >> 6) & 0x3f);
        b[n++] = 0x80 | (c & 0x3f);
      } else {
        const d = i + 1 < to ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          b[n++] = 0xf0 | (c >> 18);
          b[n++] = 0x80 | ((c >> 12) & 0x3f);
          b[n++] = 0x80 | ((c >> 6) & 0x3f);
          b[n++] = 0x80 | (c & 0x3f);
        } else {
          b[n++] = 0xef;
          b[n++] = 0xbf;
          b[n++] = 0xbd;
        }
      }
      for (let k = at; k < n; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
    }
    this.hash = h;
    return n;
  }

  /** Tokens left by the merge of bytes[0, n). */
  count(n: number): number {
    if (n <= SHORT_PIECE) return this.countShort(n);
    const c = mergeCount(this.bytes.subarray(0, n), this.ranks);
    // A huge piece (a long run of one class) does not keep its buffer for the counter's lifetime.
    if (this.bytes.length > KEPT_BYTES) this.bytes = new Uint8Array(1024);
    return c;
  }

  private rank(from: number, to: number): number {
    const r = rankOfBytes(this.ranks, this.bytes, from, to);
    return r < 0 ? NO_RANK : r;
  }

  /** tiktoken's walk: parts start at starts[0..m), pairs[j] is the rank of joining part j with part j + 1. */
  private countShort(n: number): number {
    const starts = this.starts;
    const pairs = this.pairs;
    for (let j = 0; j <= n; j++) starts[j] = j;
    let m = n;
    for (let j = 0; j < m - 1; j++) pairs[j] = this.rank(j, j + 2);
    for (;;) {
      let best = NO_RANK;
      let at = -1;
      for (let j = 0; j < m - 1; j++) {
        if (pairs[j]! < best) {
          best = pairs[j]!;
          at = j;
        }
      }
      if (at < 0) return m;
      // Part at + 1 joins part at: the starts and pair ranks after it move down by one.
      starts.copyWithin(at + 1, at + 2, m + 1);
      pairs.copyWithin(at + 1, at + 2, m - 1);
      m--;
      if (at < m - 1) pairs[at] = this.rank(starts[at]!, starts[at + 2]!);
      if (at > 0) pairs[at - 1] = this.rank(starts[at - 1]!, starts[at + 1]!);
    }
  }
}

/**
 * Number of tokens tiktoken's byte-pair merge leaves for one long piece: repeatedly merge the
 * lowest-ranked adjacent pair, leftmost first. A heap keeps long pieces O(n log n).
 */
function mergeCount(b: Uint8Array, ranks: RankTable): number {
  const n = b.length;
  // Parts are named by their first byte; next[p] is where the part after p starts (n: none).
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const pairRank = new Float64Array(n).fill(Infinity); // rank of merging part p with its next
  const heap = new MinHeap();
  const rankAt = (p: number): number => {
    const q = next[p]!;
    if (q >= n) return Infinity;
    const r = rankOfBytes(ranks, b, p, next[q]!);
    return r < 0 ? Infinity : r;
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
