/**
 * cl100k_base token counts exactly as tiktoken gives them, on gpt-tokenizer's BPE tables.
 *
 * gpt-tokenizer's own cl100k encoding differs from tiktoken in two ways that change counts, so
 * only its BPE core and rank table are used:
 * - its split regex uses JS `\s`, which also matches U+FEFF (Rust's `\s` does not), and its
 *   contractions miss `'ſ` (Rust's `(?i)` folds U+017F to `s`);
 * - it knows `<|im_start|>`, `<|im_end|>`, `<|im_sep|>`, which tiktoken's cl100k_base treats
 *   as plain text.
 * The rank table is ~1 MB, so it is loaded by dynamic import (its own chunk, never first paint).
 */
import type { TextTokenCounter } from './tokens';

/** Rust regex `\s` (Unicode White_Space), spelled out because JS `\s` adds U+FEFF. */
const WS = String.raw`\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;

/** tiktoken's cl100k pre-tokenizer under Rust semantics (`(?i:'s|…)` expanded, `'ſ` included). */
export const CL100K_PATTERN =
  String.raw`('s|'S|'ſ|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)` +
  String.raw`|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^${WS}\p{L}\p{N}]+[\r\n]*|[${WS}]*[\r\n]+` +
  `|[${WS}]+(?![^${WS}])|[${WS}]+`;

/** The special tokens of tiktoken's cl100k_base; encode() refuses text containing any of them. */
export const CL100K_SPECIAL_TOKENS = new Map([
  ['<|endoftext|>', 100257],
  ['<|fim_prefix|>', 100258],
  ['<|fim_middle|>', 100259],
  ['<|fim_suffix|>', 100260],
  ['<|endofprompt|>', 100276],
]);

const SPECIAL = new RegExp([...CL100K_SPECIAL_TOKENS.keys()].map((t) => t.replace(/\|/g, '\\|')).join('|'));

/** True when tiktoken's default `encode(text)` would raise for a disallowed special token. */
export function hasSpecialToken(text: string): boolean {
  return text.includes('<|') && SPECIAL.test(text);
}

/** Memo limits: payloads repeat across history windows, but huge ones should not pin memory. */
const MEMO_MAX_KEY = 1 << 16;
const MEMO_MAX_CHARS = 1 << 24;

let loading: Promise<TextTokenCounter> | null = null;

/** The cl100k counter, loaded once on first use; safe to call from the app, the CLI and tests. */
export function loadTokenizer(): Promise<TextTokenCounter> {
  loading ??= (async () => {
    const [{ BytePairEncodingCore }, ranks] = await Promise.all([
      import('gpt-tokenizer/BytePairEncodingCore'),
      import('gpt-tokenizer/bpeRanks/cl100k_base'),
    ]);
    const core = new BytePairEncodingCore({
      bytePairRankDecoder: ranks.default,
      specialTokensEncoder: CL100K_SPECIAL_TOKENS, // never allowed, so never emitted
      tokenSplitRegex: new RegExp(CL100K_PATTERN, 'gu'),
    });
    return memoize((text) => (hasSpecialToken(text) ? 'special' : core.countNative(text)));
  })();
  loading.catch(() => (loading = null)); // a failed chunk load may be retried
  return loading;
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
