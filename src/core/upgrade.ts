/**
 * What moving to another nanobot version does to one session file (spec §59): whether the new
 * version still sees it at all, and how its agent-loop replay changes (messages and tokens gained
 * or lost). Read-only; the question people ask when "the bot forgot everything" after an update.
 */
import { agentLoopOptions } from './budget';
import { keyFromStem } from './keys';
import { fileStem, listingRow } from './listing';
import { loadNanobot } from './load';
import { migratesToNamespace } from './migration';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from './nanobot-version';
import { getHistory, type TokenCounter } from './replay';

/** Where the file sits: an older workspace's `sessions/` folder, or main's namespace. */
export type FileHome = 'workspace' | 'namespace';

/** One version's view of the file. */
export interface VersionSide {
  version: NanobotVersion;
  /** False when this version never loads or lists the file. */
  seen: boolean;
  /** Why it is not seen, or how it gets there (a move on first load or at start-up). */
  note: string | null;
  /** File lines (0-based) of the messages the agent loop replays. */
  replayed: number[];
  tokens: number | null;
  /** The exception get_history raises, if any. */
  raises: string | null;
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
function visibility(bytes: Uint8Array, fileName: string, home: FileHome, version: NanobotVersion): { seen: boolean; note: string | null } {
  const canonical = keyFromStem(fileStem(fileName), 'main') !== null;
  if (rulesOf(version).sessionsHome !== 'namespace') {
    if (home === 'namespace') return { seen: false, note: `${rulesOf(version).label} never looks in main's session namespace` };
    return { seen: true, note: null };
  }
  if (home === 'namespace') return canonical ? { seen: true, note: null } : { seen: false, note: 'its name is not the base64url of a key: main never loads or lists it' };
  const m = migratesToNamespace(bytes, fileName);
  if ('error' in m) return { seen: false, note: `main's start-up raises ${m.error.type} on this file` };
  if (!m.ok) return { seen: false, note: `main's start-up migration leaves it in the workspace (${m.reason}), where main never looks` };
  if (!canonical) return { seen: false, note: 'main moves it into its namespace, but its v0.2 name is not base64url: main never loads or lists it' };
  return { seen: true, note: 'moved into main’s namespace at start-up' };
}

/** One version's answer: seen or not, and the lines its agent loop replays. */
function side(bytes: Uint8Array, fileName: string, home: FileHome, version: NanobotVersion, now: string, count?: TokenCounter): VersionSide & { key: string } {
  const vis = visibility(bytes, fileName, home, version);
  const row = listingRow({ bytes, complete: true, fileName, mtimeIso: now, now, version });
  const key = row.kind === 'row' ? row.row.key : (keyFromStem(fileStem(fileName), version) ?? fileStem(fileName));
  const empty = { version, key, ...vis, replayed: [], tokens: null, raises: null };
  if (!vis.seen) return empty;
  const load = loadNanobot(bytes, key, now, version);
  const s = load.result;
  if (!s) return { ...empty, note: load.error ? `loading raises ${load.error.type}` : 'nanobot loads nothing from it (its next save empties the file)' };
  const r = getHistory(s.messages, s.lastConsolidated, agentLoopOptions(version), version, count);
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
  const kind = a.seen && !b.seen ? 'vanishes' : !a.seen && b.seen ? 'appears' : added.length || lost.length || a.raises !== b.raises ? 'changes' : 'same';
  const { key: _k, ...fromSide } = a;
  const { key: _k2, ...toSide } = b;
  return { fileName, key: a.key, from: fromSide, to: toSide, added, lost, kind };
}

/** The next release after a version (null at the newest). */
export function nextVersion(v: NanobotVersion): NanobotVersion | null {
  return NANOBOT_VERSIONS[NANOBOT_VERSIONS.indexOf(v) + 1] ?? null;
}
