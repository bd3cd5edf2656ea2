/**
 * The nanobot releases Session Lens answers for, and every session rule that differs between them,
 * as one table of named choices. Read a column to see one release; read a row to see what changed.
 * Adding a release is adding a column here and in the turn's table (src/core/turn/turn-rules.ts), and a golden
 * corpus, not editing the functions.
 * Source: ../shared/spec/nanobot-versions.md (§ numbers below refer to it).
 */

/** Oldest first. The pip releases go by their pip name ('0.2.1'); 'v0.2' is the commit two days after 0.2.2. */
export const NANOBOT_VERSIONS = [
  '0.1.4', '0.1.4.post1', '0.1.4.post2', '0.1.4.post3', '0.1.4.post4', '0.1.4.post5', '0.1.4.post6',
  '0.1.5', '0.1.5.post1', '0.1.5.post2', '0.1.5.post3',
  '0.2.0', '0.2.1', '0.2.2', 'v0.2', 'v0.3.0', 'main',
] as const;
export type NanobotVersion = (typeof NANOBOT_VERSIONS)[number];

/** True for a string naming a known version (for links, CLI flags and stored settings). */
export function isNanobotVersion(v: unknown): v is NanobotVersion {
  return typeof v === 'string' && (NANOBOT_VERSIONS as readonly string[]).includes(v);
}

/**
 * The version a user's spelling names: its own name, or a release's git tag (`v0.2.1` for pip's `0.2.1`),
 * read from each column's `tag`; null when nothing does. The CLI's `--nanobot` takes either.
 */
export function versionNamed(v: string): NanobotVersion | null {
  if (isNanobotVersion(v)) return v;
  return NANOBOT_VERSIONS.find((x) => VERSION_RULES[x].tag === v) ?? null;
}

export interface VersionRules {
  version: NanobotVersion;
  /** How people name it: the one way the app, its languages and the CLI write a version ("nanobot v0.2"). */
  label: string;
  /** The git tag of a pip release (`v0.2.1`), another way users write it; null for a commit that is no release. */
  tag: string | null;
  commit: string;
  date: string;

  // §1 files and keys
  /** The file stem of a key: v0.2's lossy safe_key, or base64url of the key's UTF-8. */
  fileStem: 'safe-key' | 'base64url';
  /** The key listing derives from a stem when the metadata holds none (§27). */
  stemKey: 'first-underscore' | 'decoded-else-first-underscore' | 'canonical-only';
  /**
   * The listing's key: the metadata's when it holds one, else the stem's (`stemKey`); or (0.1.4, whose metadata
   * has no key) always the file name with every `_` turned into `:`.
   */
  listingKey: 'metadata-else-stem' | 'every-underscore';
  /** Where the sessions live (§1, §8). */
  sessionsHome: 'workspace' | 'namespace';
  /** The names `delete_session(key)` removes in the sessions folder: the lossy one, or the canonical one too (§13). */
  deleteNames: 'lossy' | 'canonical-and-lossy';
  /** `delete_session` exists (from 0.1.5.post2); before, nanobot deletes nothing itself. */
  deleteSession: boolean;
  /** `delete_session` also removes the global legacy file (`~/.nanobot/sessions`, from 0.2.2); before, the sessions folder's only. */
  deleteLegacy: boolean;

  // §2–3 records and loading
  /** `{"_type": "provider_state"}` is a private record, not a message (§15–17). */
  providerStateRecord: boolean;
  /** `_runtime_context` markers exist: public view, previews and forks strip them (§19). */
  runtimeContext: boolean;
  /** The exception a non-object line raises in the strict pass (§20). */
  nonObjectLine: 'AttributeError' | 'ValueError';
  /** Which strict-pass exceptions start the repair pass; others propagate out of `_load` (§21). */
  repairCatches: 'any' | 'data-errors';
  /** The repair pass skips non-object lines instead of giving up (§22). */
  repairSkipsNonObjects: boolean;
  /** Metadata record fields are type-checked: metadata a dict, times non-empty strings, an int cursor (§20, §24, §30). */
  typedMetadata: boolean;
  /** v0.2's listing repair reads `safe_key(fallback key)`, not the listed file (§23). */
  listingRepairReadsFallbackFile: boolean;
  /** Reading a listing head: only data errors become a repair row, others propagate (§31); or any error leaves the file out (before 0.1.5.post2: no repair pass). */
  headErrorsToRepair: 'any' | 'data-errors' | 'none';
  /**
   * How the listing's preview scan skips non-message records: `_type == "metadata"`, or main's
   * `_type in {"metadata", "provider_state"}`, where an unhashable `_type` (a list or dict) raises
   * TypeError and the file's row comes from the repair pass (§29, §31).
   */
  previewSkipTest: 'equals-metadata' | 'in-set';

  // §5 get_history (each row read from the tag's own `Session.get_history` and its agent loop's call)
  /** The signature's default `max_messages` (500 before 0.1.5.post3). */
  defaultMaxMessages: number;
  /** What `max_messages <= 0` means: a window of that many, or none (null). */
  nonPositiveMaxMessages: number | null;
  /**
   * Before 0.1.5.post3 a negative `max_messages` is Python's `[-n:]` as written: `-3` leaves out the first 3
   * ('drops-first'); later it means the same as 0 ('non-positive').
   */
  negativeMaxMessages: 'non-positive' | 'drops-first';
  /** The replay starts at `last_consolidated`; 0.1.4 and post1 replay the whole file's tail, archived or not. */
  replaySkipsConsolidated: boolean;
  /** The cut to the window's first user turn: none (0.1.4, post1), to the user, or also to a `_channel_delivery` just before it. */
  replayUserStart: 'none' | 'user' | 'user-or-delivery';
  /** Tool results whose call is not in the window are dropped with what comes before them (from 0.1.4.post5). */
  replayOrphanDrop: boolean;
  /** `max_tokens` exists: the newest entries within a token budget (from 0.1.5.post3). */
  replayBudget: boolean;
  /** `_command` rows are left out of the replay (from 0.2.0). */
  replaySkipsCommands: boolean;
  /** Assistant text is cleaned (`_sanitize_assistant_replay_text`) and a blank one dropped (from 0.2.0). */
  replayCleansAssistant: boolean;
  /** `[image: …]` breadcrumbs from `media`: none, on any role's string content (0.1.5.post3), or on user turns only. */
  mediaBreadcrumbs: 'none' | 'any-role' | 'user';
  /** `include_timestamps` also marks an assistant `_channel_delivery` (0.1.5.post3). */
  deliveryTimestamps: boolean;
  /** The message fields an entry carries beside role and content. */
  replayFields: readonly string[];
  /** The agent loop's `max_messages` when its config sets none: `memory_window` 50 or 100, or the config's 120. */
  loopDefaultWindow: number;
  /** With `last_consolidated > 0`, the archived tail replayed again (0: none) (§35). */
  archivedReplayTail: number;
  /** The agent loop's `max_messages` (§41–43): the config value (`memory_window` before 0.1.4.post5), derived from the context window, or none (`max_messages=0`: every unconsolidated message). */
  loopWindow: 'config' | 'context-window' | 'none';
  /** The config's default `context_window_tokens`, from which the agent loop's replay budget follows (65,536 gives 56,320; 200,000 gives 190,784). */
  defaultContextWindow: number;
  /** `get_history` and `retain_recent_legal_suffix` take `extend_to_user`; without it the flag changes nothing. */
  extendToUser: boolean;
  /**
   * `Session.__post_init__` resets a `last_consolidated` that is not an int in 0…len(messages) to 0. Without it
   * the stored value is used as is: a slice start (a negative one counts from the end, `true` is 1, `null` the
   * whole list), and a string or float raises TypeError in every replay.
   */
  lastConsolidatedChecked: boolean;
  /** CLI-app breadcrumbs (`cli_apps`) on replayed user turns. */
  cliAppBreadcrumbs: boolean;
  /** `include_timestamps` exists: `[Message Time: …]` on user turns (§36). */
  timestamps: boolean;
  /** MCP-preset breadcrumbs (§36). */
  mcpPresetBreadcrumbs: boolean;
  /** A non-empty `media` list without usable paths still appends `"\n"` (§37). */
  bareMediaNewline: boolean;
  /** CLI-app breadcrumbs only with include_runtime_context and no object `_runtime_context` (§38). */
  cliAppsNeedRuntimeContext: boolean;

  // listing
  /** The listing's rows carry `title` and `preview` (from 0.2.0); before, only key, times and path. */
  listingPreview: boolean;
  /** The sidebar title goes through `strip_think` (unless the user edited it); else the raw string title. */
  titleStripsThink: boolean;
  /** The thinking tags `strip_think` knows: `<think>`/`<thought>`, or also `<thinking>` and `<thinking/>`. */
  thinkTags: 'think-thought' | 'think-thinking-thought';
  /** The preview scan stops after 200 records or 1,000,000 characters; else it reads the whole file. */
  previewScanCapped: boolean;
  /**
   * A repaired row's title is `metadata.get("title")` with no dict check (0.2.0): a repaired session whose
   * metadata is not a dict makes the whole listing raise AttributeError.
   */
  repairedTitleUnguarded: boolean;
  /** A missing or empty created/updated time in the listing falls back to the file's mtime; else it stays null. */
  listingTimeFallback: boolean;
  /** `read_session_metadata` exists (the WebUI's metadata-only read). */
  readSessionMetadata: boolean;

  // §7 token estimates
  /**
   * `estimate_message_tokens`: none (before 0.1.4.post5: the app estimates as post5 would), post5's bare count
   * (at least 1, no +4, `reasoning_content` not counted, a refused text `len // 4`), or the count + 4 (§47).
   */
  tokenEstimate: 'none' | 'bare' | 'plus-four';
  /** A text block whose `text` is a truthy non-string: TypeError, or skipped (§46). */
  nonStringTextBlock: 'raise' | 'skip';
  /** Tokenizer refusal: `len(payload)//4 + 4` in code points, or UTF-8 bytes + 4 (§47). */
  specialTokenFallback: 'quarter-code-points' | 'utf8-bytes';

  // §8 retention, forks, cap
  /** `fork_session_before_user_index` exists. */
  fork: boolean;
  /**
   * What retention says it dropped: the messages it no longer keeps, counted by identity, and the consolidated
   * ones among them; or (0.2.0, which returns nothing) its caller's count, the last consolidated shifted down
   * by how many went.
   */
  retainCount: 'identity' | 'shift';
  /**
   * How retention finds its suffix: the last `max` moved back to the nearest user turn, never cut again
   * (0.1.4.post6–0.1.5.post2; 0.1.4–post5 have no retention and the app's trim keeps this rule), or from the
   * first user turn in the last `max` (else the latest user's capped window), cut again to `max`.
   */
  retainCut: 'back-to-user' | 'capped';
  /** `clear()` also drops the metadata's `_last_summary` (from 0.2.0; a metadata that is no dict then raises). */
  clearDropsLastSummary: boolean;
  /** Retention also keeps a `_channel_delivery` just before the user it moves to (§48). */
  retainKeepsChannelDelivery: boolean;
  /** A fork copies each message as is, or its public view (§50). */
  forkCopies: 'deep-copy' | 'public-view';
  /** Metadata keys a fork does not inherit (§50). */
  forkDroppedKeys: readonly string[];
  /** The file cap: none, after each agent turn, or also inside every save (§49). */
  fileCap: null | { limit: number; inEverySave: boolean };

  // Recursion
  /**
   * Python frames nanobot's calls leave to spare under the recursion limit (CPython 3.11, limit
   * 1000) at the `json.loads` or `copy.deepcopy` that nests, when a script calls nanobot at its
   * top level: measured by running its code (test/edge-corpus/depth_budgets.py; its figures in
   * depth-budgets.json). `jsonLoads`: `_load`'s strict pass, the listing and the reads;
   * `jsonLoadsRepair`: the repair pass, called from the strict pass's handler; `jsonLoadsFork` and
   * `jsonLoadsForkRepair`: the same passes when `fork_session_before_user_index` loads its source
   * (every version calls `self._load` from inside it: one frame more). The copies: a fork's
   * messages (v0.3.0+ through the public view) and metadata, the listing's preview of a head and of a
   * row the repair pass made, the public replay (the public view, v0.3.0+), main's provider state
   * on load (payload and pending messages). null: that version makes no such copy.
   */
  spareFrames: RecursionSites<number>;
  /**
   * How deep each of those may nest before RecursionError, from `spareFrames` less `CALLER_FRAMES`:
   * `json.loads` spends a frame per container level, `copy.deepcopy` two per level of `copyDepth`.
   */
  depthBudget: RecursionSites<number>;

  // §9 saving
  /** Temp-file pattern of an atomic save (§52–53). */
  tmpName: 'stem.jsonl.tmp' | 'hidden-random';
  /** A save goes through a temporary file and a rename; else it rewrites the file in place (a failed save truncates it). */
  atomicSave: boolean;
  /** What a load that fails does: the repair pass, or (before 0.1.5.post2) an empty session, which the next save writes. */
  loadFailure: 'repair' | 'empty-session';
  /** `_load` reads the stored `updated_at` (from 0.1.5.post1); before, every load sets it to now. */
  loadsUpdatedAt: boolean;
  /** The metadata record carries the session's `key`. */
  metadataKey: boolean;
  /** A save writes non-ASCII as `\uXXXX` escapes (`json.dumps`'s default `ensure_ascii`). */
  asciiEscapes: boolean;

  // clues on disk: what a release's own code leaves in the files, read by the version evidence (version-evidence.ts)
  /** A turn saves only the user text and the final reply, the tools it called listed as the reply's `tools_used`. */
  toolsUsedOnReplies: boolean;
  /** Saved tool results are cut to this many characters plus `\n... (truncated)` by default (null: none are saved). */
  savedToolResultChars: number | null;
  /** The runtime context is saved appended to the user's text as a `[Runtime Context]` block. */
  runtimeContextInUserText: boolean;
  /** The agent loop writes the turn's `latency_ms` on its last reply. */
  latencyOnReplies: boolean;
  /** A user message sent with CLI apps or MCP presets attached keeps them as `cli_apps` / `mcp_presets`. */
  savesAttachments: boolean;
  /** The memory's history log: `memory/HISTORY.md`, or `memory/history.jsonl` (moving an old HISTORY.md to HISTORY.md.bak at start). */
  historyLog: 'HISTORY.md' | 'history.jsonl';
  /** history.jsonl entries carry the `session_key` of the session they came from. */
  historySessionKey: boolean;

}

/** The calls that nest, each with a figure (null: the version makes no such copy). */
interface RecursionSites<N> {
  jsonLoads: N;
  jsonLoadsRepair: N;
  jsonLoadsFork: N;
  jsonLoadsForkRepair: N;
  forkMessageCopy: N;
  forkMetadataCopy: N;
  listingPreviewCopy: N | null;
  listingRepairPreviewCopy: N | null;
  publicReplayCopy: N | null;
  providerStateCopy: N | null;
  /** main's start-up migration reading each workspace file (null: the version migrates nothing). */
  jsonLoadsMigration: N | null;
}

/**
 * Python frames under nanobot's call, beyond a script's top level, in the process whose answers
 * Session Lens gives: 0, nanobot called from a script's top level, where it accepts the most. A
 * gateway's event loop or a harness calls from deeper and accepts a level less per frame
 * (`json.loads`) or per two frames (`copy.deepcopy`).
 */
const CALLER_FRAMES = 0;

/** The nesting each call accepts, from the frames it has to spare (see `depthBudget`). */
function depthBudgets(spare: RecursionSites<number>): RecursionSites<number> {
  const copy = (n: number | null) => (n === null ? null : Math.floor((n - CALLER_FRAMES) / 2));
  return {
    jsonLoads: spare.jsonLoads - CALLER_FRAMES,
    jsonLoadsRepair: spare.jsonLoadsRepair - CALLER_FRAMES,
    jsonLoadsFork: spare.jsonLoadsFork - CALLER_FRAMES,
    jsonLoadsForkRepair: spare.jsonLoadsForkRepair - CALLER_FRAMES,
    forkMessageCopy: copy(spare.forkMessageCopy)!,
    forkMetadataCopy: copy(spare.forkMetadataCopy)!,
    listingPreviewCopy: copy(spare.listingPreviewCopy),
    listingRepairPreviewCopy: copy(spare.listingRepairPreviewCopy),
    publicReplayCopy: copy(spare.publicReplayCopy),
    providerStateCopy: copy(spare.providerStateCopy),
    jsonLoadsMigration: spare.jsonLoadsMigration === null ? null : spare.jsonLoadsMigration - CALLER_FRAMES,
  };
}

const SPARE_V02: RecursionSites<number> = { jsonLoads: 994, jsonLoadsRepair: 993, jsonLoadsFork: 993, jsonLoadsForkRepair: 992, forkMessageCopy: 998, forkMetadataCopy: 998, listingPreviewCopy: null, listingRepairPreviewCopy: null, publicReplayCopy: null, providerStateCopy: null, jsonLoadsMigration: null };
// v0.3.0's public view is a frame deeper than v0.2's copy.
const SPARE_V030: RecursionSites<number> = { ...SPARE_V02, forkMessageCopy: 997, listingPreviewCopy: 996, listingRepairPreviewCopy: 995, publicReplayCopy: 997 };
// main's manager works through a store object: two frames more under the reads and the listing. Its
// start-up migration reads each workspace file from inside the manager's construction (989 levels), then
// reads its copy once more a frame deeper: a line of 989 is copied and then raises, so 988 is the figure.
const SPARE_MAIN: RecursionSites<number> = { ...SPARE_V030, jsonLoads: 992, jsonLoadsRepair: 991, jsonLoadsFork: 991, jsonLoadsForkRepair: 990, listingPreviewCopy: 994, listingRepairPreviewCopy: 993, providerStateCopy: 995, jsonLoadsMigration: 988 };

/** A release's names: people call it `nanobot <version>`; `tag` is its git tag, null for a commit that is no release. */
function named(version: NanobotVersion, tag: string | null, commit: string, date: string) {
  return { version, label: `nanobot ${version}`, tag, commit, date };
}

/** A pip release's names: its git tag is its pip name with a `v` (`v0.2.1` for `0.2.1`). */
function pip(version: NanobotVersion, commit: string, date: string) {
  return named(version, `v${version}`, commit, date);
}

const FORK_DROPPED_V02 = ['goal_state', 'pending_user_turn', 'runtime_checkpoint', 'thread_goal', 'title', 'title_user_edited'] as const;

const V02: VersionRules = {
  ...named('v0.2', null, 'c915e98c1', '2026-06-24'),
  fileStem: 'safe-key',
  stemKey: 'first-underscore',
  listingKey: 'metadata-else-stem',
  sessionsHome: 'workspace',
  deleteNames: 'lossy',
  deleteSession: true,
  deleteLegacy: true,
  providerStateRecord: false,
  runtimeContext: false,
  nonObjectLine: 'AttributeError',
  repairCatches: 'any',
  repairSkipsNonObjects: false,
  typedMetadata: false,
  listingRepairReadsFallbackFile: true,
  headErrorsToRepair: 'any',
  previewSkipTest: 'equals-metadata',
  listingPreview: true,
  titleStripsThink: true,
  thinkTags: 'think-thinking-thought',
  previewScanCapped: true,
  repairedTitleUnguarded: false,
  listingTimeFallback: true,
  readSessionMetadata: true,
  defaultMaxMessages: 120,
  nonPositiveMaxMessages: 120,
  negativeMaxMessages: 'non-positive',
  replaySkipsConsolidated: true,
  replayUserStart: 'user-or-delivery',
  replayOrphanDrop: true,
  replayBudget: true,
  replaySkipsCommands: true,
  replayCleansAssistant: true,
  mediaBreadcrumbs: 'user',
  deliveryTimestamps: false,
  replayFields: ['tool_calls', 'tool_call_id', 'name', 'reasoning_content', 'thinking_blocks'],
  loopDefaultWindow: 120,
  archivedReplayTail: 0,
  loopWindow: 'config',
  defaultContextWindow: 200_000,
  extendToUser: true,
  lastConsolidatedChecked: true,
  cliAppBreadcrumbs: true,
  timestamps: true,
  mcpPresetBreadcrumbs: true,
  bareMediaNewline: true,
  cliAppsNeedRuntimeContext: false,
  tokenEstimate: 'plus-four',
  nonStringTextBlock: 'raise',
  specialTokenFallback: 'quarter-code-points',
  fork: true,
  retainCount: 'identity',
  retainCut: 'capped',
  clearDropsLastSummary: true,
  retainKeepsChannelDelivery: false,
  forkCopies: 'deep-copy',
  forkDroppedKeys: FORK_DROPPED_V02,
  fileCap: { limit: 2000, inEverySave: false },
  spareFrames: SPARE_V02,
  depthBudget: depthBudgets(SPARE_V02),
  tmpName: 'stem.jsonl.tmp',
  atomicSave: true,
  loadFailure: 'repair',
  loadsUpdatedAt: true,
  metadataKey: true,
  asciiEscapes: false,
  // clues on disk
  toolsUsedOnReplies: false,
  savedToolResultChars: 16_000,
  runtimeContextInUserText: false,
  latencyOnReplies: true,
  savesAttachments: true,
  historyLog: 'history.jsonl',
  historySessionKey: true,
};

/**
 * The pip releases before v0.2's commit, each spreading the one before (read from each tag's own code; golden
 * corpora made by it: scripts/release-golden.py). 0.2.2 differs from v0.2 in two things only.
 */
const R022: VersionRules = {
  ...V02,
  ...pip('0.2.2', 'e2e75c913', '2026-06-22'),
  listingTimeFallback: false,
  thinkTags: 'think-thought',
};

const R021: VersionRules = {
  ...R022,
  ...pip('0.2.1', 'f309982bb', '2026-06-01'),
  defaultContextWindow: 65_536,
  extendToUser: false,
  lastConsolidatedChecked: false,
  readSessionMetadata: false,
  fork: false,
  deleteLegacy: false,
  historySessionKey: false, // clues on disk
};

const R020: VersionRules = {
  ...R021,
  ...pip('0.2.0', 'c018c3fb6', '2026-05-16'),
  titleStripsThink: false,
  previewScanCapped: false,
  repairedTitleUnguarded: true,
  cliAppBreadcrumbs: false,
  mcpPresetBreadcrumbs: false,
  retainCount: 'shift',
  savesAttachments: false, // clues on disk
};

const V030: VersionRules = {
  ...V02,
  ...named('v0.3.0', 'v0.3.0', '3f602fbc8', '2026-07-25'),
  fileStem: 'base64url',
  stemKey: 'decoded-else-first-underscore',
  deleteNames: 'canonical-and-lossy',
  runtimeContext: true,
  nonObjectLine: 'ValueError',
  repairCatches: 'data-errors',
  repairSkipsNonObjects: true,
  listingRepairReadsFallbackFile: false,
  headErrorsToRepair: 'data-errors',
  defaultMaxMessages: 2000,
  nonPositiveMaxMessages: 2000,
  loopWindow: 'context-window',
  timestamps: false,
  mcpPresetBreadcrumbs: false,
  cliAppsNeedRuntimeContext: true,
  specialTokenFallback: 'utf8-bytes',
  forkCopies: 'public-view',
  fileCap: { limit: 2000, inEverySave: true },
  spareFrames: SPARE_V030,
  depthBudget: depthBudgets(SPARE_V030),
};

const MAIN: VersionRules = {
  ...V030,
  ...named('main', null, '3852956a7', '2026-08-23'),
  stemKey: 'canonical-only',
  sessionsHome: 'namespace',
  providerStateRecord: true,
  typedMetadata: true,
  previewSkipTest: 'in-set',
  defaultMaxMessages: 0,
  nonPositiveMaxMessages: null,
  archivedReplayTail: 8,
  loopWindow: 'none',
  bareMediaNewline: false,
  nonStringTextBlock: 'skip',
  retainKeepsChannelDelivery: true,
  forkDroppedKeys: [...FORK_DROPPED_V02, 'session_handle'],
  fileCap: null,
  spareFrames: SPARE_MAIN,
  depthBudget: depthBudgets(SPARE_MAIN),
  tmpName: 'hidden-random',
};

/**
 * The 0.1.x releases, each spreading the one after it: each answers as the next one does except for the rows
 * named in its column (read from each tag's code; golden corpora made by it: scripts/release-golden.py). Their
 * load, save bytes, listing and token estimates are rows here, and their replay (§ get_history, the agent loop's call)
 * and retention; their turn is in src/core/turn/turn-rules.ts.
 */
const R01503: VersionRules = {
  ...R020,
  ...pip('0.1.5.post3', '0b1631f33', '2026-04-29'),
  listingPreview: false,
  repairedTitleUnguarded: false, // its rows have no title
  // § get_history: no `_command` skip, no cleaning, media breadcrumbs on any role, channel deliveries timestamped
  replaySkipsCommands: false,
  replayCleansAssistant: false,
  mediaBreadcrumbs: 'any-role',
  deliveryTimestamps: true,
  replayFields: ['tool_calls', 'tool_call_id', 'name', 'reasoning_content'],
  // § retention: clear() leaves the metadata alone
  clearDropsLastSummary: false,
  latencyOnReplies: false, // clues on disk
};

const R01502: VersionRules = {
  ...R01503,
  ...pip('0.1.5.post2', '950dddec4', '2026-04-21'),
  // § get_history: every unconsolidated message (the loop's max_messages=0), no budget, no timestamps, no media
  defaultMaxMessages: 500,
  nonPositiveMaxMessages: null,
  negativeMaxMessages: 'drops-first',
  replayUserStart: 'user',
  replayBudget: false,
  timestamps: false,
  deliveryTimestamps: false,
  mediaBreadcrumbs: 'none',
  loopWindow: 'none',
  // § retention: back to the nearest user turn, no file cap
  retainCut: 'back-to-user',
  fileCap: null,
};

const R01501: VersionRules = {
  ...R01502,
  ...pip('0.1.5.post1', '648307148', '2026-04-14'),
  atomicSave: false,
  loadFailure: 'empty-session',
  headErrorsToRepair: 'none',
  deleteSession: false,
};

const R015: VersionRules = { ...R01501, ...pip('0.1.5', '79234d237', '2026-04-06'), loadsUpdatedAt: false };

const R01406: VersionRules = {
  ...R015,
  ...pip('0.1.4.post6', 'c15f63a32', '2026-03-27'),
  // § get_history: no reasoning_content in an entry
  replayFields: ['tool_calls', 'tool_call_id', 'name'],
  historyLog: 'HISTORY.md', // clues on disk
};

const R01405: VersionRules = { ...R01406, ...pip('0.1.4.post5', '337c4600f', '2026-03-16'), tokenEstimate: 'bare' };

const R01404: VersionRules = {
  ...R01405,
  ...pip('0.1.4.post4', 'a0bb4320f', '2026-03-08'),
  tokenEstimate: 'none',
  // § get_history: no orphan drop; the loop's own call is memory_window (100)
  replayOrphanDrop: false,
  loopWindow: 'config',
  loopDefaultWindow: 100,
  savedToolResultChars: 500, // clues on disk
};

const R01403: VersionRules = { ...R01404, ...pip('0.1.4.post3', '4f0530dd6', '2026-02-28') };

const R01402: VersionRules = {
  ...R01403,
  ...pip('0.1.4.post2', '17de3699a', '2026-02-24'),
  runtimeContextInUserText: true, // clues on disk
};

const R01401: VersionRules = {
  ...R01402,
  ...pip('0.1.4.post1', 'af71ccf05', '2026-02-21'),
  // § get_history: the last 50 of the whole file (memory_window), last_consolidated ignored, no user-turn cut
  replaySkipsConsolidated: false,
  replayUserStart: 'none',
  loopDefaultWindow: 50,
  // clues on disk
  toolsUsedOnReplies: true,
  savedToolResultChars: null,
  runtimeContextInUserText: false,
};

const R014: VersionRules = {
  ...R01401,
  ...pip('0.1.4', 'b14d4711c', '2026-02-18'),
  metadataKey: false,
  asciiEscapes: true,
  listingKey: 'every-underscore',
};

/** Every release's rules, side by side. */
export const VERSION_RULES: Record<NanobotVersion, VersionRules> = { '0.1.4': R014, '0.1.4.post1': R01401, '0.1.4.post2': R01402, '0.1.4.post3': R01403, '0.1.4.post4': R01404, '0.1.4.post5': R01405, '0.1.4.post6': R01406, '0.1.5': R015, '0.1.5.post1': R01501, '0.1.5.post2': R01502, '0.1.5.post3': R01503, '0.2.0': R020, '0.2.1': R021, '0.2.2': R022, 'v0.2': V02, 'v0.3.0': V030, main: MAIN };

/** The rules of one release. */
export function rulesOf(version: NanobotVersion): VersionRules {
  return VERSION_RULES[version];
}

/**
 * The agent loop's `max_messages` for a context window (§41–43): the config value (0.1.4 `memory_window` 50,
 * post2–post4 100, 0.1.5.post3–v0.2 `max_messages` 120, where 0 means 120), v0.3.0
 * `min(2000, max(120, window // 100))` (2000 without a window), 0 (every unconsolidated message) from 0.1.4.post5
 * to 0.1.5.post2 and at main. Before 0.1.5.post3 the config's value reaches `get_history` as it is.
 */
export function loopMaxMessages(version: NanobotVersion, contextWindow: number | null, configMaxMessages?: number): number {
  const rules = rulesOf(version);
  const loop = rules.loopWindow;
  if (loop === 'config') {
    const v = configMaxMessages ?? rules.loopDefaultWindow;
    if (v > 0 || rules.negativeMaxMessages === 'drops-first') return v;
    return rules.nonPositiveMaxMessages ?? 0;
  }
  if (loop === 'none') return 0;
  if (contextWindow === null || contextWindow <= 0) return 2000;
  return Math.min(2000, Math.max(120, Math.floor(contextWindow / 100)));
}

/**
 * The version assumed where nothing on disk names one (a single dropped file, a folder without
 * evidence): v0.2, whose `safe_key` names every later release still reads or migrates, and which answers
 * the way 0.2.0–0.2.2 do everywhere their rows agree.
 */
export const VERSION_WITHOUT_EVIDENCE: NanobotVersion = 'v0.2';

/** The oldest version from `VERSION_WITHOUT_EVIDENCE` on that keeps its sessions in that home: what a folder's place alone says. */
export function oldestWithHome(home: VersionRules['sessionsHome']): NanobotVersion {
  return NANOBOT_VERSIONS.slice(NANOBOT_VERSIONS.indexOf(VERSION_WITHOUT_EVIDENCE)).find((v) => VERSION_RULES[v].sessionsHome === home)!;
}
