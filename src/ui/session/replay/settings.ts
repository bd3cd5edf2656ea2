/**
 * Replay settings as the agent loop uses them, and their round trip through the route params
 * (`max_messages`, `max_tokens`, `ts`, `etu`) so a link can carry a replay.
 */
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS, DEFAULT_HISTORY_BUDGET, historyBudget } from '../../../core/budget';
import { count } from '../text';

export interface ReplaySettings {
  maxMessages: number;
  maxTokens: number;
  includeTimestamps: boolean;
  extendToUser: boolean;
}

/** Exactly what nanobot's agent loop passes to get_history. */
export const AGENT_LOOP: ReplaySettings = { maxMessages: 120, maxTokens: DEFAULT_HISTORY_BUDGET, includeTimestamps: true, extendToUser: false };

function int(v: string | undefined, fallback: number): number {
  if (v === undefined || !/^-?\d+$/.test(v)) return fallback;
  return Number(v);
}

/** Settings from route params; anything missing or malformed falls back to the agent loop's. */
export function settingsFromParams(p: Record<string, string>): ReplaySettings {
  return {
    maxMessages: int(p.max_messages, AGENT_LOOP.maxMessages),
    maxTokens: Math.max(0, int(p.max_tokens, AGENT_LOOP.maxTokens)),
    includeTimestamps: p.ts === undefined ? AGENT_LOOP.includeTimestamps : p.ts !== '0',
    extendToUser: p.etu === undefined ? AGENT_LOOP.extendToUser : p.etu === '1',
  };
}

/** Route params for settings, keeping the params the view does not own (`file`, `folder`, …). */
export function settingsToParams(s: ReplaySettings, base: Record<string, string>): Record<string, string> {
  const { line: _line, ...rest } = base;
  return { ...rest, max_messages: String(s.maxMessages), max_tokens: String(s.maxTokens), ts: s.includeTimestamps ? '1' : '0', etu: s.extendToUser ? '1' : '0' };
}

/** Common context windows, to pick a budget the way nanobot derives it. */
export const CONTEXT_WINDOWS: { label: string; tokens: number }[] = [
  { label: '8k', tokens: 8_192 },
  { label: '32k', tokens: 32_768 },
  { label: '128k', tokens: 128_000 },
  { label: '200k', tokens: DEFAULT_CONTEXT_WINDOW },
  { label: '1M', tokens: 1_000_000 },
];

export { DEFAULT_GENERATION_MAX_TOKENS, historyBudget };

/** "200,000 − 8,192 − 1,024 = 190,784": how nanobot's agent loop gets a budget, in one line. */
export function budgetFormula(window: number, gen: number): string {
  const g = Math.max(1, gen || 4096);
  const raw = window - g - 1024;
  if (raw > 0) return `${count(window)} − ${count(g)} − 1,024 = ${count(raw)}`;
  return `${count(window)} − ${count(g)} − 1,024 ≤ 0, so max(128, ${count(window)} // 2) = ${count(historyBudget(window, gen))}`;
}
