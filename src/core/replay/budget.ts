/**
 * The token budget nanobot's agent loop hands to `get_history` (contract E29), so the UI can offer
 * context-window presets that mean what nanobot would do with them.
 */

import { loopMaxMessages, rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import type { ReplayOptions } from './replay';
import type { PyError } from '../python/pyjson';
import { isPyWhitespace, pyStrip } from '../python/pytext';
import { PyFloat, pyTypeName, type PyValue } from '../python/pyvalue';
import { newerThanUnicode14 } from '../python/unicode14';

/** nanobot's default context window and generation max_tokens. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;
export const DEFAULT_GENERATION_MAX_TOKENS = 8_192;

/** Tokens nanobot keeps free beside the generation budget. */
const BUDGET_MARGIN = 1_024;

/**
 * Python's `int(value)` on what a config's `max_tokens` can hold, or the exception it raises: nanobot's
 * loop keeps the int, falls back to 4096 on TypeError/ValueError, and lets OverflowError through.
 * `undefined` is a provider whose generation settings were never given one (their default, 4096).
 */
function reservedOutputInt(maxTokens: unknown): bigint | PyError {
  if (maxTokens === undefined) return 4096n;
  if (typeof maxTokens === 'boolean') return maxTokens ? 1n : 0n;
  if (typeof maxTokens === 'bigint') return maxTokens;
  const float = maxTokens instanceof PyFloat ? maxTokens.value : typeof maxTokens === 'number' && !Number.isInteger(maxTokens) ? maxTokens : null;
  if (float !== null) {
    if (Number.isNaN(float)) return { type: 'ValueError', message: 'cannot convert float NaN to integer' };
    if (!Number.isFinite(float)) return { type: 'OverflowError', message: 'cannot convert float infinity to integer' };
    return BigInt(Math.trunc(float)); // int() truncates toward zero
  }
  if (typeof maxTokens === 'number') return BigInt(maxTokens);
  if (typeof maxTokens === 'string') return pyIntOfText(maxTokens);
  return { type: 'TypeError', message: `int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(maxTokens as PyValue)}'` };
}

/** CPython's limit on the digits `int(str)` converts (sys.int_info.default_max_str_digits). */
const INT_MAX_STR_DIGITS = 4300;
const PY_INT_TEXT = /^[+-]?[0-9]+(?:_[0-9]+)*$/;

/** `int(text)` in base 10: Python whitespace around it, any Unicode 14 decimal digit, single underscores between digits. */
function pyIntOfText(text: string): bigint | PyError {
  let ascii = '';
  for (const ch of pyStrip(text)) {
    const cp = ch.codePointAt(0)!;
    ascii += cp >= 0x80 && /\p{Nd}/u.test(ch) && !newerThanUnicode14(cp) ? String(decimalValue(cp)) : isPyWhitespace(ch) ? ' ' : ch;
  }
  const invalid: PyError = { type: 'ValueError', message: `invalid literal for int() with base 10: ${JSON.stringify(text)}` };
  if (!PY_INT_TEXT.test(ascii)) return invalid;
  const digits = ascii.replace(/[^0-9]/g, '');
  if (digits.length > INT_MAX_STR_DIGITS) return { type: 'ValueError', message: `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion` };
  return (ascii.startsWith('-') ? -1n : 1n) * BigInt(digits);
}

/** A decimal digit's value: Unicode assigns them in runs of ten, zero first. */
function decimalValue(cp: number): number {
  let n = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - n - 1))) n++;
  return n % 10;
}

/**
 * nanobot's `_replay_token_budget`: `context_window − max(1, int(max_tokens)) − 1024`, 4096 for a
 * max_tokens `int()` refuses, `max(128, context_window // 2)` when that is not positive, 0 without a
 * window; the PyError when `int()` overflows (a float infinity), which the loop does not catch.
 */
export function replayTokenBudget(contextWindow: number, maxTokens: unknown): number | PyError {
  if (contextWindow <= 0) return 0; // no window: no budget (§44)
  const int = reservedOutputInt(maxTokens);
  if (typeof int !== 'bigint' && int.type === 'OverflowError') return int;
  const reserved = typeof int === 'bigint' ? (int > 1n ? int : 1n) : 4096n;
  const budget = BigInt(contextWindow) - reserved - BigInt(BUDGET_MARGIN);
  return budget > 0n ? Number(budget) : Math.max(128, Math.floor(contextWindow / 2));
}

/**
 * The history budget for a generation max_tokens typed as a number (the UI's field, the defaults):
 * `replayTokenBudget`, where a number that is no int (NaN, ±Infinity) counts as one `int()` refuses.
 */
export function historyBudget(contextWindow: number, generationMaxTokens: number): number {
  const b = replayTokenBudget(contextWindow, Number.isFinite(generationMaxTokens) ? generationMaxTokens : null);
  return typeof b === 'number' ? b : 0;
}

/** What nanobot's loop reserves for the reply, as the formula shows it: `max(1, int(max_tokens))`, 4096 when `int()` refuses. */
export function reservedOutput(generationMaxTokens: number): number {
  const int = reservedOutputInt(Number.isFinite(generationMaxTokens) ? generationMaxTokens : null);
  return typeof int === 'bigint' ? Number(int > 1n ? int : 1n) : 4096;
}

/**
 * Exactly what a version's agent loop passes to `get_history` for a user turn (§41–43): the
 * budget of the context window (none before 0.1.5.post3), 0.1.4 `memory_window` 50, post2–post4 100,
 * post5–0.1.5.post2 every unconsolidated message, 0.1.5.post3–v0.2 `max_messages` 120 with timestamps,
 * v0.3.0 a count cap from the window, main no cap. Subagent follow-ups pass `extend_to_user`. The window defaults to the version's
 * config default (65,536 up to 0.2.1: a budget of 56,320).
 */
export function agentLoopOptions(version: NanobotVersion, contextWindow = rulesOf(version).defaultContextWindow, generationMaxTokens = DEFAULT_GENERATION_MAX_TOKENS, followUp = false): Required<ReplayOptions> {
  return {
    maxMessages: loopMaxMessages(version, contextWindow),
    // Before 0.1.5.post3 the loop hands no budget (get_history has no max_tokens).
    maxTokens: rulesOf(version).replayBudget ? historyBudget(contextWindow, generationMaxTokens) : 0,
    includeTimestamps: rulesOf(version).timestamps,
    extendToUser: followUp,
    includeRuntimeContext: true,
  };
}
