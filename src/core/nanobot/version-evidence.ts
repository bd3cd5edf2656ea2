/**
 * Which nanobot a folder of sessions belongs to, judged from facts gathered on disk
 * (spec nanobot-versions.md §10). Every fact becomes evidence naming the versions it is consistent
 * with as the nanobot now in use; the verdict is the one version all evidence allows, or an honest
 * "ambiguous" with the candidates left (items 58–59).
 */
import { base64urlKey, keyFromStem, safeKey } from './keys';
import { NANOBOT_VERSIONS, VERSION_RULES, type NanobotVersion, type VersionRules } from './nanobot-version';
import { RANKS } from './verdict';
export type { NanobotVersion };
// What the app reads off a verdict lives in ./verdict (small, in the first screen's code); said here too.
export { verdictVersion, versionRuns } from './verdict';

const ALL: readonly NanobotVersion[] = NANOBOT_VERSIONS;
/** Every version that writes safe_key names into `<workspace>/sessions` or reads them there: the 0.2.x releases, v0.2 and v0.3.0. Nothing on disk tells the 0.2.x apart. */
const OLDER: NanobotVersion[] = ALL.slice(0, ALL.indexOf('v0.3.0') + 1);
const NEWER: NanobotVersion[] = ['v0.3.0', 'main'];
/** The versions whose row says so: every clue on disk is a row of the version table, never a version named here. */
const where = (p: (r: VersionRules) => boolean): NanobotVersion[] => ALL.filter((v) => p(VERSION_RULES[v]));
/** The versions that write `<stem>.jsonl.tmp` beside the file they save (and v0.3.0, which reads v0.2's names). */
const TMP_WRITERS = where((r) => r.atomicSave && r.tmpName === 'stem.jsonl.tmp');

/** Where the facts come from: the kind of folder that was opened (or picked in a layout). */
export type FolderRole =
  | { kind: 'workspace-sessions' } // <workspace>/sessions/ (or a folder named `sessions`)
  | { kind: 'workspace-without-sessions' } // a workspace folder with no sessions/ in it
  | { kind: 'namespace'; workspacePath: string | null } // <root>/<32 hex>/, its `.workspace` path
  | { kind: 'config'; workspacePaths: (string | null)[]; flatFiles: number } // a sessions root holding namespaces
  | { kind: 'legacy' } // flat files in ~/.nanobot/sessions/ (the pre-workspace global folder)
  | { kind: 'loose' }; // anything else

/** What the head of one session file says. */
export interface SessionFileFacts {
  /** File name without `.jsonl`. */
  stem: string;
  /** The metadata record's `key` on the first non-blank line, when that is a string. */
  storedKey: string | null;
  /** A `{"_type": "provider_state", …}` record in the head. */
  providerState: boolean;
  /** A user message with an object `_runtime_context` in the head. */
  runtimeContext: boolean;
  /** Metadata keys `session_handle` / `_nanobot_model_preset`. */
  sessionHandle: boolean;
  modelPreset: boolean;
  // What the code that saved the file leaves in it (the version table's `clues on disk`); absent: not seen.
  /** The metadata line has no `key` at all. */
  keyless?: boolean;
  /** Non-ASCII written as `\uXXXX` escapes, or as itself. */
  escapedNonAscii?: boolean;
  rawNonAscii?: boolean;
  /** A reply with `tools_used`; a reply with `latency_ms`; a user message with `cli_apps` / `mcp_presets`. */
  toolsUsed?: boolean;
  latency?: boolean;
  attachments?: boolean;
  /** A user text with a `[Runtime Context]` block saved in it. */
  runtimeContextText?: boolean;
  /** The lengths tool results were cut to before `\n... (truncated)`. */
  toolResultCuts?: number[];
}

/** A workspace's `memory/` folder beside its sessions: which history log it holds. */
export interface MemoryFacts {
  historyMd: boolean;
  historyJsonl: boolean;
  /** `HISTORY.md.bak` (or `.bak.N`): left by the one-time move of HISTORY.md into history.jsonl. */
  historyBak: boolean;
  /** history.jsonl's first entries: some carry `session_key`, none do, or there are none. */
  sessionKeys: 'some' | 'none' | null;
}

/** Everything the judge looks at: plain data, gathered by src/store/version-facts.ts. */
export interface VersionFacts {
  role: FolderRole;
  /** `<workspace>/.nanobot/workspace-id` exists. */
  workspaceId: boolean;
  sessionFilesLock: boolean;
  workspaceMigrationLock: boolean;
  migrationConflicts: boolean;
  files: SessionFileFacts[];
  /** Names of temp files beside the sessions (`x.jsonl.tmp`, `.x.jsonl.<16 hex>.tmp`). */
  tmpNames: string[];
  /** The workspace's memory folder, when the sessions folder sits in a workspace that has one. */
  memory?: MemoryFacts;
}

type EvidenceKind =
  | 'namespace'
  | 'config'
  | 'workspace-sessions'
  | 'legacy-folder'
  | 'flat-files'
  | 'workspace-id'
  | 'provider-state'
  | 'session-handle'
  | 'runtime-context'
  | 'model-preset'
  | 'base64url-names'
  | 'safe-key-names'
  | 'both-names'
  | 'other-names'
  | 'no-key'
  | 'old-tmp'
  | 'new-tmp'
  | 'session-files-lock'
  | 'workspace-migration-lock'
  | 'migration-conflicts'
  | 'keyless-metadata'
  | 'ascii-escapes'
  | 'raw-non-ascii'
  | 'tools-used'
  | 'tool-result-cut'
  | 'runtime-context-text'
  | 'latency'
  | 'attachments'
  | 'history-md'
  | 'history-md-bak'
  | 'history-session-key'
  | 'history-without-session-key';

/** One fact and the versions it is consistent with as the nanobot now in use (all three: neutral). */
export interface Evidence {
  kind: EvidenceKind;
  points: NanobotVersion[];
  /** How many files, names or namespaces the fact counts. */
  count?: number;
  /** namespace: the path its `.workspace` file names. */
  workspacePath?: string;
  /** config: each namespace's workspace path (null: unnamed). */
  paths?: (string | null)[];
  /** base64url-names: safe_key names beside them outside main's folders (v0.3.0 in mid-migration). */
  beside?: number;
  /** safe-key-names: in main's folders, where main never loads or lists them. */
  inMain?: boolean;
  /** old-tmp: the temp file's name and which nanobot left it. */
  name?: string;
  writer?: 'not-main' | 'v0.2' | 'v0.3.0' | 'v0.2-or-v0.3.0';
  /** tool-result-cut: the length the tool results were cut to. */
  chars?: number;
  /** A clue on disk that fewer files hold than the clues it contradicts: noted, not followed (see SAVED_KINDS). */
  outvoted?: true;
}

/** Why the verdict is what it is: the evidence that decided it (indexes into `evidence`), or a case with a name. */
type VerdictWhy =
  | { code: 'evidence'; evidence: number[] }
  /** Item 58: safe_key names and nothing newer, in a folder older versions read. */
  | { code: 'only-safe-key-names' }
  /** A workspace sessions folder next to .nanobot/workspace-id: left by main, or written by an older nanobot after it. */
  | { code: 'left-beside-main' }
  | { code: 'nothing-tells' }
  | { code: 'no-evidence' };

/**
 * What the evidence amounts to: one version fits it all (`recognised`), several do (`ambiguous`),
 * nothing tells them apart (`unknown`), or no version fits it all (`conflicting`).
 */
type VerdictStatus = 'recognised' | 'ambiguous' | 'unknown' | 'conflicting';

/**
 * What one version would mean for the folder, before it is used: how many of the clues that tell
 * versions apart it fits, and how many session files its listing reads by their names or leaves out.
 */
export interface CandidateFit {
  version: NanobotVersion;
  /** Clues (evidence naming fewer than all versions) this version fits, of `clues`. */
  fits: number;
  clues: number;
  /** Of it, what only one nanobot writes (DECISIVE_EVIDENCE). */
  decisive: number;
  /** Session files whose name this version's listing reads as a key, and those it never lists (by name alone). */
  listed: number;
  hidden: number;
}

/**
 * Why a conflict went to the version it did, as a code: it fits more clues than any other
 * (`fits-most`); as many as another, but lists more sessions (`lists-most`); ties on both, but fits
 * more of what only one nanobot writes (`decisive`); ties on all, the newest of them (`newest`).
 */
export type ChoiceWhy = 'fits-most' | 'lists-most' | 'decisive' | 'newest';

export interface VersionVerdict {
  /** null when the evidence leaves more than one version (or contradicts itself). */
  version: NanobotVersion | null;
  status: VerdictStatus;
  candidates: NanobotVersion[];
  evidence: Evidence[];
  /**
   * Conflicting evidence only: the version under which the folder makes the most sense (see
   * `chosenBy`), the clues that fit it (`decidedBy`) and those that speak against it (`against`).
   */
  decided: NanobotVersion | null;
  decidedBy: EvidenceKind[];
  against: EvidenceKind[];
  /** Conflicting evidence only: what set `decided` apart from the runner-up (null: no conflict). */
  chosenBy: ChoiceWhy | null;
  /** Every version, oldest first, with what it would mean for this folder. */
  fits: CandidateFit[];
  /** Why: the strongest evidence, or a named case. */
  why: VerdictWhy;
}

/**
 * Evidence of what a nanobot *writes* (spec §10 "written by … only"): records and metadata keys in the
 * files, its temp-file names, its locks and folders. File names and the folder a file sits in are
 * weaker: older files stay behind, and migrations copy them. When the evidence conflicts, these decide.
 */
const DECISIVE_EVIDENCE: ReadonlySet<EvidenceKind> = new Set<EvidenceKind>([
  'namespace',
  'config',
  'provider-state',
  'session-handle',
  'runtime-context',
  'model-preset',
  'new-tmp',
  'session-files-lock',
  'workspace-migration-lock',
  'migration-conflicts',
]);

/** How a stem relates to the stored key: base64url(key), safe_key(key), both, neither, or no key to compare. */
export type StemForm = 'base64url' | 'safe-key' | 'both' | 'neither' | 'no-key';

/** Classify a file stem against its stored key; the stored key decides a stem that could be either (item 58). */
export function classifyStem(stem: string, storedKey: string | null): StemForm {
  if (storedKey === null) return 'no-key';
  let b64: string | null;
  try {
    b64 = base64urlKey(storedKey);
  } catch {
    b64 = null; // a lone surrogate: no base64url name exists
  }
  const isB64 = b64 === stem;
  const isSafe = safeKey(storedKey) === stem;
  return isB64 && isSafe ? 'both' : isB64 ? 'base64url' : isSafe ? 'safe-key' : 'neither';
}

const NEW_TMP = /^\.(.+)\.[0-9a-f]{16}\.tmp$/i;

/** Decide the nanobot version from the facts, with every piece of evidence and why. */
export function judgeVersion(facts: VersionFacts): VersionVerdict {
  const evidence = collectEvidence(facts);
  const fits = candidateFits(evidence, facts);
  const inUse = intersect(evidence.filter((e) => !SAVED_KINDS.has(e.kind)));
  if (inUse.length > 0) return verdict(narrowBySaved(inUse, evidence), evidence, facts, fits);
  // Item 58: a workspace sessions folder next to .nanobot/workspace-id is what main left behind,
  // or what an older nanobot wrote after main ran.
  const rest = intersect(evidence.filter((e) => e.kind !== 'workspace-id'));
  if (facts.workspaceId && facts.role.kind === 'workspace-sessions' && rest.length > 0) {
    const candidates = ordered([...rest, 'main']);
    return { version: null, status: 'ambiguous', candidates, evidence, ...UNDECIDED, why: { code: 'left-beside-main' }, fits };
  }
  return conflicting(evidence, fits);
}

/**
 * What the code that saved the files left in them (the table's `clues on disk`): one folder often holds files
 * several releases wrote, since a file keeps its bytes until a later release saves it again. So these narrow the
 * versions the folder's place, names and records allow, the clue held by the most files first, and a clue that
 * would leave none is outvoted (`outvoted`: fewer files say it than the clues it contradicts) instead of making
 * the folder a conflict.
 */
const SAVED_KINDS: ReadonlySet<EvidenceKind> = new Set<EvidenceKind>([
  'keyless-metadata', 'ascii-escapes', 'raw-non-ascii', 'tools-used', 'tool-result-cut', 'runtime-context-text', 'latency', 'attachments',
  'history-md', 'history-md-bak', 'history-session-key', 'history-without-session-key',
]);

function narrowBySaved(allowed: NanobotVersion[], evidence: Evidence[]): NanobotVersion[] {
  let left = allowed;
  const saved = evidence.filter((e) => SAVED_KINDS.has(e.kind)).sort((a, b) => (b.count ?? 1) - (a.count ?? 1));
  for (const e of saved) {
    const next = left.filter((v) => e.points.includes(v));
    if (next.length > 0) left = next;
    else e.outvoted = true;
  }
  return left;
}

const UNDECIDED = { decided: null, decidedBy: [], against: [], chosenBy: null } as const satisfies Pick<VersionVerdict, 'decided' | 'decidedBy' | 'against' | 'chosenBy'>;

/** What each version would mean for the folder: the clues it fits and the session files its listing reads by name. */
function candidateFits(evidence: Evidence[], facts: VersionFacts): CandidateFit[] {
  const narrowing = evidence.filter((e) => e.points.length < ALL.length);
  return ALL.map((version) => {
    const fit = narrowing.filter((e) => e.points.includes(version));
    const listed = facts.files.filter((f) => keyFromStem(f.stem, version) !== null).length;
    return { version, fits: fit.length, clues: narrowing.length, decisive: fit.filter((e) => DECISIVE_EVIDENCE.has(e.kind)).length, listed, hidden: facts.files.length - listed };
  });
}

/**
 * No version fits all the evidence: say so, and use the version under which the folder makes the
 * most sense (issue 42): the one fitting the most clues, then listing the most sessions, then fitting
 * more of what only one nanobot writes, then the newest; `chosenBy` names the rank that set it apart.
 */
function conflicting(evidence: Evidence[], fits: CandidateFit[]): VersionVerdict {
  const narrowing = evidence.filter((e) => e.points.length < ALL.length);
  const candidates = ordered(narrowing.flatMap((e) => e.points));
  const why: VerdictWhy = { code: 'evidence', evidence: narrowing.slice(0, 3).map((e) => evidence.indexOf(e)) };
  const ranked = fits.filter((f) => candidates.includes(f.version)).sort((a, b) => compareFits(b, a));
  const best = ranked[0];
  if (!best) return { version: null, status: 'conflicting', candidates, evidence, ...UNDECIDED, why, fits };
  const next = ranked[1];
  const chosenBy = next ? RANKS.find((r) => r.of(best) !== r.of(next))!.why : 'fits-most';
  const decided = best.version;
  const split = (fit: boolean) => narrowing.filter((e) => e.points.includes(decided) === fit).map((e) => e.kind);
  return { version: null, status: 'conflicting', candidates, evidence, decided, decidedBy: split(true), against: split(false), chosenBy, why, fits };
}

function compareFits(a: CandidateFit, b: CandidateFit): number {
  for (const r of RANKS) if (r.of(a) !== r.of(b)) return r.of(a) - r.of(b);
  return 0;
}

function verdict(candidates: NanobotVersion[], evidence: Evidence[], facts: VersionFacts, fits: CandidateFit[]): VersionVerdict {
  const version = candidates.length === 1 ? candidates[0]! : null;
  const picked = explain(candidates, evidence);
  const why: VerdictWhy = onlySafeKeyNames(evidence, facts)
    ? { code: 'only-safe-key-names' }
    : picked.length > 0
      ? { code: 'evidence', evidence: picked.map((e) => evidence.indexOf(e)) }
      : { code: evidence.length > 0 ? 'nothing-tells' : 'no-evidence' };
  const status: VerdictStatus = version ? 'recognised' : candidates.length === ALL.length ? 'unknown' : 'ambiguous';
  return { version, status, candidates, evidence, ...UNDECIDED, why, fits };
}

/** Item 58's first case: safe_key names and nothing newer, in a folder older versions read. */
function onlySafeKeyNames(evidence: Evidence[], facts: VersionFacts): boolean {
  const outside = facts.role.kind === 'namespace' || facts.role.kind === 'config';
  const narrowing = evidence.filter((e) => e.points.length < ALL.length && !ROLE_KINDS.has(e.kind) && e.kind !== 'old-tmp' && !e.outvoted);
  return !outside && narrowing.length > 0 && narrowing.every((e) => e.kind === 'safe-key-names');
}

const ROLE_KINDS = new Set<EvidenceKind>(['namespace', 'config', 'workspace-sessions', 'legacy-folder']);

/** The evidence that rules out each excluded version (first found first), topped up to two reasons. */
function explain(candidates: NanobotVersion[], evidence: Evidence[]): Evidence[] {
  const unexplained = new Set(ALL.filter((v) => !candidates.includes(v)));
  const picked: Evidence[] = [];
  evidence = evidence.filter((e) => !e.outvoted);
  for (const e of evidence) {
    if (ALL.some((v) => unexplained.has(v) && !e.points.includes(v))) {
      picked.push(e);
      for (const v of ALL) if (!e.points.includes(v)) unexplained.delete(v);
    }
  }
  for (const e of evidence) {
    if (picked.length >= 2) break;
    if (!picked.includes(e) && e.points.length < ALL.length) picked.push(e);
  }
  return evidence.filter((e) => picked.includes(e)).slice(0, 3);
}

function intersect(evidence: Evidence[]): NanobotVersion[] {
  return ALL.filter((v) => evidence.every((e) => e.points.includes(v)));
}

function ordered(vs: NanobotVersion[]): NanobotVersion[] {
  return ALL.filter((v) => vs.includes(v));
}

/** Turn the facts into evidence, strongest first: the folder, the records, the names, temp files, markers. */
function collectEvidence(f: VersionFacts): Evidence[] {
  const out: Evidence[] = [];
  const add: Add = (kind, points, count, more) => out.push({ kind, points: [...points], ...(count !== undefined ? { count } : {}), ...more });
  const inMain = f.role.kind === 'namespace' || f.role.kind === 'config';
  roleEvidence(f.role, add);
  if (f.workspaceId) add('workspace-id', ['main']);

  const held = (kind: EvidenceKind, points: readonly NanobotVersion[], p: (x: SessionFileFacts) => boolean) => {
    const n = f.files.filter(p).length;
    if (n) add(kind, points, n);
  };
  held('provider-state', ['main'], (x) => x.providerState);
  held('session-handle', ['main'], (x) => x.sessionHandle);
  held('runtime-context', NEWER, (x) => x.runtimeContext);
  held('model-preset', NEWER, (x) => x.modelPreset);

  const forms = new Map<string, StemForm>(f.files.map((x) => [x.stem, classifyStem(x.stem, x.storedKey)]));
  const byForm = (form: StemForm) => [...forms.values()].filter((x) => x === form).length;
  const b64 = byForm('base64url');
  const lossy = byForm('safe-key');
  if (b64) {
    add('base64url-names', inMain ? ['main'] : f.role.kind === 'workspace-sessions' ? ['v0.3.0'] : NEWER, b64, lossy > 0 && !inMain ? { beside: lossy } : {});
  }
  if (lossy) add('safe-key-names', inMain ? ['main'] : OLDER, lossy, { inMain });
  for (const [form, kind] of [['both', 'both-names'], ['neither', 'other-names'], ['no-key', 'no-key']] as const) {
    const n = byForm(form);
    if (n) add(kind, ALL, n);
  }

  tmpEvidence(f, forms, inMain, add);
  savedEvidence(f, add);
  if (f.sessionFilesLock) add('session-files-lock', ['main']);
  if (f.workspaceMigrationLock) add('workspace-migration-lock', ['main']);
  if (f.migrationConflicts) add('migration-conflicts', ['main']);
  return out;
}

type Add = (kind: EvidenceKind, points: readonly NanobotVersion[], count?: number, more?: Partial<Evidence>) => void;

function roleEvidence(role: FolderRole, add: Add): void {
  switch (role.kind) {
    case 'namespace':
      add('namespace', ['main'], undefined, role.workspacePath ? { workspacePath: role.workspacePath } : {});
      return;
    case 'config':
      add('config', ['main'], role.workspacePaths.length, { paths: [...role.workspacePaths] });
      if (role.flatFiles) add('flat-files', ALL, role.flatFiles);
      return;
    case 'workspace-sessions':
      add('workspace-sessions', OLDER);
      return;
    case 'legacy':
      add('legacy-folder', OLDER);
  }
}

/**
 * What the code that saved the files left in them, and the memory log beside them: each fact points to the
 * versions whose row in the table's `clues on disk` (or its save rows) writes it.
 */
function savedEvidence(f: VersionFacts, add: Add): void {
  const count = (p: (x: SessionFileFacts) => boolean | undefined) => f.files.filter((x) => p(x) === true).length;
  const clue = (kind: EvidenceKind, n: number, rule: (r: VersionRules) => boolean) => {
    if (n > 0) add(kind, where(rule), n);
  };
  clue('keyless-metadata', count((x) => x.keyless), (r) => !r.metadataKey);
  clue('ascii-escapes', count((x) => x.escapedNonAscii), (r) => r.asciiEscapes);
  clue('raw-non-ascii', count((x) => x.rawNonAscii), (r) => !r.asciiEscapes);
  clue('tools-used', count((x) => x.toolsUsed), (r) => r.toolsUsedOnReplies);
  clue('runtime-context-text', count((x) => x.runtimeContextText), (r) => r.runtimeContextInUserText);
  clue('latency', count((x) => x.latency), (r) => r.latencyOnReplies);
  clue('attachments', count((x) => x.attachments), (r) => r.savesAttachments);
  // A cut no release makes by default is a configured one (0.1.5 on): it tells nothing.
  const cuts = [...new Set(f.files.flatMap((x) => x.toolResultCuts ?? []))].sort((a, b) => a - b);
  for (const chars of cuts) {
    const points = where((r) => r.savedToolResultChars === chars);
    if (points.length > 0) add('tool-result-cut', points, count((x) => x.toolResultCuts?.includes(chars)), { chars });
  }
  const m = f.memory;
  if (!m) return;
  if (m.historyMd && !m.historyJsonl) add('history-md', where((r) => r.historyLog === 'HISTORY.md'));
  if (m.historyBak) add('history-md-bak', where((r) => r.historyLog === 'history.jsonl'));
  if (m.sessionKeys === 'some') add('history-session-key', where((r) => r.historyLog === 'history.jsonl' && r.historySessionKey));
  if (m.sessionKeys === 'none') add('history-without-session-key', where((r) => r.historyLog === 'history.jsonl' && !r.historySessionKey));
}

/** `<stem>.jsonl.tmp`: v0.2 or v0.3.0, told apart by the stem's form; `.<name>.<16 hex>.tmp`: main. */
function tmpEvidence(f: VersionFacts, forms: Map<string, StemForm>, inMain: boolean, add: Add): void {
  const fresh = f.tmpNames.filter((t) => NEW_TMP.test(t));
  if (fresh.length) add('new-tmp', ['main'], fresh.length);
  for (const name of f.tmpNames) {
    if (NEW_TMP.test(name) || !name.endsWith('.jsonl.tmp')) continue;
    const form = forms.get(name.slice(0, -'.jsonl.tmp'.length));
    if (inMain) add('old-tmp', ALL, undefined, { name, writer: 'not-main' });
    else if (form === 'safe-key') add('old-tmp', OLDER.filter((v) => TMP_WRITERS.includes(v)), undefined, { name, writer: 'v0.2' });
    else if (form === 'base64url') add('old-tmp', ['v0.3.0'], undefined, { name, writer: 'v0.3.0' });
    else add('old-tmp', OLDER.filter((v) => TMP_WRITERS.includes(v)), undefined, { name, writer: 'v0.2-or-v0.3.0' });
  }
}
