/**
 * Replay settings as a version's agent loop uses them, and their round trip through the route
 * params (`max_messages`, `max_tokens`, `ts`, `etu`, `rc`) so a link can carry a replay.
 */
import { agentLoopOptions, DEFAULT_CONTEXT_WINDOW, DEFAULT_GENERATION_MAX_TOKENS, historyBudget, reservedOutput } from '../../../core/replay/budget';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import * as z from 'zod/mini';
import { pg } from '../../i18n/text';
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

/** Quiet time before a control change is written to the link: rewriting the URL (and re-routing) per keystroke costs a few ms of each frame. */
export const LINK_DELAY_MS = 250;

/** True when the settings are the agent loop's (the flags a version does not have do not count). */
export function isAgentLoop(s: ReplaySettings, version: NanobotVersion): boolean {
  const a = agentLoopOptions(version);
  return s.maxMessages === a.maxMessages && s.maxTokens === a.maxTokens && s.extendToUser === a.extendToUser && (!rulesOf(version).timestamps || s.includeTimestamps) && s.includeRuntimeContext;
}

const intParam = z.string().check(z.regex(/^-?\d{1,15}$/));
const flagParam = z.enum(['0', '1']);

/**
 * The link's replay parameters as the app accepts them; each one that fails its schema is dropped
 * (and falls back to the agent loop) on its own, so one bad parameter never loses the others.
 */
const PARAMS = {
  max_messages: intParam,
  max_tokens: intParam,
  ts: flagParam,
  etu: flagParam,
  rc: flagParam,
  upto: z.string().check(z.regex(/^\d{1,15}$/)),
} as const;

type Params = { [K in keyof typeof PARAMS]?: z.infer<(typeof PARAMS)[K]> };

/** The replay params of a link that pass their schema; the rest are left out. */
export function validParams(p: Record<string, string>): Params {
  const out: Record<string, string> = {};
  for (const [k, schema] of Object.entries(PARAMS)) {
    const r = schema.safeParse(p[k]);
    if (r.success) out[k] = r.data;
  }
  return out as Params;
}

/** Settings from route params; anything missing or malformed falls back to the version's agent loop. */
export function settingsFromParams(raw: Record<string, string>, version: NanobotVersion): ReplaySettings {
  const a = agentLoopOptions(version);
  const p = validParams(raw);
  return {
    maxMessages: p.max_messages === undefined ? a.maxMessages : Number(p.max_messages),
    maxTokens: p.max_tokens === undefined ? a.maxTokens : Math.max(0, Number(p.max_tokens)),
    includeTimestamps: p.ts === undefined ? a.includeTimestamps : p.ts === '1',
    extendToUser: p.etu === undefined ? a.extendToUser : p.etu === '1',
    includeRuntimeContext: p.rc === undefined ? a.includeRuntimeContext : p.rc === '1',
  };
}

/**
 * `upto=<n>`: replay the session as of a turn (`messages.slice(0, n)`), from the context chart.
 * Null (the whole session) when absent, malformed, or not shorter than the session.
 */
export function uptoFromParams(raw: Record<string, string>, total: number): number | null {
  const u = validParams(raw).upto;
  if (u === undefined) return null;
  const n = Number(u);
  return n >= 1 && n < total ? n : null;
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

/** "200,000 − 8,192 − 1,024 = 190,784": how nanobot's agent loop gets a budget, in one line (read during render: its one word is translated). */
export function budgetFormula(window: number, gen: number): string {
  const g = reservedOutput(gen);
  const raw = window - g - 1024;
  if (raw > 0) return `${count(window)} − ${count(g)} − 1,024 = ${count(raw)}`;
  return pg().replay.controls.budgetFloor(`${count(window)} − ${count(g)} − 1,024`, `max(128, ${count(window)} // 2) = ${count(historyBudget(window, gen))}`);
}

/**
 * The settings as get_history's own arguments (`max_messages=120, max_tokens=190784, …`), only the
 * ones this version has: identifiers and values read the same in every language, so charts can name them.
 */
export function settingsLine(s: ReplaySettings, version: NanobotVersion): string {
  const rules = rulesOf(version);
  const py = (b: boolean) => (b ? 'True' : 'False');
  return [
    `max_messages=${s.maxMessages}`,
    `max_tokens=${s.maxTokens}`,
    ...(rules.timestamps ? [`include_timestamps=${py(s.includeTimestamps)}`] : []),
    `extend_to_user=${py(s.extendToUser)}`,
    ...(rules.runtimeContext ? [`include_runtime_context=${py(s.includeRuntimeContext)}`] : []),
  ].join(', ');
}
