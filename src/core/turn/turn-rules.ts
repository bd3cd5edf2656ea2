/**
 * The turn's column of the version table: what `ContextBuilder.build_messages`, `MemoryStore` and
 * `_save_turn` do at each release (spec §11), nanobot's own texts kept as figures (token counts and
 * SHA-256, measured by scripts/turn-golden.py), never as text. It sits beside the session rules
 * (nanobot-version.ts) rather than in them because only the Context tab, the memory page and the
 * save traces read it: the first screen's JavaScript does not carry these figures.
 */
import type { NanobotVersion } from '../nanobot/nanobot-version';

/** A template nanobot ships: the SHA-256 of its stripped text (how "untouched" is judged) and its size. */
interface TemplateFigure {
  sha256: string;
  /** cl100k tokens of the template, and of its `## NAME` section in the system prompt. */
  tokens: number;
  sectionTokens: number;
}

/** The workspace files nanobot ships templates for. */
export type TemplateName = 'AGENTS.md' | 'SOUL.md' | 'USER.md' | 'memory/MEMORY.md' | 'legacy/SOUL.md';

/**
 * What `ContextBuilder` puts before the replay, and what `_save_turn` changes, at one version.
 * nanobot's own texts are kept as figures (tokens, hashes), never as text.
 */
export interface TurnRules {
  /**
   * Whether the figures below (templates, nanobot's own texts, `joined`) were measured with this release's own
   * code, or stand in from `figuresFrom`'s: the app must then say the totals are not this release's.
   */
  figures: 'measured' | 'stand-in';
  /** The release whose code measured the figures (this one when measured). */
  figuresFrom: NanobotVersion;
  templates: Partial<Record<TemplateName, TemplateFigure>>;
  /** The workspace files put in the system prompt as `## NAME` sections, in order (TOOLS.md until 0.2.0, IDENTITY.md until 0.1.4.post3). */
  bootstrapFiles: readonly string[];
  /** memory/MEMORY.md equal to its template is left out of the prompt (from 0.1.5.post3). */
  memoryTemplateSkipped: boolean;
  /**
   * The archive: memory/HISTORY.md (grep-searchable, never in the prompt) before 0.1.5, then memory/history.jsonl.
   */
  memoryArchive: 'HISTORY.md' | 'history.jsonl';
  /**
   * The archive's recent entries in the system prompt: none (up to 0.1.5), the last 50 uncut (0.1.5.post1, post2:
   * their reader checks no entry, which is not modelled: entries are read as 0.2.0 reads them), or cut to a cap.
   */
  recentHistory: 'none' | 'uncapped' | 'capped';
  /** How the recent history is cut: to 32,000 characters with nanobot's marker (up to 0.2.1), or to 8,000 tokens (from 0.2.2). */
  recentHistoryCut: 'chars' | 'tokens';
  /**
   * An archive entry whose timestamp or content is not text (or session_key neither text nor null) is dropped (from
   * 0.2.2); before, it is kept and printed as Python's str() of the value, and one missing either key raises KeyError.
   */
  historyEntriesChecked: boolean;
  /**
   * An archive line's cursor is checked (from 0.1.5.post2: a missing, bool or negative one is dropped); before, every
   * JSON line is an entry and its cursor is compared as it is: a bool as its int, a missing one raises KeyError, one
   * that is not a number (or a line that is not an object) raises TypeError.
   */
  historyCursorsChecked: boolean;
  /** Only this session's entries (and, unified, the non-internal ones) go in (from 0.2.2); before, every unprocessed entry. */
  recentHistoryBySession: boolean;
  /** Bootstrap files left out when equal (stripped) to their template: none in v0.2; AGENTS.md and USER.md later. */
  skippedWhenTemplate: readonly string[];
  /** A SOUL.md equal to the legacy template is replaced by the current template's text. */
  legacySoulReplaced: boolean;
  /** A bootstrap file holding only whitespace is left out. */
  blankBootstrapSkipped: boolean;
  /** The identity section with its machine slots empty (Linux, no channel): tokens. */
  identityTokens: number;
  /** How often the identity spells out the workspace path (main: 0 when the project is the agent's workspace). */
  identityWorkspaceSlots: number;
  /** nanobot's tool contract after the bootstrap files (from 0.2.1); null: the prompt has none. */
  toolContractTokens: number | null;
  /** The skills section's own words around the summary. */
  skillsSectionTokens: number;
  /** Built-in skills marked always (loaded whole): names and their section's tokens. */
  builtinActiveSkills: readonly string[];
  builtinActiveSkillsTokens: number;
  /** The built-in skills' lines of the summary (none of their requirements found). */
  builtinSkillsSummaryTokens: number;
  /** The skills summary also lists the always-on skills, loaded whole above it (0.1.5.post1 and before). */
  skillsSummaryListsActive: boolean;
  /**
   * Skills summary shape: 0.1.5.post1 one XML list with absolute paths; v0.2 one flat list with absolute paths; later
   * grouped, with the root absolute or `skills`.
   */
  skillsSummary: 'xml-absolute' | 'flat-absolute' | 'grouped-absolute-root' | 'grouped-relative-root';
  /**
   * Runtime context: a clock block before the user's text (0.1.5.post3), appended after it (0.2.0 to v0.2); later only
   * providers' blocks, with a marker.
   */
  runtimeContext: 'clock-prefixed' | 'clock-appended' | 'provider-blocks';
  /**
   * Where a pending session summary goes: the end of the system prompt, or (0.1.5.post1 to post3) the runtime block,
   * with its idle minutes; 0.1.5 and before have none.
   */
  sessionSummary: 'system-prompt' | 'runtime-context' | 'none';
  /** The clock line ends with the zone's offset (`(UTC, UTC+00:00)`); 0.1.4.post5 prints the zone's name alone. */
  clockWithOffset: boolean;
  /** The clock block's own words (with `\n\n` before it), the time left out; null where there is none. */
  runtimeFrameTokens: number | null;
  /** A history.jsonl line that is JSON but not an object: MemoryStore raises on it, or skips it. */
  historyNonObjects: 'raise' | 'skip';
  /**
   * What a turn leaves in the file: its messages (`_save_turn`), or (0.1.4, post1, which have none) the user's text
   * and the final reply naming the tools it used (`tools_used`): the tool calls and results are never saved.
   */
  saveTurn: 'messages' | 'reply-only';
  /**
   * The model saw a runtime-context block the save leaves out: appended (v0.2, 0.2.x), a message of its own
   * (0.1.4.post3) or a prefix (post4–0.1.5.post3). Not at 0.1.4/post1 (none), post2 (saved in the user's text),
   * nor v0.3.0+ (kept with a marker).
   */
  saveStripsRuntimeContext: boolean;
  /** An empty assistant reply without tool calls is not saved (from 0.1.4.post3). */
  saveSkipsEmptyReply: boolean;
  /** Inline images on save: kept as data URLs (post2), `[image]` in user turns only (post3–post5), `[image: path]` everywhere. */
  saveImages: 'kept' | 'user-bare' | 'with-path';
  /**
   * A tool result made of blocks: kept as it is (post2–post5), its texts cut like a string result, or (0.1.5) the
   * save raises TypeError (its sanitizer's `truncate_text` flag hides the function of that name): the turn is lost.
   */
  saveBlockResults: 'kept' | 'truncated' | 'raises';
  /** `_save_turn` also drops a tool result for a call already answered. */
  saveDropsAnsweredResults: boolean;
  /** `_save_turn` drops a tool result whose call no earlier assistant message made (from 0.2.2). */
  saveDropsOrphanResults: boolean;
  /** A current message after a last user message is merged into it (from 0.1.5); before, it is a user message of its own. */
  mergesIntoLastUser: boolean;
  /** Merging the current message into a last user message keeps that message's text when the new one is empty. */
  mergeKeepsLeftOnEmpty: boolean;
  /** With a pending session summary, the recent-history entry of this session holding the same text is left out. */
  summaryDedupesHistory: boolean;
  /** The built-in skills' names (folder names: what a `$name` mention can also reach). */
  builtinSkills: readonly string[];
  /** Skills the message names with `$name` are loaded into a runtime-context block (main): its frame's tokens; null: no such block. */
  explicitSkillsFrameTokens: number | null;
  /**
   * What nanobot's estimate of the whole request joins: every message's content, tool calls, reasoning, name and id,
   * with 4 tokens per message; or (0.1.4.post5) the content alone, with nothing per message; or (up to 0.1.4.post4)
   * nothing: nanobot never counts, and the turn counts the content alone, saying the number is not nanobot's.
   */
  requestEstimate: 'message-parts' | 'content-only' | 'none';
  /** nanobot's own texts where they meet the rest of the request, for its estimate of the joined request. */
  joined: JoinedFigures;
}

/**
 * Figures (scripts/turn-golden.py, `joined_figures`) for `estimate_prompt_tokens_chain`, which encodes
 * the whole request as one text: each of nanobot's texts alone, and the tokens the text after it adds
 * where the two meet. A slot value (workspace path, platform line, clock) joins as its own pieces.
 */
interface JoinedFigures {
  /** The identity's tokens without its platform line and path slots, per format-hint group (0: no hint). */
  identity: readonly number[];
  /** The channels whose format hint is a group other than 0. */
  formatHints: Readonly<Record<string, number>>;
  /** Times the identity spells the workspace path (each joins as `' ' + path`). */
  identitySlots: number;
  /** What `\n\n` adds after the identity, the tool contract; the Windows policy over the POSIX one. */
  identitySep: number;
  identityWindows: number;
  toolContractSep: number | null;
  /** What `\n\n` adds after nanobot's SOUL.md section (put in place of a legacy SOUL.md). */
  soulSep: number;
  /** Each built-in always-on skill's `### Skill:` section with the `\n\n` after it. */
  builtinActive: Readonly<Record<string, number>>;
  /** The skills section's words before the summary; the built-in skills' lines (or group), alone and with `\n\n` / `\n` after. */
  skillsHead: number;
  builtinSummary: { tokens: number; sep: number; nl: number };
  /** v0.2's runtime block without the time, channel and chat id (each joins as `' ' + value + '\n'`). */
  clockFrame: { chat: number; noChat: number } | null;
  /** The pending summary's frame without its last-active time (`' ' + iso`) and text; null where it is in the runtime block. */
  summaryFrame: number | null;
  /** 0.1.5.post3: the summary's words in the runtime block, without the idle minutes (`' ' + n`) and text (`' ' + text + '\n'`). */
  runtimeSummaryFrame: { chat: number; noChat: number } | null;
  /**
   * What the `\n\n` after a runtime block before the user's text adds, with a chat id or without (0.1.5's block has no
   * closing line: the `\n\n` meets the clock or the id); null where the block is not before the text.
   */
  clockPrefixSep: { chat: number; noChat: number } | null;
  /** 0.1.5.post1's XML skills list: the tokens of its opening (`<skills>\n`) and closing (`</skills>`) lines; null elsewhere. */
  xmlSkills: { open: number; close: number } | null;
  /** main's `$name` skills block: its words before and after the skills. */
  explicitSkills: { head: number; tail: number } | null;
  /** When the estimate fails (a special token, a non-text block): v0.2 answers 0, later the UTF-8 byte count. */
  fallback: 'zero' | 'utf8-bytes';
}

const V02: TurnRules = {
  figures: 'measured',
  figuresFrom: 'v0.2',
  bootstrapFiles: ['AGENTS.md', 'SOUL.md', 'USER.md'],
  memoryTemplateSkipped: true,
  memoryArchive: 'history.jsonl',
  recentHistory: 'capped',
  recentHistoryCut: 'tokens',
  historyEntriesChecked: true,
  historyCursorsChecked: true,
  recentHistoryBySession: true,
  saveTurn: 'messages',
  saveStripsRuntimeContext: true,
  saveSkipsEmptyReply: true,
  saveImages: 'with-path',
  saveBlockResults: 'truncated',
  templates: {
  'AGENTS.md': { sha256: '61b941bbfc6b64948fcaf367c261f0c3e000bf1f645d8626b9edaaf7830cf73c', tokens: 339, sectionTokens: 344 },
  'SOUL.md': { sha256: '6c43514d333c982fd9273955d37029b92d1bf675c9cea7d8403554f3cda3ad52', tokens: 221, sectionTokens: 226 },
  'USER.md': { sha256: '4a69b5be617ad5a182d7411d76e3c42ed6483e3c737308f481d64c6e3ccc89c1', tokens: 202, sectionTokens: 206 },
  'memory/MEMORY.md': { sha256: 'd22710640c228b702c0d8d36196040ed56a734c13ca69afd14cb5888c894bb76', tokens: 72, sectionTokens: 79 },
  },
  skippedWhenTemplate: [],
  legacySoulReplaced: false,
  blankBootstrapSkipped: false,
  identityTokens: 406,
  identityWorkspaceSlots: 4,
  toolContractTokens: 1018,
  skillsSectionTokens: 44,
  builtinActiveSkills: ['memory', 'my'],
  builtinActiveSkillsTokens: 1014,
  builtinSkillsSummaryTokens: 502,
  skillsSummaryListsActive: false,
  skillsSummary: 'flat-absolute',
  runtimeContext: 'clock-appended',
  sessionSummary: 'system-prompt',
  clockWithOffset: true,
  runtimeFrameTokens: 19,
  historyNonObjects: 'raise',
  saveDropsAnsweredResults: false,
  saveDropsOrphanResults: true,
  mergesIntoLastUser: true,
  mergeKeepsLeftOnEmpty: false,
  summaryDedupesHistory: false,
  builtinSkills: ['clawhub', 'cron', 'github', 'image-generation', 'long-goal', 'memory', 'my', 'skill-creator', 'summarize', 'tmux', 'update-setup', 'weather'],
  requestEstimate: 'message-parts',
  explicitSkillsFrameTokens: null,
  joined: {
    identity: [405, 429, 442, 428, 429],
    formatHints: { cli: 1, mochat: 1, telegram: 2, qq: 2, discord: 2, whatsapp: 3, sms: 3, email: 4 },
    identitySlots: 4,
    identitySep: 0,
    identityWindows: 21,
    toolContractSep: 0,
    soulSep: 0,
    builtinActive: { my: 574, memory: 435 },
    skillsHead: 44,
    builtinSummary: { tokens: 502, sep: 0, nl: 0 },
    clockFrame: { chat: 22, noChat: 17 },
    summaryFrame: 13,
    runtimeSummaryFrame: null,
    clockPrefixSep: null,
    xmlSkills: null,
    explicitSkills: null,
    fallback: 'zero',
  },
};

// main: its templates' skips and legacy SOUL.md, a tool contract, no always-on built-in skill, a skills summary under a
// relative root, providers' blocks in place of the clock, and a save that keeps the runtime context and drops a
// result for a call already answered.
const MAIN: TurnRules = {
  ...V02,
  figuresFrom: 'main',
  saveStripsRuntimeContext: false,
  templates: {
    ...V02.templates,
    'AGENTS.md': { sha256: 'b5d3a9f71da9ae2f28a431ed3edb32a622b56d9b7501aa8ae75dad87ea692dfd', tokens: 413, sectionTokens: 418 },
    'SOUL.md': { sha256: '0351091f89de5e7162f4883af295fe0af039c3f78f93cb1232e9aa7dcb49cf6f', tokens: 97, sectionTokens: 102 },
    'legacy/SOUL.md': { sha256: '34cb8ffca9dcb097be57e03b39a1570b9adecd3f4c2101720fe9827b62e1b1d9', tokens: 178, sectionTokens: 185 },
  },
  skippedWhenTemplate: ['AGENTS.md', 'USER.md'],
  legacySoulReplaced: true,
  blankBootstrapSkipped: true,
  identityTokens: 183,
  identityWorkspaceSlots: 0,
  toolContractTokens: 1322,
  skillsSectionTokens: 30,
  builtinActiveSkills: [],
  builtinActiveSkillsTokens: 0,
  builtinSkillsSummaryTokens: 464,
  skillsSummary: 'grouped-relative-root',
  runtimeContext: 'provider-blocks',
  runtimeFrameTokens: null,
  historyNonObjects: 'skip',
  saveDropsAnsweredResults: true,
  mergeKeepsLeftOnEmpty: true,
  summaryDedupesHistory: true,
  builtinSkills: ['clawhub', 'cron', 'github', 'image-generation', 'memory', 'my', 'skill-creator', 'summarize', 'tmux', 'update-setup', 'weather'],
  explicitSkillsFrameTokens: 15,
  joined: {
    ...V02.joined,
    identity: [184, 208, 221, 207, 208],
    identitySlots: 0,
    builtinActive: {},
    skillsHead: 30,
    builtinSummary: { tokens: 464, sep: 0, nl: 0 },
    clockFrame: null,
    explicitSkills: { head: 10, tail: 4 },
    fallback: 'utf8-bytes',
  },
};

// v0.3.0: main's but for an identity that spells the workspace path (6 times), a skills summary under its absolute
// root, a history.jsonl that raises on a line not an object, and a save that keeps a result for a call already
// answered; no `$name` skills block, no dedupe of the summary from the recent history.
const V030: TurnRules = {
  ...MAIN,
  figuresFrom: 'v0.3.0',
  identityTokens: 196,
  identityWorkspaceSlots: 6,
  skillsSectionTokens: 31,
  builtinSkillsSummaryTokens: 479,
  skillsSummary: 'grouped-absolute-root',
  historyNonObjects: 'raise',
  saveDropsAnsweredResults: false,
  summaryDedupesHistory: false,
  explicitSkillsFrameTokens: null,
  joined: {
    ...MAIN.joined,
    identity: [195, 219, 232, 218, 219],
    identitySlots: 6,
    skillsHead: 31,
    builtinSummary: { tokens: 479, sep: 0, nl: 0 },
    explicitSkills: null,
  },
};

/**
 * The pip releases before v0.2's commit, measured by scripts/turn-golden.py (test/turn-golden/0.2.x.json) and
 * save-turn-golden.py at each tag. 0.2.2 measured v0.2's figures but for its built-in skills' summary, which spells
 * its own install path.
 */
const R022: TurnRules = {
  ...V02,
  figuresFrom: '0.2.2',
  templates: { ...V02.templates },
  builtinSkillsSummaryTokens: 522,
  joined: { ...V02.joined, builtinSummary: { tokens: 522, sep: 0, nl: 0 } },
};
// 0.2.1: an older AGENTS.md, tool contract and `my` skill; its _save_turn keeps an orphan tool result.
const R021: TurnRules = {
  ...R022,
  figuresFrom: '0.2.1',
  recentHistoryBySession: false,
  recentHistoryCut: 'chars',
  historyEntriesChecked: false,
  templates: { ...R022.templates, 'AGENTS.md': { sha256: '25219951efc876b51d26b6a0d1b77cb98531024ae3a86193583568eb6043d056', tokens: 318, sectionTokens: 323 } },
  toolContractTokens: 1017,
  builtinActiveSkillsTokens: 953,
  saveDropsOrphanResults: false,
  joined: { ...R022.joined, builtinActive: { my: 513, memory: 435 } },
};
// 0.2.0: its save measured as 0.2.1's; its request has TOOLS.md as a section, no tool contract, an older AGENTS.md and identity.
const R020: TurnRules = {
  ...R021,
  figuresFrom: '0.2.0',
  bootstrapFiles: ['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md'],
  templates: { ...R021.templates, 'AGENTS.md': { sha256: 'ef9a32c25961bc7af900cd39565c1fb3b7c1ff153f69c738f5ca81f9815d6ee4', tokens: 197, sectionTokens: 202 } },
  identityTokens: 417,
  toolContractTokens: null,
  joined: { ...R021.joined, identity: [416, 440, 453, 439, 440], toolContractSep: null },
};

// The 0.1.x releases. From 0.1.4.post5 on the request is measured (turn-golden.py at each tag). The older ones' is
// not: their ContextBuilder differs in more than figures (5 bootstrap files) and they have no token estimator,
// which the turn does not model. They count nanobot's own texts with post5's
// figures, and say so (`figures: 'stand-in'`). Their save is measured (save-turn-golden.py at each tag), each
// spreading the one after it.
// 0.1.5.post3 (measured): the runtime block before the user's text, the pending summary in it; fewer built-in skills.
const R01503: TurnRules = {
  ...R020,
  figuresFrom: '0.1.5.post3',
  runtimeContext: 'clock-prefixed',
  sessionSummary: 'runtime-context',
  identityTokens: 334,
  builtinSkillsSummaryTokens: 402,
  builtinSkills: ['clawhub', 'cron', 'github', 'memory', 'my', 'skill-creator', 'summarize', 'tmux', 'weather'],
  joined: { ...R020.joined, identity: [333, 357, 370, 356, 357], builtinSummary: { tokens: 402, sep: 0, nl: 0 }, summaryFrame: null, runtimeSummaryFrame: { chat: 13, noChat: 13 }, clockPrefixSep: { chat: 0, noChat: 0 } },
};
// 0.1.5.post2 (measured): the recent history not cut; an older identity.
const R01502: TurnRules = {
  ...R01503,
  figuresFrom: '0.1.5.post2',
  recentHistory: 'uncapped',
  identityTokens: 316,
  joined: { ...R01503.joined, identity: [315, 339, 352, 338, 339] },
};
// 0.1.5.post1: its MEMORY.md template is not left out (post2 added the check).
const R01501: TurnRules = {
  ...R01502,
  figuresFrom: '0.1.5.post1',
  memoryTemplateSkipped: false,
  historyCursorsChecked: false,
  skillsSummaryListsActive: true,
  skillsSummary: 'xml-absolute',
  templates: { ...R01502.templates, 'SOUL.md': { sha256: '42b20573f6738205dace3cfad0ea9d78dc710a275801527664a75d34fb2dc387', tokens: 94, sectionTokens: 99 } },
  identityTokens: 452,
  skillsSectionTokens: 48,
  builtinActiveSkills: ['memory'],
  builtinActiveSkillsTokens: 439,
  builtinSkillsSummaryTokens: 649,
  builtinSkills: ['clawhub', 'cron', 'github', 'memory', 'skill-creator', 'summarize', 'tmux', 'weather'],
  joined: { ...R01502.joined, identity: [451, 475, 488, 474, 475], builtinActive: { memory: 435 }, skillsHead: 48, builtinSummary: { tokens: 649, sep: 0, nl: 0 }, xmlSkills: { open: 3, close: 3 } },
};
// 0.1.5 (measured): no recent history, no session summary, no channel in the identity, a runtime block without its
// closing line; older templates.
const R015: TurnRules = {
  ...R01501,
  figuresFrom: '0.1.5',
  recentHistory: 'none',
  saveBlockResults: 'raises',
  sessionSummary: 'none',
  templates: {
    ...R01501.templates,
    'AGENTS.md': { sha256: '15d53dd70ccb682673b87ef7d7c526d54db61e7a6b877253088370a7a0058cd4', tokens: 212, sectionTokens: 217 },
    'SOUL.md': { sha256: '4c94411ddfd965484aa8ac9981561324b8035c026bb903d5d379adea41ec53e8', tokens: 83, sectionTokens: 88 },
  },
  identityTokens: 428,
  builtinSkillsSummaryTokens: 633,
  runtimeFrameTokens: 15,
  joined: {
    ...R01501.joined,
    identity: [427],
    formatHints: {},
    builtinSummary: { tokens: 633, sep: 0, nl: 0 },
    clockFrame: { chat: 17, noChat: 13 },
    clockPrefixSep: { chat: 1, noChat: 0 },
    runtimeSummaryFrame: null,
    summaryFrame: null,
  },
};
// 0.1.4.post6 (measured): MEMORY.md + HISTORY.md; its identity and skills section written in code; the current
// message never merged into a last user message.
const R01406: TurnRules = {
  ...R015,
  figuresFrom: '0.1.4.post6',
  memoryArchive: 'HISTORY.md',
  saveBlockResults: 'truncated',
  mergesIntoLastUser: false,
  identityTokens: 367,
  builtinActiveSkillsTokens: 333,
  builtinSkillsSummaryTokens: 647,
  joined: { ...R015.joined, identity: [366], builtinActive: { memory: 329 }, builtinSummary: { tokens: 647, sep: 0, nl: 0 } },
};
// 0.1.4.post5 (measured): an older identity; its estimate of the request counts the messages' content alone.
const R01405: TurnRules = {
  ...R01406,
  figuresFrom: '0.1.4.post5',
  saveImages: 'user-bare',
  saveBlockResults: 'kept',
  requestEstimate: 'content-only',
  clockWithOffset: false,
  identityTokens: 253,
  joined: { ...R01406.joined, identity: [252] },
};
// 0.1.4.post4 and older stand in with 0.1.4.post5's figures, and never count the request's tokens: the total is
// counted as post5 counts it, and the turn says it is not nanobot's. post4 reads 4 bootstrap files (its
// ContextBuilder, run by turn-golden.py), post3 and older IDENTITY.md too.
const R01404: TurnRules = { ...R01405, figures: 'stand-in', requestEstimate: 'none' };
const R01403: TurnRules = { ...R01404, bootstrapFiles: ['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md', 'IDENTITY.md'] };
const R01402: TurnRules = { ...R01403, saveStripsRuntimeContext: false, saveSkipsEmptyReply: false, saveImages: 'kept' };
const R014: TurnRules = { ...R01402, saveTurn: 'reply-only' }; // and post1

const TURN_RULES: Record<NanobotVersion, TurnRules> = { '0.1.4': R014, '0.1.4.post1': R014, '0.1.4.post2': R01402, '0.1.4.post3': R01403, '0.1.4.post4': R01404, '0.1.4.post5': R01405, '0.1.4.post6': R01406, '0.1.5': R015, '0.1.5.post1': R01501, '0.1.5.post2': R01502, '0.1.5.post3': R01503, '0.2.0': R020, '0.2.1': R021, '0.2.2': R022, 'v0.2': V02, 'v0.3.0': V030, main: MAIN };

/** The turn's rules at `version` (as `rulesOf` is for the session's). */
export function turnRulesOf(version: NanobotVersion): TurnRules {
  return TURN_RULES[version];
}
