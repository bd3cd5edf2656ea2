/**
 * The token budget nanobot's agent loop hands to `get_history` (contract E29), so the UI can offer
 * context-window presets that mean what nanobot would do with them.
 */

import { loopMaxMessages, rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import type { ReplayOptions } from './replay';

/** nanobot's default context window and generation max_tokens. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;
export const DEFAULT_GENERATION_MAX_TOKENS = 8_192;

/** Tokens nanobot keeps free beside the generation budget. */
export const BUDGET_MARGIN = 1_024;

/**
 * `context_window − max(1, generation max_tokens or 4096) − 1024`, or `max(128, context_window // 2)`
 * when that is not positive: the history budget nanobot's agent loop passes as `max_tokens`.
 */
export function historyBudget(contextWindow: number, generationMaxTokens: number | null = DEFAULT_GENERATION_MAX_TOKENS): number {
  if (contextWindow <= 0) return 0; // no window: no budget (§44)
  const gen = Math.max(1, generationMaxTokens || 4096);
  const budget = contextWindow - gen - BUDGET_MARGIN;
  return budget > 0 ? budget : Math.max(128, Math.floor(contextWindow / 2));
}

/** 190,784: the budget of nanobot's defaults (200,000 window, 8,192 generation tokens). */
export const DEFAULT_HISTORY_BUDGET = historyBudget(DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS);

/**
 * Exactly what a version's agent loop passes to `get_history` for a user turn (§41–43): the
 * budget of the context window, v0.2 `max_messages` 120 with timestamps, v0.3.0 a count cap from
 * the window, main no cap. Subagent follow-ups pass `extend_to_user`. The window defaults to the version's
 * config default (65,536 up to 0.2.1: a budget of 56,320).
 */
export function agentLoopOptions(version: NanobotVersion, contextWindow = rulesOf(version).defaultContextWindow, generationMaxTokens = DEFAULT_GENERATION_MAX_TOKENS, followUp = false): Required<ReplayOptions> {
  return {
    maxMessages: loopMaxMessages(version, contextWindow),
    maxTokens: historyBudget(contextWindow, generationMaxTokens),
    includeTimestamps: rulesOf(version).timestamps,
    extendToUser: followUp,
    includeRuntimeContext: true,
  };
}
