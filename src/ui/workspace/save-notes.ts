/**
 * Where the page notes its running streamed saves (store/save/save-journal.ts): localStorage, keyed
 * by the workspace, so a reload mid-save can tell its own leftover tmp from nanobot's.
 */
import { noteSave } from '../../store/save/save-journal';
import { syncStore, workspace } from './model';
import { workspaceId } from './workspace';

/** The open workspace as the notes name it (kind and name on disk), or null when none is open. */
export function notesWorkspace(): string | null {
  const ws = workspace.peek();
  return ws ? `${ws.kind}:${workspaceId(ws)}` : null;
}

/** Notes a save into `tmp` (a path in the open workspace) before it begins; returns what removes the note (null: nowhere to note it). */
export function noteRunningSave(tmp: string): (() => void) | null {
  const store = syncStore();
  const ws = notesWorkspace();
  return store && ws ? noteSave(store, ws, tmp) : null;
}
