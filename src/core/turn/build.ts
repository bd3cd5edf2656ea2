/**
 * The next request, part by part, as `ContextBuilder.build_messages` assembles it at a version:
 * the system prompt (nanobot's identity, the workspace's AGENTS.md, SOUL.md and USER.md, nanobot's
 * tool contract, memory/MEMORY.md, skills, the archive's recent entries), then the replay, then
 * the current message with its runtime context. Each part says where it comes from and what it
 * costs in cl100k tokens. nanobot's own texts are never reproduced: they are counted from the
 * version table's figures, and the slots that depend on the machine nanobot runs on (its platform
 * and Python, the clock, the workspace's absolute path) are named, not guessed.
 */
import { rulesOf, type NanobotVersion, type TemplateName, type TurnRules } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { pyStr } from '../python/pyrepr';
import { dictGet, isDict, type PyDict, type PyValue } from '../python/pyvalue';
import { estimateMessageTokens, TokenEstimateError, type TextTokenCounter } from '../tokens/tokens';
import { readMemory, recentForPrompt, type MemoryView } from './memory';
import { sha256Text } from './sha256';
import { skillBody, skillDescription, skillMeta } from './skills';

/** What of a workspace the turn reads: file texts by relative path, and the folders under skills/. */
export interface WorkspaceSnapshot {
  /** 'AGENTS.md', 'memory/MEMORY.md', 'skills/<name>/SKILL.md', ... → text; absent files are not keys. */
  files: ReadonlyMap<string, string>;
  /** Folder names under skills/, in the order the file system lists them (nanobot's order). */
  skillDirs: readonly string[];
  /** The workspace's absolute path when known (the CLI); null in the browser. */
  path: string | null;
  /** memory/HISTORY.md exists (only its presence matters). */
  legacyHistory?: boolean;
}

/** Parts that depend on the machine nanobot runs on: named, left out of the counts. */
export type MachineSlot = 'runtime' | 'workspace-path' | 'channel' | 'clock' | 'chat' | 'skill-requirements' | 'runtime-providers' | 'file-order';

export type PartKind =
  | 'identity'
  | 'bootstrap'
  | 'tool-contract'
  | 'memory'
  | 'active-skills'
  | 'skills'
  | 'recent-history'
  | 'session-summary'
  | 'history'
  | 'current-message'
  | 'runtime-context';

/** Why a workspace file that exists adds nothing. */
export type LeftOutReason = 'template-untouched' | 'blank' | 'empty' | 'not-read';

export interface TurnPart {
  kind: PartKind;
  /** The workspace file(s) it comes from (relative paths); empty for nanobot's own text and the replay. */
  sources: string[];
  /** cl100k tokens of the part's text (nanobot's count), with figures standing in for nanobot's own text. */
  tokens: number;
  /** Of those, the tokens of nanobot's own text (figures from the version table). */
  builtinTokens: number;
  /** False where a figure stands in for text that varies, or a machine slot is left out. */
  exact: boolean;
  /** Machine-dependent slots inside this part, not counted. */
  machine: MachineSlot[];
  /** The text, when it is the workspace's own (nanobot's own text is never shown). */
  text: string | null;
  /** SHA-256 of the text when it is fully known. */
  sha256: string | null;
  /** Codes: 'legacy-soul-replaced', 'truncated', 'merged-into-last-user', 'builtin-skills', 'frontmatter-unsure'. */
  notes: string[];
  /** history: message count; recent-history: entry cursors. */
  count?: number;
  cursors?: number[];
}

export interface TurnInput {
  version: NanobotVersion;
  /** null: no workspace known; only nanobot's own parts, the replay and the message. */
  workspace: WorkspaceSnapshot | null;
  /** The replay (`get_history` at the agent loop's settings): the provider messages. */
  history: PyDict[];
  /** The next user message. */
  message: string;
  sessionKey: string | null;
  unifiedSession?: boolean;
  /** The model's context window in tokens, when known. */
  contextWindow?: number | null;
  /** The session's metadata (its `_last_summary`, when nanobot compacted the idle session). */
  metadata?: PyValue;
}

export interface Turn {
  version: NanobotVersion;
  parts: TurnPart[];
  /** Workspace files present that add nothing, and why. */
  leftOut: { file: string; reason: LeftOutReason }[];
  /** The messages of the request after the system prompt, exactly as build_messages makes them,
   *  except the runtime-context block after the user's text (v0.2's clock is the machine's; main's
   *  frame is nanobot's words), which is a part of its own. */
  messages: PyDict[];
  /** Where the runtime context goes: appended to the user's text (v0.2), kept apart with a marker
   *  (v0.3.0+ when a provider adds blocks), or none (v0.3.0+ without providers). */
  runtimeContext: 'appended-to-text' | 'marker' | 'none';
  /** The current message was merged into the replay's last user message (no new message). */
  mergedIntoLast: boolean;
  /** nanobot's estimate: the system message, the replay, the current message; and their sum. */
  systemTokens: number;
  historyTokens: number;
  currentTokens: number;
  total: number;
  /** All of the system prompt's text is known (never: nanobot's identity has machine slots). */
  exact: boolean;
  contextWindow: number | null;
  memory: MemoryView | null;
  /** The exception nanobot raises building this request (a history.jsonl line it cannot read), else null. */
  raises: PyError | null;
}

/** The recent-history section's limits (ContextBuilder's, the same at every version). */
export const RECENT_HISTORY_ENTRIES = 50;
export const RECENT_HISTORY_TOKENS = 8000;
export const BOOTSTRAP_FILES = ['AGENTS.md', 'SOUL.md', 'USER.md'] as const;
/** Files people write in a workspace that no version's ContextBuilder puts in the request (the heartbeat reads HEARTBEAT.md). */
export const UNREAD_FILES = ['TOOLS.md', 'HEARTBEAT.md'] as const;
const SEPARATOR = '\n\n---\n\n';

/** nanobot's estimate of a message, or null where its estimator raises (a text block that is not text). */
function estimateOrNull(m: PyDict, count: TextTokenCounter, version: NanobotVersion): number | null {
  try {
    return estimateMessageTokens(m, count, version);
  } catch (e) {
    if (e instanceof TokenEstimateError) return null;
    throw e;
  }
}

function countOf(count: TextTokenCounter, text: string): number {
  const n = count(text);
  return n === 'special' ? Math.floor(new TextEncoder().encode(text).length / 4) : n;
}

function isTemplate(rules: TurnRules, content: string, name: TemplateName): boolean {
  const t = rules.templates[name];
  return !!t && sha256Text(pyStrip(content)) === t.sha256;
}

function part(kind: PartKind, init: Partial<TurnPart> = {}): TurnPart {
  return { kind, sources: [], tokens: 0, builtinTokens: 0, exact: true, machine: [], text: null, sha256: null, notes: [], ...init };
}

function known(kind: PartKind, text: string, count: TextTokenCounter, sources: string[], notes: string[] = []): TurnPart {
  return part(kind, { sources, text, sha256: sha256Text(text), tokens: countOf(count, text), notes });
}

/** The AGENTS.md / SOUL.md / USER.md sections, one part each, and the files left out. */
function bootstrap(ws: WorkspaceSnapshot, rules: TurnRules, count: TextTokenCounter, leftOut: Turn['leftOut']): TurnPart[] {
  const parts: TurnPart[] = [];
  for (const name of BOOTSTRAP_FILES) {
    const content = ws.files.get(name);
    if (content === undefined) continue;
    if (name === 'SOUL.md' && rules.legacySoulReplaced && isTemplate(rules, content, 'legacy/SOUL.md')) {
      const t = rules.templates['SOUL.md']!;
      parts.push(part('bootstrap', { sources: [name], tokens: t.sectionTokens, builtinTokens: t.sectionTokens, notes: ['legacy-soul-replaced'] }));
      continue;
    }
    if (rules.blankBootstrapSkipped && !pyStrip(content)) {
      leftOut.push({ file: name, reason: content ? 'blank' : 'empty' });
      continue;
    }
    if (rules.skippedWhenTemplate.includes(name) && isTemplate(rules, content, name)) {
      leftOut.push({ file: name, reason: 'template-untouched' });
      continue;
    }
    const untouched = isTemplate(rules, content, name);
    parts.push(known('bootstrap', `## ${name}\n\n${content}`, count, [name], untouched ? ['template-untouched-kept'] : []));
  }
  return parts;
}

interface WorkspaceSkill {
  name: string;
  path: string;
  text: string;
  meta: ReturnType<typeof skillMeta>;
}

function workspaceSkills(ws: WorkspaceSnapshot): WorkspaceSkill[] {
  const out: WorkspaceSkill[] = [];
  for (const name of ws.skillDirs) {
    const path = `skills/${name}/SKILL.md`;
    const text = ws.files.get(path);
    if (text !== undefined) out.push({ name, path, text, meta: skillMeta(text) });
  }
  return out;
}

/** The skills parts: always-on skills loaded whole, then the summary; the built-in skills as figures. */
function skills(ws: WorkspaceSnapshot | null, rules: TurnRules, count: TextTokenCounter): TurnPart[] {
  const mine = ws ? workspaceSkills(ws) : [];
  const names = new Set(mine.map((s) => s.name));
  const builtinActive = rules.builtinActiveSkills.filter((n) => !names.has(n));
  const shadowed = rules.builtinActiveSkills.length !== builtinActive.length;
  const unsure = mine.some((s) => s.meta.unsure);
  const requires = mine.some((s) => s.meta.requires);
  const machine: MachineSlot[] = requires ? ['skill-requirements'] : [];
  const parts: TurnPart[] = [];
  const activeMine = mine.filter((s) => s.meta.always && !s.meta.requires);
  if (activeMine.length || builtinActive.length) {
    const body = activeMine.map((s) => `### Skill: ${s.name}\n\n${skillBody(s.text)}`).join(SEPARATOR);
    const text = activeMine.length ? `# Active Skills\n\n${body}` : null;
    const own = text ? countOf(count, text) : 0;
    const builtin = builtinActive.length ? rules.builtinActiveSkillsTokens : 0;
    parts.push(
      part('active-skills', {
        sources: activeMine.map((s) => s.path),
        text: builtin ? null : text,
        sha256: text ? sha256Text(text) : null,
        tokens: own + builtin,
        builtinTokens: builtin,
        exact: !builtin && !unsure && !shadowed,
        machine,
        notes: [...(builtin ? ['builtin-skills'] : []), ...(unsure ? ['frontmatter-unsure'] : [])],
      }),
    );
  }
  const activeNames = new Set([...activeMine.map((s) => s.name), ...builtinActive]);
  const listed = mine.filter((s) => !activeNames.has(s.name));
  let summary: string | null = null;
  const summaryMachine = [...machine];
  if (listed.length) {
    if (rules.skillsSummary === 'flat-absolute') {
      const root = ws?.path ?? null;
      if (root === null) summaryMachine.push('workspace-path');
      summary = listed.map((s) => `- **${s.name}** — ${skillDescription(s.name, s.meta)}  \`${root === null ? '' : root + '/'}${s.path}\``).join('\n');
    } else {
      const root = rules.skillsSummary === 'grouped-relative-root' ? 'skills' : ws?.path ? `${ws.path}/skills` : 'skills';
      if (rules.skillsSummary === 'grouped-absolute-root' && !ws?.path) summaryMachine.push('workspace-path');
      const lines = listed.map((s) => `- **${s.name}** — ${skillDescription(s.name, s.meta)}  \`${s.name}/SKILL.md\``);
      summary = [`### Workspace skills (\`${root}\`)`, ...lines].join('\n');
    }
  }
  if (listed.length > 1) summaryMachine.push('file-order');
  // The built-in skills are always listed (their availability depends on the machine's binaries).
  const builtin = rules.skillsSectionTokens + rules.builtinSkillsSummaryTokens;
  const own = summary ? countOf(count, summary) : 0;
  parts.push(
    part('skills', {
      sources: listed.map((s) => s.path),
      sha256: summary ? sha256Text(summary) : null,
      tokens: own + builtin,
      builtinTokens: builtin,
      exact: false,
      machine: [...new Set<MachineSlot>([...summaryMachine, 'skill-requirements'])],
      notes: ['builtin-skills', ...(unsure ? ['frontmatter-unsure'] : [])],
    }),
  );
  return parts;
}

/** The summary nanobot keeps in `_last_summary` after compacting an idle session: its text, or null. */
export function pendingSummary(metadata: PyValue | undefined): string | null {
  if (!isDict(metadata)) return null;
  const last = dictGet(metadata, '_last_summary');
  const text = isDict(last) ? dictGet(last, 'text') : undefined;
  return typeof text === 'string' && text ? text : null;
}

function recentHistory(memory: MemoryView, input: TurnInput, count: TextTokenCounter, rules: TurnRules): TurnPart | null {
  const entries = recentForPrompt(memory, input.sessionKey, input.unifiedSession ?? false);
  if (!entries.length) return null;
  let capped = entries.slice(-RECENT_HISTORY_ENTRIES);
  const summary = pendingSummary(input.metadata);
  if (summary !== null && rules.summaryDedupesHistory) {
    // main: the entry the summary already stands for (this session's, same text; the last such) goes.
    for (let i = capped.length - 1; i >= 0; i--) {
      if (capped[i]!.sessionKey === input.sessionKey && capped[i]!.content === summary) {
        capped = [...capped.slice(0, i), ...capped.slice(i + 1)];
        break;
      }
    }
    if (!capped.length) return null;
  }
  const body = capped.map((e) => `- [${e.timestamp}] ${e.content}`).join('\n');
  const header = '# Recent History\n\n';
  const bodyTokens = countOf(count, body);
  const cursors = capped.map((e) => e.cursor);
  if (bodyTokens <= RECENT_HISTORY_TOKENS) {
    return { ...known('recent-history', header + body, count, ['memory/history.jsonl']), cursors, count: capped.length };
  }
  // Cut to the token cap with nanobot's marker at the end: at most the cap, and the header.
  return part('recent-history', { sources: ['memory/history.jsonl'], tokens: RECENT_HISTORY_TOKENS + countOf(count, header), exact: false, notes: ['truncated'], cursors, count: capped.length });
}

/** `$name` mentions of skills, as nanobot's `_SKILL_REFERENCE` finds them (not after a word character or `$`). */
const SKILL_REFERENCE = /(?<![\p{L}\p{N}_$])\$([A-Za-z0-9_-]+)/gu;

/**
 * main's explicit-skills block: the workspace skills the message names (first mention first, each
 * once, always-on skills left out, their requirements met), loaded whole into a runtime-context
 * block after the user's text. Null when none is named or the version has no such block.
 */
function explicitSkills(ws: WorkspaceSnapshot | null, message: string, rules: TurnRules, count: TextTokenCounter): TurnPart | null {
  if (rules.explicitSkillsFrameTokens === null) return null;
  const mine = ws ? workspaceSkills(ws).filter((s) => !s.meta.requires) : [];
  const byName = new Map(mine.map((s) => [s.name, s]));
  const named: string[] = [];
  let builtin = false;
  for (const m of message.matchAll(SKILL_REFERENCE)) {
    const name = m[1]!;
    if (byName.has(name)) {
      if (!named.includes(name)) named.push(name);
    } else if (rules.builtinSkills.includes(name)) builtin = true;
  }
  const loaded = named.map((n) => byName.get(n)!).filter((s) => !s.meta.always);
  if (!loaded.length && !builtin) return null;
  const body = loaded.map((s) => `### Skill: ${s.name}\n\n${skillBody(s.text)}`).join(SEPARATOR);
  const own = body ? countOf(count, body) : 0;
  return part('runtime-context', {
    sources: loaded.map((s) => s.path),
    tokens: own + rules.explicitSkillsFrameTokens,
    builtinTokens: rules.explicitSkillsFrameTokens,
    exact: false,
    machine: ['runtime-providers'],
    notes: ['explicit-skills', ...(builtin ? ['builtin-skill-mentioned'] : [])],
  });
}

/** `_merge_message_content(left, right)` at a version. */
function mergeContent(left: PyValue | undefined, right: string, rules: TurnRules): PyValue {
  if (typeof left === 'string') {
    if (!left) return right;
    if (!right && rules.mergeKeepsLeftOnEmpty) return left;
    return `${left}\n\n${right}`;
  }
  const blocks = (v: PyValue | undefined): PyValue[] => {
    if (Array.isArray(v)) return v.map((item) => (isDict(item) ? item : { type: 'text', text: pyStr(item) }));
    if (v === undefined || v === null) return [];
    return [{ type: 'text', text: pyStr(v) }];
  };
  return [...blocks(left), { type: 'text', text: right }];
}

/** The next request at a version, part by part. Throws TokenEstimateError where nanobot's estimator raises. */
export function assembleTurn(input: TurnInput, count: TextTokenCounter): Turn {
  const { version, workspace: ws } = input;
  const rules = rulesOf(version).turn;
  const leftOut: Turn['leftOut'] = [];
  const parts: TurnPart[] = [];
  const identityMachine: MachineSlot[] = ['runtime', 'channel'];
  if (rules.identityWorkspaceSlots > 0) identityMachine.push('workspace-path');
  parts.push(part('identity', { tokens: rules.identityTokens, builtinTokens: rules.identityTokens, exact: false, machine: identityMachine }));
  if (ws) parts.push(...bootstrap(ws, rules, count, leftOut));
  parts.push(part('tool-contract', { tokens: rules.toolContractTokens, builtinTokens: rules.toolContractTokens }));
  let memory: MemoryView | null = null;
  let raises: PyError | null = null;
  if (ws) {
    const text = ws.files.get('memory/MEMORY.md');
    if (text !== undefined) {
      if (!text) leftOut.push({ file: 'memory/MEMORY.md', reason: 'empty' });
      else if (isTemplate(rules, text, 'memory/MEMORY.md')) leftOut.push({ file: 'memory/MEMORY.md', reason: 'template-untouched' });
      else parts.push(known('memory', `# Memory\n\n## Long-term Memory\n${text}`, count, ['memory/MEMORY.md']));
    }
    for (const f of UNREAD_FILES) if (ws.files.has(f)) leftOut.push({ file: f, reason: 'not-read' });
  }
  parts.push(...skills(ws, rules, count));
  if (ws) {
    memory = readMemory(
      { memory: ws.files.get('memory/MEMORY.md') ?? null, history: ws.files.get('memory/history.jsonl') ?? null, dreamCursor: ws.files.get('memory/.dream_cursor') ?? null, legacyHistory: !!ws.legacyHistory },
      version,
    );
    if (memory.raises) {
      raises = { type: 'AttributeError', message: `'${memory.raisesOn}' object has no attribute 'get'` };
      parts.push(part('recent-history', { sources: ['memory/history.jsonl'], exact: false, notes: ['archive-raises'] }));
    } else {
      const recent = recentHistory(memory, input, count, rules);
      if (recent) parts.push(recent);
    }
  }
  // The session's pending summary closes the system prompt; nanobot's words around it are not counted.
  const summary = pendingSummary(input.metadata);
  if (summary !== null) parts.push(part('session-summary', { tokens: countOf(count, summary), text: summary, sha256: sha256Text(summary), exact: false, notes: ['pending-summary'] }));
  const systemParts = parts.length;
  // The system prompt's estimate: its parts, the separators nanobot joins them with, and the
  // message's own 4 (estimate_message_tokens); approximate where parts are figures.
  const bootstrapCount = parts.filter((p) => p.kind === 'bootstrap').length;
  const separators = (systemParts - Math.max(0, bootstrapCount - 1) - 1) * countOf(count, SEPARATOR) + Math.max(0, bootstrapCount - 1) * countOf(count, '\n\n');
  const systemTokens = parts.reduce((a, p) => a + p.tokens, 0) + separators + 4;

  // The replay, then the current message (merged into a last user message, as build_messages does).
  const messages = input.history.map((m) => m);
  let historyTokens = 0;
  let unestimated = 0;
  for (const m of input.history) {
    const n = estimateOrNull(m, count, version);
    if (n === null) unestimated++;
    else historyTokens += n;
  }
  const last = messages[messages.length - 1];
  const mergedIntoLast = !!last && dictGet(last, 'role') === 'user';
  let current: PyDict;
  if (mergedIntoLast) {
    current = { ...last!, content: mergeContent(dictGet(last!, 'content'), input.message, rules) as PyValue };
    messages[messages.length - 1] = current;
  } else {
    current = { role: 'user', content: input.message };
    messages.push(current);
  }
  const currentTokens = estimateOrNull(current, count, version) ?? 0;
  if (mergedIntoLast) historyTokens -= estimateOrNull(last!, count, version) ?? 0;
  parts.push(part('history', { tokens: historyTokens, count: mergedIntoLast ? input.history.length - 1 : input.history.length, exact: !unestimated, notes: unestimated ? ['estimate-raises'] : [] }));
  parts.push(part('current-message', { tokens: currentTokens, text: input.message, notes: mergedIntoLast ? ['merged-into-last-user'] : [] }));
  let runtimeContext: Turn['runtimeContext'];
  let runtimeTokens = 0;
  if (rules.runtimeContext === 'clock-appended') {
    runtimeContext = 'appended-to-text';
    runtimeTokens = rules.runtimeFrameTokens ?? 0;
    parts.push(part('runtime-context', { tokens: runtimeTokens, builtinTokens: runtimeTokens, exact: false, machine: ['clock', 'chat'] }));
  } else {
    const skillsBlock = explicitSkills(ws, input.message, rules, count);
    if (skillsBlock) {
      runtimeContext = 'marker';
      runtimeTokens = skillsBlock.tokens;
      parts.push(skillsBlock);
    } else {
      runtimeContext = 'none';
      parts.push(part('runtime-context', { tokens: 0, exact: false, machine: ['runtime-providers'], notes: ['no-blocks-without-providers'] }));
    }
  }
  const total = systemTokens + historyTokens + currentTokens + runtimeTokens;
  return {
    version,
    parts,
    leftOut,
    messages,
    runtimeContext,
    mergedIntoLast,
    systemTokens,
    historyTokens,
    currentTokens,
    total,
    exact: false,
    contextWindow: input.contextWindow ?? null,
    memory,
    raises,
  };
}
