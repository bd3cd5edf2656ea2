/** Plain sentences saying what kind of folder was opened (how its files are named: VersionLine.tsx, with the version). */
import type { Layout, SessionFolder } from '../../../store/listing/layout';
import { ui } from '../../i18n/text';

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
