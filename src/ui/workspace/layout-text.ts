/** Plain sentences saying what kind of folder was opened and how its files are named. */
import type { Layout, SessionFolder, StemNaming } from '../../store/layout';
import { plural } from '../format';

/** How a folder's file names relate to session keys. */
export function namingText(n: StemNaming): { short: string; long: string } {
  if (n === 'safe-key') {
    return {
      short: 'nanobot v0.2 file names (safe_key)',
      long: 'The file name is safe_key(key): telegram:12345 → telegram_12345.jsonl. The mapping is lossy (a:b_c and a_b:c share a file), so the key stored in the metadata record is the real one.',
    };
  }
  if (n === 'base64url') {
    return { short: 'newer nanobot file names (base64url)', long: 'The file name is base64url(key) without padding: telegram:12345 → dGVsZWdyYW06MTIzNDU.jsonl. Files with other names are ignored by nanobot.' };
  }
  return { short: 'file names of unknown naming', long: 'These files are not in a folder nanobot uses; keys come from their metadata records, or from the file names.' };
}

/** A folder's session files: as last listed (`counts`, by path), else as found when the layout was read. */
function filesIn(f: SessionFolder, counts?: ReadonlyMap<string, number>): number {
  return counts?.get(f.path) ?? f.sessions.length;
}

/** One sentence for the kind of folder; `counts` keeps it true after a reload found more or fewer files. */
export function layoutText(l: Layout, name: string, counts?: ReadonlyMap<string, number>): string {
  const count = l.folders.reduce((n, f) => n + filesIn(f, counts), 0);
  switch (l.kind) {
    case 'workspace':
      if (l.folders.length === 0) return `“${name}” is a newer nanobot workspace: its sessions are kept in nanobot’s config folder, not here.`;
      return `“${name}” is a nanobot workspace: ${plural(count, 'session file')} in ${l.folders[0]!.path}/.`;
    case 'config': {
      const ns = l.folders.filter((f) => f.role === 'namespace').length;
      const legacy = l.folders.some((f) => f.role === 'legacy') ? ', plus legacy global sessions' : '';
      return `“${name}” is nanobot’s config folder: ${plural(ns, 'workspace')} with sessions${legacy} (${plural(count, 'file')} in all).`;
    }
    case 'sessions-folder':
      return l.folders.length > 1
        ? `“${name}” holds nanobot session folders of ${plural(l.folders.length, 'workspace')}.`
        : `“${name}” is a nanobot sessions folder with ${plural(count, 'session file')}.`;
    case 'none':
      return count
        ? `“${name}” is not a nanobot workspace, but ${plural(count, '.jsonl file')} here ${count === 1 ? 'looks' : 'look'} like ${count === 1 ? 'a session' : 'sessions'}.`
        : `“${name}” is not a nanobot workspace, sessions folder or config folder, and no file in it looks like a session.`;
  }
}

/** The label of a session folder in the folder picker. */
export function folderLabel(f: SessionFolder, counts?: ReadonlyMap<string, number>): string {
  const role = f.role === 'namespace' ? 'workspace' : f.role === 'legacy' ? 'legacy' : f.role === 'loose' ? 'files' : 'sessions';
  return `${f.label} (${role}, ${plural(filesIn(f, counts), 'file')})`;
}
