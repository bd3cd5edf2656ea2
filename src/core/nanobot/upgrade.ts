/**
 * What moving to another nanobot version does to one session file (spec §59): whether the new
 * version still sees it at all, and how its agent-loop replay changes (messages and tokens gained
 * or lost). Read-only; the question people ask when "the bot forgot everything" after an update.
 */
import { agentLoopOptions } from '../replay/budget';
import { fileStem, keyFromStem } from './keys';
import { listingRow } from '../listing/listing';
import { loadNanobot } from '../lens/load';
import { migratesToNamespace, type MigrationStay } from './migration';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion, type VersionRules } from './nanobot-version';
import { getHistory, replayLastConsolidated, type TokenCounter } from '../replay/replay';

/** Where the file sits: an older workspace's `sessions/` folder, or main's namespace. */
export type FileHome = 'workspace' | 'namespace';

/** Why a version does not see a file, or how it comes to see it: a code each interface words. */
export type VisibilityNote =
  /** `version` never looks in main's namespace, where the file sits. */
  | { code: 'not-in-namespace'; version: NanobotVersion }
  /** In main's namespace under a name that is not a key's base64url. */
  | { code: 'name-not-base64url' }
  /** main's start-up migration raises `error` (an exception type) on this file. */
  | { code: 'startup-raises'; error: string }
  /** main's start-up migration leaves the file in the workspace, where main never looks. */
  | { code: 'left-in-workspace'; stay: MigrationStay }
  /** Moved into main's namespace, but under a v0.2 name that is not base64url. */
  | { code: 'moved-name-not-base64url' }
  | { code: 'moved-at-startup' }
  /** Loading raises `error` (an exception type). */
  | { code: 'load-raises'; error: string }
  /** nanobot loads nothing (its next save empties the file). */
  | { code: 'loads-nothing' };

/** One version's view of the file. */
interface VersionSide {
  version: NanobotVersion;
  /** False when this version never loads or lists the file. */
  seen: boolean;
  /** Why it is not seen, or how it gets there (a move at start-up). */
  note: VisibilityNote | null;
  /** File lines (0-based) of the messages the agent loop replays. */
  replayed: number[];
  tokens: number | null;
  /** The exception get_history raises, if any. */
  raises: string | null;
  /**
   * The exception this version's `list_sessions` raises on the file (the whole listing fails, so the
   * sidebar shows no session), though its agent may still load and replay it; null when it lists it.
   */
  listingRaises: string | null;
}

export interface UpgradeImpact {
  fileName: string;
  key: string;
  from: VersionSide;
  to: VersionSide;
  /** Replayed lines the new version adds / no longer sends. */
  added: number[];
  lost: number[];
  kind: 'same' | 'changes' | 'vanishes' | 'appears';
}

/** Whether a version sees a file in that home, and why (not). */
function visibility(bytes: Uint8Array, fileName: string, home: FileHome, version: NanobotVersion): { seen: boolean; note: VisibilityNote | null } {
  const canonical = keyFromStem(fileStem(fileName), 'main') !== null;
  if (rulesOf(version).sessionsHome !== 'namespace') {
    if (home === 'namespace') return { seen: false, note: { code: 'not-in-namespace', version } };
    return { seen: true, note: null };
  }
  if (home === 'namespace') return canonical ? { seen: true, note: null } : { seen: false, note: { code: 'name-not-base64url' } };
  const m = migratesToNamespace(bytes, fileName);
  if ('error' in m) return { seen: false, note: { code: 'startup-raises', error: m.error.type } };
  if (!m.ok) return { seen: false, note: { code: 'left-in-workspace', stay: m.stay } };
  if (!canonical) return { seen: false, note: { code: 'moved-name-not-base64url' } };
  return { seen: true, note: { code: 'moved-at-startup' } };
}

/** One version's answer: seen or not, and the lines its agent loop replays. */
function side(bytes: Uint8Array, fileName: string, home: FileHome, version: NanobotVersion, now: string, count?: TokenCounter): VersionSide & { key: string } {
  const vis = visibility(bytes, fileName, home, version);
  const row = listingRow({ bytes, complete: true, fileName, mtimeIso: now, now, version });
  const key = row.kind === 'row' ? row.row.key : (keyFromStem(fileStem(fileName), version) ?? fileStem(fileName));
  const listingRaises = vis.seen && row.kind === 'raise' ? row.error.type : null;
  const empty = { version, key, ...vis, replayed: [], tokens: null, raises: null, listingRaises };
  if (!vis.seen) return empty;
  const load = loadNanobot(bytes, key, now, version);
  const s = load.result;
  if (!s) return { ...empty, note: load.error ? { code: 'load-raises', error: load.error.type } : { code: 'loads-nothing' } };
  const r = getHistory(s.messages, replayLastConsolidated(s), agentLoopOptions(version), version, count);
  if (r.error) return { ...empty, raises: `${r.error.type}: ${r.error.message}` };
  const tokens = r.tokens ? r.tokens.reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0) : null;
  return { ...empty, replayed: r.sources.map((i) => s.messageLines[i]!), tokens };
}

/**
 * How one file fares when nanobot goes from `from` to `to`; `count` (optional) adds token
 * totals. `home` is where the file sits now.
 */
export function upgradeImpact(bytes: Uint8Array, fileName: string, home: FileHome, from: NanobotVersion, to: NanobotVersion, now: string, count?: (v: NanobotVersion) => TokenCounter): UpgradeImpact {
  const a = side(bytes, fileName, home, from, now, count?.(from));
  const b = side(bytes, fileName, home, to, now, count?.(to));
  const before = new Set(a.replayed);
  const after = new Set(b.replayed);
  const added = b.replayed.filter((l) => !before.has(l));
  const lost = a.replayed.filter((l) => !after.has(l));
  const kind = a.seen && !b.seen ? 'vanishes' : !a.seen && b.seen ? 'appears' : added.length || lost.length || a.raises !== b.raises || a.listingRaises !== b.listingRaises ? 'changes' : 'same';
  const { key: _k, ...fromSide } = a;
  const { key: _k2, ...toSide } = b;
  return { fileName, key: a.key, from: fromSide, to: toSide, added, lost, kind };
}

/** The newest version the table knows: what the upgrade view offers as its target first. */
export function newestVersion(): NanobotVersion {
  return NANOBOT_VERSIONS[NANOBOT_VERSIONS.length - 1]!;
}

/** A row of the version table whose value differs between two versions. */
export interface RuleChange<K extends RuleRow = RuleRow> {
  row: K;
  from: VersionRules[K];
  to: VersionRules[K];
}

/** The rows that name a version rather than a rule of it, and the figures derived from another row. */
type NameRow = 'version' | 'label' | 'tag' | 'commit' | 'date' | 'depthBudget';
type RuleRow = Exclude<keyof VersionRules, NameRow>;
const NAME_ROWS: ReadonlySet<string> = new Set<NameRow>(['version', 'label', 'tag', 'commit', 'date', 'depthBudget']);

/**
 * Every rule that differs between `from` and `to`, in the table's order, whichever way the move goes: "what
 * changes for me when I upgrade from 0.1.5.post3 to 0.3.0", as codes and values the interfaces word.
 */
export function rulesChanged(from: NanobotVersion, to: NanobotVersion): RuleChange[] {
  const a = rulesOf(from);
  const b = rulesOf(to);
  return (Object.keys(a) as (keyof VersionRules)[])
    .filter((k): k is RuleRow => !NAME_ROWS.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((row) => ({ row, from: a[row], to: b[row] }) as RuleChange);
}
