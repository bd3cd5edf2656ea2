/**
 * nanobot's `Session.get_history()`: what the agent sends back to the model, plus the fate of every
 * message of the file (kept, or why it was left out) and what was changed on the way.
 */
import type { PyError } from './pyjson';
import { pyStr } from './pyrepr';
import { pyStrip } from './pytext';
import { dictGet, isDict, pyTypeName, truthy, type PyDict, type PyValue } from './pyvalue';
import { sanitizeAssistantReplayText } from './sanitize';

export interface ReplayOptions {
  maxMessages?: number;
  maxTokens?: number;
  includeTimestamps?: boolean;
  extendToUser?: boolean;
}

/** Why a message is not in the replay. */
export type DropReason =
  | 'consolidated' // below last_consolidated: archived to memory
  | 'window' // outside the max_messages window
  | 'before-user' // before the first user turn of the window
  | 'orphan' // a tool result whose call is not in the replay
  | 'before-orphan' // cut together with a later orphan tool result
  | 'command' // a slash-command row (_command)
  | 'blank' // an assistant message with nothing to say
  | 'budget' // over the token budget
  | 'budget-cut'; // fits the budget, but before the user turn the replay is cut to after it

export type Change = 'sanitized' | 'breadcrumbs' | 'timestamp';

export type Fate = { kept: true; entry: number; changes: Change[] } | { kept: false; reason: DropReason };

export interface ReplayResult {
  /** The exact provider messages, keys in nanobot's order. */
  entries: PyDict[];
  /** Index into the session's messages of each entry. */
  sources: number[];
  /** One per message of the session. */
  fates: Fate[];
  /** Token estimate of each entry, when a budget was applied or a counter was given. */
  tokens: number[] | null;
  /** The exception nanobot would raise, and the message that makes it raise. */
  error: (PyError & { message_index: number }) | null;
}

export type TokenCounter = (entry: PyDict, source: number) => number;

const ENTRY_FIELDS = ['tool_calls', 'tool_call_id', 'name', 'reasoning_content', 'thinking_blocks'] as const;

class Raise {
  constructor(readonly error: PyError, readonly index: number) {}
}

function role(m: PyDict): PyValue | undefined {
  return dictGet(m, 'role');
}

/** Python iteration over `msg.get("tool_calls") or []`, which raises on non-iterables. */
function iterate(v: PyValue, index: number): PyValue[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return Array.from(v);
  if (isDict(v)) return Object.keys(v);
  throw new Raise({ type: 'TypeError', message: `'${pyTypeName(v)}' object is not iterable` }, index);
}

/**
 * Contract E21: the first index from which every tool result answers a call declared after it.
 * `idx` maps positions to message indices (for error reporting).
 */
export function legalStart(messages: PyDict[], idx: (i: number) => number = (i) => i): number {
  let declared = new Set<string>();
  let start = 0;
  messages.forEach((m, i) => {
    const r = role(m);
    if (r === 'assistant') {
      const calls = dictGet(m, 'tool_calls');
      for (const tc of truthy(calls) ? iterate(calls!, idx(i)) : []) {
        if (isDict(tc)) {
          const id = dictGet(tc, 'id');
          if (truthy(id)) declared.add(pyStr(id!));
        }
      }
    } else if (r === 'tool') {
      const id = dictGet(m, 'tool_call_id');
      if (truthy(id) && !declared.has(pyStr(id!))) {
        start = i + 1;
        declared = new Set();
      }
    }
  });
  return start;
}

/** Token counting can raise a Python error (reported as `{error}` on the thrown object). */
function countOrRaise(count: TokenCounter, entry: PyDict, source: number): number {
  try {
    return count(entry, source);
  } catch (e) {
    const err = (e as { error?: PyError } | null)?.error;
    if (err && typeof err.type === 'string') throw new Raise(err, source);
    throw e;
  }
}

function firstUser(ms: PyDict[]): number {
  return ms.findIndex((m) => role(m) === 'user');
}

/** Contract E23: media, CLI-app and MCP-preset breadcrumbs on user string content. */
function withBreadcrumbs(m: PyDict, content: string): string {
  const blocks: string[] = [];
  const media = dictGet(m, 'media');
  if (Array.isArray(media) && media.length) {
    blocks.push(media.filter((p): p is string => typeof p === 'string' && p !== '').map((p) => `[image: ${p}]`).join('\n'));
  }
  const apps = dictGet(m, 'cli_apps');
  if (Array.isArray(apps) && apps.length) {
    const lines: string[] = [];
    for (const app of apps.slice(0, 8)) {
      if (!isDict(app)) continue;
      const name = attachmentName(dictGet(app, 'name'));
      if (!name) continue;
      const entry = strOr(dictGet(app, 'entry_point'), 'unknown');
      lines.push(`[CLI App Attachment: @${name}; tool=run_cli_app; entry_point=${entry}; skill=skills/cli-app-${name}/SKILL.md]`);
    }
    if (lines.length) blocks.push(lines.join('\n'));
  }
  const presets = dictGet(m, 'mcp_presets');
  if (Array.isArray(presets) && presets.length) {
    const lines: string[] = [];
    for (const p of presets.slice(0, 8)) {
      if (!isDict(p)) continue;
      const name = attachmentName(dictGet(p, 'name'));
      if (!name) continue;
      const tr = dictGet(p, 'transport');
      lines.push(`[MCP Preset Attachment: @${name}; tool_prefix=mcp_${name}_; transport=${strOr(tr, 'mcp')}]`);
    }
    if (lines.length) blocks.push(lines.join('\n'));
  }
  for (const b of blocks) content = content ? content + '\n' + b : b;
  return content;
}

/** `str(v or "").strip() or fallback` */
function strOr(v: PyValue | undefined, fallback: string): string {
  return pyStrip(truthy(v) ? pyStr(v!) : '') || fallback;
}

/** `str(name or "").strip().lower()` */
function attachmentName(v: PyValue | undefined): string {
  return pyStrip(truthy(v) ? pyStr(v!) : '').toLowerCase();
}

/** nanobot's `get_history(...)` on a loaded session, explained message by message. */
export function getHistory(
  messages: PyDict[],
  lastConsolidated: number,
  opts: ReplayOptions = {},
  countTokens?: TokenCounter,
): ReplayResult {
  let maxMessages = opts.maxMessages ?? 120;
  const maxTokens = opts.maxTokens ?? 0;
  if (maxMessages <= 0) maxMessages = 120;
  const fates: Fate[] = new Array(messages.length);
  const drop = (from: number, to: number, reason: DropReason) => {
    for (let i = from; i < to; i++) fates[i] = { kept: false, reason };
  };
  drop(0, lastConsolidated, 'consolidated');
  const base = lastConsolidated;
  const n = messages.length - base;
  let start = Math.max(0, n - maxMessages);
  if (opts.extendToUser && n > maxMessages) {
    const window = messages.slice(base + start);
    if (firstUser(window) < 0) {
      for (let i = start - 1; i >= 0; i--) {
        if (role(messages[base + i]!) === 'user') {
          start = i > 0 && truthy(dictGet(messages[base + i - 1]!, '_channel_delivery')) ? i - 1 : i;
          break;
        }
      }
    }
  }
  drop(base, base + start, 'window');
  let from = base + start;
  const fu = firstUser(messages.slice(from));
  if (fu > 0) {
    const cut = truthy(dictGet(messages[from + fu - 1]!, '_channel_delivery')) ? fu - 1 : fu;
    drop(from, from + cut, 'before-user');
    from += cut;
  }
  try {
    const ls = legalStart(messages.slice(from), (i) => from + i);
    if (ls > 0) {
      drop(from, from + ls - 1, 'before-orphan');
      drop(from + ls - 1, from + ls, 'orphan');
      from += ls;
    }
    let entries: PyDict[] = [];
    let sources: number[] = [];
    const changes: Change[][] = [];
    for (let i = from; i < messages.length; i++) {
      const m = messages[i]!;
      if (truthy(dictGet(m, '_command'))) {
        drop(i, i + 1, 'command');
        continue;
      }
      const r = role(m);
      const raw = dictGet(m, 'content');
      let content: PyValue = raw === undefined ? '' : raw;
      const ch: Change[] = [];
      if (r === 'assistant' && typeof content === 'string') {
        const clean = sanitizeAssistantReplayText(content);
        if (clean !== content) ch.push('sanitized');
        content = clean;
        if (!pyStrip(content) && !('tool_calls' in m || 'reasoning_content' in m || 'thinking_blocks' in m)) {
          drop(i, i + 1, 'blank');
          continue;
        }
      }
      if (r === 'user' && typeof content === 'string') {
        const withCrumbs = withBreadcrumbs(m, content);
        if (withCrumbs !== content) ch.push('breadcrumbs');
        content = withCrumbs;
        const ts = dictGet(m, 'timestamp');
        if (opts.includeTimestamps && truthy(ts)) {
          content = `[Message Time: ${pyStr(ts!)}]\n${content}`;
          ch.push('timestamp');
        }
      }
      if (r === undefined) throw new Raise({ type: 'KeyError', message: "'role'" }, i);
      const entry: PyDict = { role: r, content };
      for (const f of ENTRY_FIELDS) {
        const v = dictGet(m, f);
        if (v !== undefined) entry[f] = v;
      }
      entries.push(entry);
      sources.push(i);
      changes.push(ch);
    }
    let tokens: number[] | null = null;
    if (countTokens) tokens = entries.map((e, k) => countOrRaise(countTokens, e, sources[k]!));
    if (maxTokens > 0 && tokens) {
      let total = 0;
      let keepFrom = entries.length;
      for (let k = entries.length - 1; k >= 0; k--) {
        const t = tokens[k]!;
        if (keepFrom < entries.length && total + t > maxTokens) break;
        total += t;
        keepFrom = k;
      }
      let cut = keepFrom;
      const fk = entries.slice(keepFrom).findIndex((e) => e.role === 'user');
      if (fk >= 0) cut = keepFrom + fk;
      else {
        const lastUser = entries.map((e) => e.role).lastIndexOf('user');
        if (lastUser >= 0) cut = lastUser;
      }
      cut += legalStart(entries.slice(cut), (k) => sources[cut + k]!);
      for (let k = 0; k < cut; k++) drop(sources[k]!, sources[k]! + 1, k < keepFrom ? 'budget' : 'budget-cut');
      entries = entries.slice(cut);
      sources = sources.slice(cut);
      tokens = tokens.slice(cut);
      changes.splice(0, cut);
    }
    sources.forEach((s, k) => (fates[s] = { kept: true, entry: k, changes: changes[k]! }));
    return { entries, sources, fates, tokens, error: null };
  } catch (e) {
    if (!(e instanceof Raise)) throw e;
    for (let i = 0; i < messages.length; i++) fates[i] ??= { kept: false, reason: 'window' };
    return { entries: [], sources: [], fates, tokens: null, error: { ...e.error, message_index: e.index } };
  }
}

/** Plain-words explanation of a drop reason, for the UI and the CLI. */
export const DROP_REASON_TEXT: Record<DropReason, string> = {
  consolidated: 'archived to memory (below last_consolidated), not replayed',
  window: 'outside the max_messages window',
  'before-user': 'before the first user turn of the window',
  orphan: 'orphan tool result: its tool call is not in the replay',
  'before-orphan': 'cut together with a later orphan tool result',
  command: 'command row (_command): never sent to the model',
  blank: 'assistant message with blank content and no tool calls or reasoning',
  budget: 'over the token budget',
  'budget-cut': 'fits the budget, but comes before the user turn the replay is cut to',
};
