/**
 * tiktoken's cl100k pre-tokenizer as the regex the golden names (`tokenizer_pat_str`): the oracle
 * the counter's hand-written scanner (src/core/tokens/cl100k-split.ts) is checked against.
 */

/** Rust regex `\s` (Unicode White_Space), spelled out because JS `\s` adds U+FEFF. */
const WS = String.raw`\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;

/** tiktoken's cl100k pre-tokenizer under Rust semantics (`(?i:'s|…)` expanded, `'ſ` included). */
export const CL100K_PATTERN =
  String.raw`('s|'S|'ſ|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)` +
  String.raw`|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^${WS}\p{L}\p{N}]+[\r\n]*|[${WS}]*[\r\n]+` +
  `|[${WS}]+(?![^${WS}])|[${WS}]+`;
