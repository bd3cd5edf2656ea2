/** Plain sentences saying what kind of folder was opened and how its files are named. */
import type { Layout, SessionFolder, StemNaming } from '../../store/listing/layout';
import { ui } from '../i18n/text';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';

/**
 * How file names relate to session keys under the version in use (the heading follows the verdict,
 * not the folder's kind): a folder nanobot does not use keeps its "unknown naming".
 */
export function namingText(n: StemNaming, version: NanobotVersion): { short: string; long: string } {
  const t = ui().workspace.naming;
  const d = ui().decide.naming;
  if (n === 'unknown') return { short: t.unknown, long: t.unknownLong };
  const label = rulesOf(version).label;
  switch (rulesOf(version).stemKey) {
    case 'first-underscore':
      return { short: d.safeKey(label), long: t.safeKeyLong };
    case 'decoded-else-first-underscore':
      return { short: d.b64Either(label), long: d.b64EitherLong };
    case 'canonical-only':
      return { short: d.b64(label), long: t.b64Long };
  }
}

/** A folder's session files: as last listed (`counts`, by path), else as found when the layout was read. */
function filesIn(f: SessionFolder, counts?: ReadonlyMap<string, number>): number {
  return counts?.get(f.path) ?? f.sessions.length;
}

/** A folder that is no nanobot folder and holds nothing that looks like a session (nor a leftover of one). */
export function noSessionsHere(l: Layout): boolean {
  return l.kind === 'none' && l.folders.every((f) => f.sessions.length === 0 && f.leftovers.length === 0);
}

/** One sentence for the kind of folder; `counts` keeps it true after a reload found more or fewer files. */
export function layoutText(l: Layout, name: string, counts?: ReadonlyMap<string, number>): string {
  const count = l.folders.reduce((n, f) => n + filesIn(f, counts), 0);
  const t = ui().workspace.layout;
  switch (l.kind) {
    case 'workspace':
      return l.folders.length === 0 ? t.newerWs(name) : t.ws(name, count, l.folders[0]!.path);
    case 'config':
      return t.config(name, l.folders.filter((f) => f.role === 'namespace').length, l.folders.some((f) => f.role === 'legacy'), count);
    case 'sessions-folder':
      return l.folders.length > 1 ? t.roots(name, l.folders.length) : t.sessions(name, count);
    case 'none':
      return count ? t.loose(name, count) : t.nothing(name);
  }
}

/** The label of a session folder in the folder picker. */
export function folderLabel(f: SessionFolder, counts?: ReadonlyMap<string, number>): string {
  const t = ui().workspace.layout;
  return t.picker(t.label(f.label), t.role[f.role], filesIn(f, counts));
}
