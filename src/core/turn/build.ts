/**
 * The next request, part by part, as `ContextBuilder.build_messages` assembles it at a version:
 * the system prompt (nanobot's identity, the workspace's AGENTS.md, SOUL.md and USER.md, nanobot's
 * tool contract, memory/MEMORY.md, skills, the archive's recent entries), then the replay, then
 * the current message with its runtime context. Each part says where it comes from and what it
 * costs in cl100k tokens. nanobot's own texts are never reproduced: they are counted from the
 * version table's figures. The total is nanobot's estimate of the whole request as one joined text
 * (see joined.ts); the slots that can be known (the workspace's path, the channel from the session
 * key, v0.2's clock) are counted, and what the machine alone knows (its platform line; the clock
 * when not given) is named with its size and a ±.
 */
import { turnRulesOf, type TurnRules, type TemplateName } from './turn-rules';
import { type NanobotVersion } from '../nanobot/nanobot-version';
import type { PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { pyStr } from '../python/pyrepr';
import { dictGet, isDict, type PyDict, type PyValue } from '../python/pyvalue';
import { estimateMessageTokens, TokenEstimateError, type TextTokenCounter } from '../tokens/tokens';
import { clockRange, countPieces, countText, isWindowsPath, pieceBytes, promptParts, rangeOf, runtimeRange, type Piece, type Unknown } from './joined';
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
export type MachineSlot = 'runtime' | 'workspace-path' | 'channel' | 'clock' | 'chat' | 'skill-requirements' | 'runtime-providers' | 'file-order' | 'nanobot-install';

type PartKind =
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
type LeftOutReason = 'template-untouched' | 'blank' | 'empty' | 'not-read';

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
  /** The platform line nanobot writes (`Linux x86_64, Python 3.12.3`), when known; else its size is a named unknown. */
  runtime?: string | null;
  /** v0.2's time line as nanobot writes it (see `nanobotClock`), when known; else its size is a named unknown. */
  clock?: string | null;
  /** nanobot's machine's local time (`datetime.now()`, `YYYY-MM-DDTHH:MM:SS`), when known: 0.1.5.post3's summary says how long the session was idle. */
  now?: string | null;
}

export interface Turn {
  version: NanobotVersion;
  /** nanobot's own texts counted from this release's measured figures, or from `figuresFrom`'s standing in (say so). */
  figures: TurnRules['figures'];
  /** nanobot counts the request's tokens at this release; false (up to 0.1.4.post4): the total is ours (content alone). */
  nanobotCounts: boolean;
  figuresFrom: NanobotVersion;
  parts: TurnPart[];
  /** Workspace files present that add nothing, and why. */
  leftOut: { file: string; reason: LeftOutReason }[];
  /** The messages of the request after the system prompt, exactly as build_messages makes them,
   *  except the runtime-context block after the user's text (v0.2's clock is the machine's; main's
   *  frame is nanobot's words), which is a part of its own. */
  messages: PyDict[];
  /** Where the runtime context goes: appended to the user's text (v0.2), kept apart with a marker
   *  (v0.3.0+ when a provider adds blocks), or none (v0.3.0+ without providers). */
  runtimeContext: 'prefixed-to-text' | 'appended-to-text' | 'marker' | 'none';
  /** The current message was merged into the replay's last user message (no new message). */
  mergedIntoLast: boolean;
  /** Each message alone as nanobot's estimators count it: the system message (unknowns at their middle), the replay, the current message. */
  systemTokens: number;
  historyTokens: number;
  currentTokens: number;
  /** nanobot's estimate of the whole request (`estimate_prompt_tokens_chain`: one joined text, 4 per message), unknowns at their middle. */
  total: number;
  /** The parts whose text is not known, each with its tokens and ±; the total is within the sum of their spreads. */
  unknown: Unknown[];
  /** ± on the total (the unknowns' spreads added); null when one has no bound. */
  spread: number | null;
  /** Nothing is unknown: the total is nanobot's estimate exactly. */
  exact: boolean;
  contextWindow: number | null;
  memory: MemoryView | null;
  /** The exception nanobot raises building this request (a history.jsonl line it cannot read), else null. */
  raises: PyError | null;
}

/** The recent-history section's limits (ContextBuilder's, the same at every version). */
const RECENT_HISTORY_ENTRIES = 50;
const RECENT_HISTORY_TOKENS = 8000;
/** The cap before 0.2.2 (`recentHistoryCut: 'chars'`): characters, then nanobot's marker. */
const RECENT_HISTORY_CHARS = 32_000;
const TRUNCATED_MARK = '\n... (truncated)';
export const BOOTSTRAP_FILES = ['AGENTS.md', 'SOUL.md', 'USER.md'] as const;
/**
 * Files people write in a workspace that v0.2's ContextBuilder does not put in the request (the heartbeat reads
 * HEARTBEAT.md); the releases up to 0.2.0 read TOOLS.md, and up to 0.1.4.post3 IDENTITY.md (`bootstrapFiles`).
 */
export const UNREAD_FILES = ['TOOLS.md', 'HEARTBEAT.md', 'IDENTITY.md'] as const;
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

function isTemplate(rules: TurnRules, content: string, name: string): boolean {
  const t = rules.templates[name as TemplateName]; // (TOOLS.md and IDENTITY.md have no figures: never a template)
  return !!t && sha256Text(pyStrip(content)) === t.sha256;
}

function part(kind: PartKind, init: Partial<TurnPart> = {}): TurnPart {
  return { kind, sources: [], tokens: 0, builtinTokens: 0, exact: true, machine: [], text: null, sha256: null, notes: [], ...init };
}

function known(kind: PartKind, text: string, count: TextTokenCounter, sources: string[], notes: string[] = []): TurnPart {
  return part(kind, { sources, text, sha256: sha256Text(text), tokens: countText(count, text), notes });
}

/** The bootstrap sections (AGENTS.md, SOUL.md, USER.md, and at older releases more), one part each, and the files left out. */
function bootstrap(ws: WorkspaceSnapshot, rules: TurnRules, count: TextTokenCounter, leftOut: Turn['leftOut']): TurnPart[] {
  const parts: TurnPart[] = [];
  for (const name of rules.bootstrapFiles) {
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
  return ws.skillDirs.flatMap((name) => {
    const path = `skills/${name}/SKILL.md`;
    const text = ws.files.get(path);
    return text === undefined ? [] : [{ name, path, text, meta: skillMeta(text) }];
  });
}

/**
 * A system-prompt section as the joined estimate sees it: its pieces, and when it ends in nanobot's
 * own text, what the `\n\n` of the separator (`sep`) or the `\n` of the next message (`nl`, null:
 * not measured) adds where they meet.
 */
interface Section {
  pieces: Piece[];
  end: { sep: number; nl: number | null } | null;
}

/** The skills parts: always-on skills loaded whole, then the summary; the built-in skills as figures. */
function skills(ws: WorkspaceSnapshot | null, rules: TurnRules, count: TextTokenCounter, sections: Section[]): TurnPart[] {
  const figures = rules.joined;
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
    const own = text ? countText(count, text) : 0;
    const builtin = builtinActive.length ? rules.builtinActiveSkillsTokens : 0;
    // Each built-in section stands alone between separators: its figure holds the `\n\n` after it.
    const pieces: Piece[] = [`# Active Skills\n\n${body}${activeMine.length && builtinActive.length ? SEPARATOR : ''}`];
    builtinActive.forEach((n, i) => pieces.push(...(i ? ['---\n\n'] : []), figures.builtinActive[n] ?? 0));
    sections.push({ pieces, end: builtinActive.length ? { sep: 0, nl: null } : null });
    parts.push(
      part('active-skills', {
        sources: activeMine.map((s) => s.path),
        text,
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
  const listed = rules.skillsSummaryListsActive ? mine : mine.filter((s) => !activeNames.has(s.name));
  let summary: string | null = null;
  const summaryMachine = [...machine];
  if (listed.length) {
    if (rules.skillsSummary === 'xml-absolute') {
      const root = ws?.path ?? null;
      if (root === null) summaryMachine.push('workspace-path');
      const esc = (t: string) => t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
      const blocks = listed.flatMap((s) => [
        '  <skill available="true">',
        `    <name>${esc(s.name)}</name>`,
        `    <description>${esc(skillDescription(s.name, s.meta))}</description>`,
        `    <location>${root === null ? '' : root + '/'}${s.path}</location>`,
        '  </skill>',
      ]);
      summary = ['<skills>', ...blocks, '</skills>'].join('\n');
    } else if (rules.skillsSummary === 'flat-absolute') {
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
  // 0.1.5.post1: one XML list; the workspace's own list is shown whole, and the built-in list's figure loses the
  // opening and closing lines the two share.
  const xml = summary !== null && figures.xmlSkills ? figures.xmlSkills : null;
  const builtin = rules.skillsSectionTokens + rules.builtinSkillsSummaryTokens - (xml ? xml.open + xml.close : 0);
  const own = summary ? countText(count, summary) : 0;
  const joiner = rules.skillsSummary === 'flat-absolute' ? '\n' : '\n\n';
  const summaryPieces: Piece[] = !summary ? [figures.builtinSummary.tokens] : xml ? [summary.slice(0, -'</skills>'.length), figures.builtinSummary.tokens - xml.open] : [summary + joiner, figures.builtinSummary.tokens];
  sections.push({ pieces: [figures.skillsHead, ...summaryPieces], end: { sep: figures.builtinSummary.sep, nl: figures.builtinSummary.nl } });
  parts.push(
    part('skills', {
      sources: listed.map((s) => s.path),
      text: summary,
      sha256: summary ? sha256Text(summary) : null,
      tokens: own + builtin,
      builtinTokens: builtin,
      exact: false,
      // Before main the built-in skills' lines spell where nanobot is installed: the figure is setup.sh's folder's.
      machine: [...new Set<MachineSlot>([...summaryMachine, 'skill-requirements', ...(rules.skillsSummary === 'grouped-relative-root' ? [] : ['nanobot-install' as const])])],
      notes: ['builtin-skills', ...(unsure ? ['frontmatter-unsure'] : [])],
    }),
  );
  return parts;
}

/** The summary nanobot keeps in `_last_summary` after compacting an idle session: its text, or null. */
function pendingSummary(metadata: PyValue | undefined): string | null {
  if (!isDict(metadata)) return null;
  const last = dictGet(metadata, '_last_summary');
  const text = isDict(last) ? dictGet(last, 'text') : undefined;
  return typeof text === 'string' && text ? text : null;
}

function recentHistory(memory: MemoryView, input: TurnInput, count: TextTokenCounter, rules: TurnRules): TurnPart | PyError | null {
  const entries = recentForPrompt(memory, rules.recentHistoryBySession ? input.sessionKey : null, input.unifiedSession ?? false);
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
  const lacking = capped.find((e) => e.missing);
  if (lacking) return { type: 'KeyError', message: `'${lacking.missing}'` };
  const body = capped.map((e) => `- [${e.timestamp}] ${e.content}`).join('\n');
  const header = '# Recent History\n\n';
  const cursors = capped.map((e) => e.cursor);
  if (rules.recentHistoryCut === 'chars' && rules.recentHistory === 'capped') {
    // Python counts code points: cut there, then nanobot's marker; the text stays known.
    const points = Array.from(body);
    const text = points.length <= RECENT_HISTORY_CHARS ? body : points.slice(0, RECENT_HISTORY_CHARS).join('') + TRUNCATED_MARK;
    return { ...known('recent-history', header + text, count, ['memory/history.jsonl'], text === body ? [] : ['truncated-chars']), cursors, count: capped.length };
  }
  const bodyTokens = countText(count, body);
  if (bodyTokens <= RECENT_HISTORY_TOKENS || rules.recentHistory === 'uncapped') {
    return { ...known('recent-history', header + body, count, ['memory/history.jsonl']), cursors, count: capped.length };
  }
  // Cut to the token cap with nanobot's marker at the end: at most the cap, and the header.
  return part('recent-history', { sources: ['memory/history.jsonl'], tokens: RECENT_HISTORY_TOKENS + countText(count, header), exact: false, notes: ['truncated'], cursors, count: capped.length });
}

/** `$name` mentions of skills, as nanobot's `_SKILL_REFERENCE` finds them (not after a word character or `$`). */
const SKILL_REFERENCE = /(?<![\p{L}\p{N}_$])\$([A-Za-z0-9_-]+)/gu;

/**
 * main's explicit-skills block: the workspace skills the message names (first mention first, each
 * once, always-on skills left out, their requirements met), loaded whole into a runtime-context
 * block after the user's text. Null when none is named or the version has no such block.
 */
function explicitSkills(ws: WorkspaceSnapshot | null, message: string, rules: TurnRules, count: TextTokenCounter): { part: TurnPart; body: string } | null {
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
  const own = body ? countText(count, body) : 0;
  const p = part('runtime-context', {
    sources: loaded.map((s) => s.path),
    tokens: own + rules.explicitSkillsFrameTokens,
    builtinTokens: rules.explicitSkillsFrameTokens,
    exact: false,
    machine: ['runtime-providers'],
    notes: ['explicit-skills', ...(builtin ? ['builtin-skill-mentioned'] : [])],
  });
  return { part: p, body };
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

/** The channel and chat id the agent loop passes for a session key (`channel:chat_id`); null when the key names none. */
export function routeOfKey(key: string | null): { channel: string; chatId: string } | null {
  if (key === null) return null;
  const at = key.indexOf(':');
  return at < 0 ? null : { channel: key.slice(0, at), chatId: key.slice(at + 1) };
}

/** A last-active time as `datetime.isoformat()` writes it: the form every version prints unchanged. */
const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?([+-]\d\d:\d\d)?$/;

/**
 * 0.1.5.post3's idle minutes: `int((datetime.now() - last_active).total_seconds() / 60)` of two naive times; null when
 * either is not known here (an aware last-active time makes nanobot raise TypeError).
 */
function idleMinutes(now: string | null | undefined, at: string | null): number | null {
  if (!now || at === null || /[+-]\d\d:\d\d$/.test(at)) return null;
  const ms = (iso: string) => Date.parse(`${iso.slice(0, 23)}Z`);
  const diff = ms(now) - ms(at);
  return Number.isFinite(diff) ? Math.trunc(diff / 60_000) : null;
}

function lastActive(metadata: PyValue | undefined): string | null {
  const last = isDict(metadata) ? dictGet(metadata, '_last_summary') : undefined;
  const at = isDict(last) ? dictGet(last, 'last_active') : undefined;
  return typeof at === 'string' && CANONICAL_ISO.test(at) ? at : null;
}

/** The next request at a version, part by part. Throws TokenEstimateError where nanobot's estimator raises. */
export function assembleTurn(input: TurnInput, count: TextTokenCounter): Turn {
  const { version, workspace: ws } = input;
  const rules = turnRulesOf(version);
  const figures = rules.joined;
  const leftOut: Turn['leftOut'] = [];
  const parts: TurnPart[] = [];
  const sections: Section[] = [];
  const unknown: Unknown[] = [];
  const unsure = (slot: Unknown['slot'], tokens: number, spread: number | null) => unknown.push({ slot, tokens, spread });

  // The identity: nanobot's words (a figure per format hint), the platform line, the workspace path.
  const route = routeOfKey(input.sessionKey);
  const path = ws?.path ?? null;
  const windows = path !== null && isWindowsPath(path);
  const identityMachine: MachineSlot[] = [];
  const identityPieces: number[] = [figures.identity[route ? (figures.formatHints[route.channel] ?? 0) : 0]! + (windows ? figures.identityWindows : 0)];
  let identityUnknown = 0;
  if (!route) {
    // The format hint is one of the groups; v0.2 also writes the channel and chat id, of any length.
    const r = rangeOf(figures.identity);
    identityMachine.push('channel');
    unsure('channel', r.tokens - figures.identity[0]!, figures.clockFrame ? null : r.spread);
    identityUnknown += r.tokens - figures.identity[0]!;
  }
  if (input.runtime) identityPieces.push(countText(count, input.runtime));
  else {
    const r = runtimeRange(windows, count);
    identityMachine.push('runtime');
    unsure('runtime', r.tokens, r.spread);
    identityUnknown += r.tokens;
  }
  if (figures.identitySlots) {
    if (path === null) {
      identityMachine.push('workspace-path');
      unsure('workspace-path', 0, null);
    } else {
      identityPieces.push(figures.identitySlots * countText(count, ` ${path}`));
      // A path ending in a mark may join the mark after it (`-/memory`): a token each way.
      if (!/[\p{L}\p{N}]$/u.test(path)) unsure('join', 0, figures.identitySlots);
    }
  }
  const identityTokens = identityPieces.reduce((a, b) => a + b, 0);
  parts.push(part('identity', { tokens: identityTokens + identityUnknown, builtinTokens: identityPieces[0]!, exact: !identityMachine.length, machine: identityMachine }));
  sections.push({ pieces: identityPieces, end: { sep: figures.identitySep, nl: null } });

  if (ws) {
    const files = bootstrap(ws, rules, count, leftOut);
    if (files.length) {
      const pieces: Piece[] = [];
      files.forEach((p, i) => {
        const more = i < files.length - 1;
        if (p.text !== null) pieces.push(p.text + (more ? '\n\n' : ''));
        // nanobot's SOUL.md in place of a legacy one: its figure, and what the `\n\n` after it adds.
        else pieces.push(p.tokens + (more ? figures.soulSep : 0));
      });
      parts.push(...files);
      const last = files[files.length - 1]!;
      sections.push({ pieces, end: last.text === null ? { sep: figures.soulSep, nl: null } : null });
    }
  }
  if (rules.toolContractTokens !== null) {
    parts.push(part('tool-contract', { tokens: rules.toolContractTokens, builtinTokens: rules.toolContractTokens }));
    sections.push({ pieces: [rules.toolContractTokens], end: { sep: figures.toolContractSep ?? 0, nl: null } });
  }
  let memory: MemoryView | null = null;
  let raises: PyError | null = null;
  if (ws) {
    const text = ws.files.get('memory/MEMORY.md');
    if (text !== undefined) {
      if (!text) leftOut.push({ file: 'memory/MEMORY.md', reason: 'empty' });
      else if (rules.memoryTemplateSkipped && isTemplate(rules, text, 'memory/MEMORY.md')) leftOut.push({ file: 'memory/MEMORY.md', reason: 'template-untouched' });
      else {
        const p = known('memory', `# Memory\n\n## Long-term Memory\n${text}`, count, ['memory/MEMORY.md']);
        parts.push(p);
        sections.push({ pieces: [p.text!], end: null });
      }
    }
    for (const f of UNREAD_FILES) if (ws.files.has(f) && !rules.bootstrapFiles.includes(f)) leftOut.push({ file: f, reason: 'not-read' });
  }
  parts.push(...skills(ws, rules, count, sections));
  if (ws) {
    memory = readMemory(
      { memory: ws.files.get('memory/MEMORY.md') ?? null, history: ws.files.get('memory/history.jsonl') ?? null, dreamCursor: ws.files.get('memory/.dream_cursor') ?? null, legacyHistory: !!ws.legacyHistory },
      version,
    );
    // Up to 0.1.5 the prompt reads no archive.
    if (rules.recentHistory !== 'none') {
      const recent = memory.raises ? (memory.error ?? { type: 'AttributeError', message: `'${memory.raisesOn}' object has no attribute 'get'` }) : recentHistory(memory, input, count, rules);
      if (recent && 'type' in recent) {
        raises = recent;
        parts.push(part('recent-history', { sources: ['memory/history.jsonl'], exact: false, notes: ['archive-raises'] }));
      } else if (recent) {
        parts.push(recent);
        if (recent.text !== null) sections.push({ pieces: [recent.text], end: null });
        else {
          // Cut to the cap with nanobot's marker: its tokens are the cap's, a token or two either way.
          sections.push({ pieces: [recent.tokens], end: { sep: 0, nl: 0 } });
          unsure('recent-history-cut', 0, 2);
        }
      }
    }
  }
  // The session's pending summary closes the system prompt, in nanobot's frame with its last-active time.
  const summary = pendingSummary(input.metadata);
  if (summary !== null && rules.sessionSummary === 'system-prompt') {
    const frame = figures.summaryFrame!;
    const at = lastActive(input.metadata);
    const time = at === null ? rangeOf([countText(count, ' 2026-08-05T08:00:00'), countText(count, ' 2026-08-05T08:00:00.123456+02:00')]) : { tokens: countText(count, ` ${at}`), spread: 0 };
    if (at === null) unsure('summary-time', time.tokens, time.spread);
    if (/^[\r\n]/.test(summary)) unsure('join', 0, 1);
    const tokens = frame + time.tokens + countText(count, summary);
    parts.push(part('session-summary', { tokens, builtinTokens: frame, text: summary, sha256: sha256Text(summary), exact: at !== null, notes: ['pending-summary'] }));
    sections.push({ pieces: [frame, ...(at === null ? [] : [time.tokens]), summary], end: null });
  }

  // The system message as one text: sections joined by nanobot's separator.
  const system: Piece[] = [];
  sections.forEach((sec, i) => {
    system.push(...sec.pieces);
    if (i < sections.length - 1) system.push(...(sec.end ? [sec.end.sep, '---\n\n'] : [SEPARATOR]));
  });
  const systemTokens = (countPieces(system, count) ?? parts.reduce((a, p) => a + p.tokens, 0)) + identityUnknown + 4;

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
  const mergedIntoLast = rules.mergesIntoLastUser && !!last && dictGet(last, 'role') === 'user';
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

  // The runtime context after the user's text: its pieces, joined after that text.
  let runtimeContext: Turn['runtimeContext'];
  let block: Piece[] = [];
  let blockSep = '\n\n';
  const prefixed = rules.runtimeContext === 'clock-prefixed';
  if (rules.runtimeContext === 'clock-appended' || prefixed) {
    runtimeContext = prefixed ? 'prefixed-to-text' : 'appended-to-text';
    const frame = figures.clockFrame!;
    const chat = route !== null && route.channel !== '' && route.chatId !== '';
    const machine: MachineSlot[] = [];
    block = [chat ? frame.chat : frame.noChat];
    let clockTokens: number;
    if (input.clock) block.push((clockTokens = countText(count, ` ${input.clock}\n`)));
    else {
      const r = clockRange(count, rules.clockWithOffset);
      machine.push('clock');
      unsure('clock', r.tokens, r.spread);
      clockTokens = r.tokens;
    }
    if (chat) block.push(countText(count, ` ${route.channel}\n`), countText(count, ` ${route.chatId}\n`));
    else if (!route) machine.push('chat');
    // 0.1.5.post3: a pending summary inside the block, after how many minutes the session was idle.
    let summaryFrame = 0;
    let idleUnknown = 0;
    if (summary !== null && rules.sessionSummary === 'runtime-context') {
      summaryFrame = chat ? figures.runtimeSummaryFrame!.chat : figures.runtimeSummaryFrame!.noChat;
      block.push(summaryFrame);
      const idle = idleMinutes(input.now, lastActive(input.metadata));
      if (idle !== null) block.push(countText(count, ` ${idle}`));
      else {
        const r = rangeOf([countText(count, ' 5'), countText(count, ' 12345')]);
        unsure('summary-time', r.tokens, r.spread);
        idleUnknown = r.tokens;
      }
      block.push(countText(count, ` ${summary}\n`));
      if (/^[\r\n]/.test(summary)) unsure('join', 0, 1);
    }
    const sep = prefixed ? figures.clockPrefixSep![chat ? 'chat' : 'noChat'] : countText(count, '\n\n');
    const tokens = (block as number[]).reduce((a, b) => a + b, 0) + (input.clock ? 0 : clockTokens) + idleUnknown + sep;
    parts.push(part('runtime-context', { tokens, builtinTokens: (chat ? frame.chat : frame.noChat) + summaryFrame, exact: !machine.length && !idleUnknown, machine, notes: summaryFrame ? ['pending-summary'] : [] }));
    if (prefixed) block.push(sep);
  } else {
    const skillsBlock = explicitSkills(ws, input.message, rules, count);
    if (skillsBlock) {
      runtimeContext = 'marker';
      parts.push(skillsBlock.part);
      const frame = figures.explicitSkills!;
      block = [frame.head, ...(skillsBlock.body ? [`${skillsBlock.body}\n`] : []), frame.tail];
      if (skillsBlock.part.notes.includes('builtin-skill-mentioned')) unsure('builtin-skill', 0, null);
      blockSep = input.message || mergedIntoLast ? '\n\n' : '';
    } else {
      runtimeContext = 'none';
      parts.push(part('runtime-context', { tokens: 0, exact: false, machine: ['runtime-providers'], notes: ['no-blocks-without-providers'] }));
    }
  }

  // nanobot's estimate of the whole request: the system text, then every message's parts, joined by `\n`.
  const request: Piece[] = [...system];
  let meets = sections[sections.length - 1]!.end;
  const join = (text: string) => {
    if (meets === null) request.push(`\n${text}`);
    else {
      if (meets.nl === null) unsure('join', 0, 1);
      else request.push(meets.nl);
      if (/^[\r\n]/.test(text)) unsure('join', 0, 1);
      request.push(text);
      meets = null;
    }
  };
  // 0.1.4.post5's estimate joins the messages' content alone, with nothing per message.
  const contentOnly = rules.requestEstimate !== 'message-parts';
  const perMessage = contentOnly ? 0 : 4;
  let fails = false;
  try {
    for (const m of messages.slice(0, -1)) for (const t of promptParts(m, version, contentOnly)) join(t);
    const texts = promptParts(current, version, contentOnly);
    const at = block.length ? promptParts({ content: dictGet(current, 'content') ?? null }, version, contentOnly).length - 1 : -1;
    texts.forEach((t, i) => {
      if (i === at && prefixed) {
        // The block before the message's text (after a merged-into message's text and its `\n\n`).
        const head = t.slice(0, t.length - input.message.length);
        join(head);
        request.push(...block);
        if (/^\s/.test(input.message)) unsure('join', 0, 1);
        request.push(input.message);
        return;
      }
      join(i === at ? t + blockSep : t);
      if (i !== at) return;
      request.push(...block);
      meets = { sep: 0, nl: null };
    });
  } catch (e) {
    if (!(e instanceof TokenEstimateError)) throw e;
    fails = true;
  }
  const counted = fails ? null : countPieces(request, count);
  let total: number;
  if (counted !== null) total = counted + perMessage * (messages.length + 1) + unknown.reduce((a, u) => a + u.tokens, 0);
  else if (figures.fallback === 'zero') {
    // v0.2's estimator answers 0 whenever encoding fails: nothing unknown changes that.
    total = 0;
    unknown.length = 0;
  } else {
    // Later versions count UTF-8 bytes (a special token) or raise (a non-text block): not known here.
    total = pieceBytes(request) + perMessage * (messages.length + 1);
    unsure('estimate-fails', 0, null);
  }
  const spread = unknown.some((u) => u.spread === null) ? null : unknown.reduce((a, u) => a + u.spread!, 0);
  return {
    version,
    figures: rules.figures,
    figuresFrom: rules.figuresFrom,
    nanobotCounts: rules.requestEstimate !== 'none',
    parts,
    leftOut,
    messages,
    runtimeContext,
    mergedIntoLast,
    systemTokens,
    historyTokens,
    currentTokens,
    total,
    unknown,
    spread,
    exact: unknown.length === 0,
    contextWindow: input.contextWindow ?? null,
    memory,
    raises,
  };
}
