/**
 * nanobot's `estimate_message_tokens(message)`: the token cost get_history's budget walk charges
 * for one provider message. Pure: the cl100k counter is passed in (see `tokenizer.ts`), so the
 * app can show everything else before the big BPE tables have loaded.
 */
import { loneSurrogateIndex } from '../python/lines';
import { codePointLength, isSurrogate } from '../python/pytext';
import { pyDumps, type PyError } from '../python/pyjson';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { dictGet, isDict, pyTypeName, truthy, type PyDict, type PyValue } from '../python/pyvalue';

/** cl100k token count of a text, or `'special'` when tiktoken would refuse it (a special token). */
export type TextTokenCounter = (text: string) => number | 'special';

/** The Python exception the estimator raises (a truthy non-str text block breaks `"\n".join`). */
export class TokenEstimateError extends Error {
  constructor(readonly error: PyError) {
    super(`${error.type}: ${error.message}`);
  }
}

function nonEmptyStr(v: PyValue | undefined): v is string {
  return typeof v === 'string' && v.length > 0;
}

/**
 * The text nanobot tokenizes for a message: its parts joined by `\n` (see contract E28). Throws
 * TokenEstimateError where Python's join would raise, so callers can report nanobot's crash.
 */
export function tokenPayload(message: PyDict, version: NanobotVersion): string {
  const rules = rulesOf(version);
  const skipNonString = rules.nonStringTextBlock === 'skip';
  const parts: PyValue[] = [];
  const content = dictGet(message, 'content');
  if (typeof content === 'string') parts.push(content);
  else if (Array.isArray(content)) {
    for (const part of content) {
      if (isDict(part) && dictGet(part, 'type') === 'text') {
        const text = dictGet(part, 'text') ?? '';
        // A truthy non-str: v0.2/v0.3.0 keep it (join raises below); main skips it.
        if (truthy(text) && !(skipNonString && typeof text !== 'string')) parts.push(text);
      } else parts.push(pyDumps(part));
    }
  } else if (content !== undefined && content !== null) parts.push(pyDumps(content));
  for (const key of ['name', 'tool_call_id']) {
    const v = dictGet(message, key);
    if (nonEmptyStr(v)) parts.push(v);
  }
  const toolCalls = dictGet(message, 'tool_calls');
  if (truthy(toolCalls)) parts.push(pyDumps(toolCalls!));
  const reasoning = dictGet(message, 'reasoning_content');
  // post5's estimator does not count the reasoning (and before it there is no estimator: post5's stands in).
  if (nonEmptyStr(reasoning) && rules.tokenEstimate === 'plus-four') parts.push(reasoning);
  const bad = parts.findIndex((p) => typeof p !== 'string');
  if (bad >= 0) {
    const message = `sequence item ${bad}: expected str instance, ${pyTypeName(parts[bad]!)} found`;
    throw new TokenEstimateError({ type: 'TypeError', message });
  }
  return (parts as string[]).join('\n');
}

/**
 * nanobot's estimate: 4 for an empty payload, else max(4, tokens + 4); when tiktoken refuses a
 * special token, v0.2 `max(4, len(payload) // 4 + 4)`, later `max(4, utf8 bytes + 4)` (§47).
 * 0.1.4.post5 (row `tokenEstimate` 'bare') counts without the + 4. Throws TokenEstimateError like nanobot.
 */
export function estimateMessageTokens(message: PyDict, count: TextTokenCounter, version: NanobotVersion): number {
  const payload = tokenPayload(message, version);
  if (rulesOf(version).tokenEstimate !== 'plus-four') return bareEstimate(payload, count);
  if (!payload) return 4;
  const tokens = count(payload);
  if (tokens !== 'special') return Math.max(4, tokens + 4);
  if (rulesOf(version).specialTokenFallback === 'utf8-bytes') {
    // The fallback's `payload.encode("utf-8")` is outside the try: a lone surrogate raises out of the estimate.
    const error = utf8EncodeError(payload);
    if (error) throw new TokenEstimateError(error);
    return Math.max(4, new TextEncoder().encode(payload).length + 4);
  }
  return Math.max(4, Math.floor(codePointLength(payload) / 4) + 4);
}

/** 0.1.4.post5's estimate (row `tokenEstimate` 'bare'): 1 for an empty payload, else max(1, tokens); refused, `len // 4`. */
function bareEstimate(payload: string, count: TextTokenCounter): number {
  if (!payload) return 1;
  const tokens = count(payload);
  return Math.max(1, tokens === 'special' ? Math.floor(codePointLength(payload) / 4) : tokens);
}

/**
 * The UnicodeEncodeError of Python's `text.encode("utf-8")`, or null: it names the first lone
 * surrogate and the run of surrogate code points that follows it (`position 1-3`), in code points.
 */
export function utf8EncodeError(text: string): PyError | null {
  const at = loneSurrogateIndex(text);
  if (at < 0) return null;
  const start = codePointLength(text.slice(0, at));
  // Later surrogate code points in the run are lone too (a pair is one code point, not a surrogate).
  let end = at + 1;
  while (end < text.length && isSurrogate(text.charCodeAt(end)) && loneSurrogateIndex(text.slice(end, end + 2)) === 0) end++;
  const n = end - at;
  const where = n === 1 ? `character '\\u${text.charCodeAt(at).toString(16)}' in position ${start}` : `characters in position ${start}-${start + n - 1}`;
  return { type: 'UnicodeEncodeError', message: `'utf-8' codec can't encode ${where}: surrogates not allowed` };
}
