/**
 * Replay settings as a version's agent loop uses them, and their round trip through the route
 * params (`max_messages`, `max_tokens`, `ts`, `etu`, `rc`) so a link can carry a replay.
 */
import { agentLoopOptions, DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS, historyBudget } from '../../../core/budget';
import type { NanobotVersion } from '../../../core/nanobot-version';
import { count } from '../text';

export interface ReplaySettings {
  maxMessages: number;
  maxTokens: number;
  /** v0.2 only. */
  includeTimestamps: boolean;
  extendToUser: boolean;
  /** v0.3.0+: false is the public view people see in the WebUI. */
  includeRuntimeContext: boolean;
}

/** Exactly what a version's agent loop passes to get_history (default 200k window, 8,192 output). */
export function agentLoop(version: NanobotVersion): ReplaySettings {
  return agentLoopOptions(version);
}

/** True when the settings are the agent loop's (the flags a version does not have do not count). */
export function isAgentLoop(s: ReplaySettings, version: NanobotVersion): boolean {
  const a = agentLoop(version);
  return s.maxMessages === a.maxMessages && s.maxTokens === a.maxTokens && s.extendToUser === a.extendToUser && (version !== 'v0.2' || s.includeTimestamps) && s.includeRuntimeContext;
}

function int(v: string | undefined, fallback: number): number {
  if (v === undefined || !/^-?\d+$/.test(v)) return fallback;
  return Number(v);
}

/** Settings from route params; anything missing or malformed falls back to the version's agent loop. */
export function settingsFromParams(p: Record<string, string>, version: NanobotVersion): ReplaySettings {
  const a = agentLoop(version);
  return {
    maxMessages: int(p.max_messages, a.maxMessages),
    maxTokens: Math.max(0, int(p.max_tokens, a.maxTokens)),
    includeTimestamps: p.ts === undefined ? a.includeTimestamps : p.ts !== '0',
    extendToUser: p.etu === undefined ? a.extendToUser : p.etu === '1',
    includeRuntimeContext: p.rc === undefined ? a.includeRuntimeContext : p.rc !== '0',
  };
}

/** Route params for settings, keeping the params the view does not own (`file`, `folder`, `nanobot`, …). */
export function settingsToParams(s: ReplaySettings, base: Record<string, string>): Record<string, string> {
  const { line: _line, ...rest } = base;
  return {
    ...rest,
    max_messages: String(s.maxMessages),
    max_tokens: String(s.maxTokens),
    ts: s.includeTimestamps ? '1' : '0',
    etu: s.extendToUser ? '1' : '0',
    ...(s.includeRuntimeContext ? {} : { rc: '0' }),
  };
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
