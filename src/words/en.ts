/**
 * English the CLI and the app's English catalog share word for word: why nanobot's list leaves a file
 * out, a folder's label, and the notes on an opened folder. One place, so the two never drift apart.
 * Plain functions of the store's codes; nothing here renders.
 */
import type { SkipReason } from '../core/listing/listing';
import type { FolderLabel, LayoutNote } from '../store/listing/layout';

/** Why nanobot's list leaves a file out. */
export function skipReasonEn(r: SkipReason): string {
  switch (r.code) {
    case 'not-base64url': return 'not a canonical base64url name: nanobot main never lists it';
    case 'empty': return 'empty file';
    case 'blank-first': return 'first line is blank';
    case 'not-metadata-first': return 'first line is not a metadata record';
    case 'repair-reads-missing': return `nanobot's repair reads ${r.file}, which does not exist`;
    case 'unreadable': return `nanobot cannot read it (${r.error})`;
    case 'listing-raises': return `nanobot's listing raises ${r.error} here: it lists no session at all`;
    case 'lens-cannot-read': return `Session Lens could not read it (${r.error})`;
  }
}

/** A session folder's name in headings and pickers. */
export function folderLabelEn(l: FolderLabel): string {
  switch (l.code) {
    case 'default-workspace': return 'default workspace (workspace/sessions)';
    case 'workspace-sessions': return 'workspace sessions';
    case 'sessions-folder': return 'sessions folder';
    case 'loose': return 'session-like files in this folder';
    case 'legacy': return 'legacy global sessions';
    case 'single-file': return 'a single file';
    case 'namespace': return l.workspacePath ?? (l.id ? `workspace ${l.id}` : 'session namespace');
  }
}

/** A note on the opened folder: not nanobot's, or a workspace whose sessions live elsewhere. */
export function layoutNoteEn(n: LayoutNote): string {
  return n.code === 'not-nanobot-folder'
    ? 'This folder is not a nanobot workspace, sessions folder or config folder.'
    : `This workspace has the id ${n.id}: newer nanobot keeps its sessions in <config folder>/sessions/${n.id}/ (usually ~/.nanobot/sessions/…).`;
}

