/**
 * A note of the streamed saves running now, kept where a reload finds it (the page's localStorage):
 * written before the tmp file is made, removed once the save has finished or cleaned up after
 * itself. A page closed or reloaded mid-save leaves its note behind, so the Leftovers view can tell
 * a `.tmp` of Session Lens's own protocol (empty in Chromium: the bytes were still in the browser's
 * swap file) from one nanobot left, and say so.
 */
import type { SyncStore } from '../listing/cache/first-screen';

const KEY = 'session-lens:saves-running';
/** Notes older than this are dropped (a week): a leftover that old is described by its content alone. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** How much earlier than the note a tmp may be dated (clocks of disk and page, a coarse mtime). */
const SLACK_MS = 5000;

/** One save: the workspace it is in, the tmp it writes, and when it began. */
export interface RunningSave {
  workspace: string;
  tmp: string;
  started: number;
}

function read(store: SyncStore): RunningSave[] {
  try {
    const v: unknown = JSON.parse(store.getItem(KEY) ?? '[]');
    if (!Array.isArray(v)) return [];
    return v.filter(
      (e): e is RunningSave =>
        typeof e === 'object' && e !== null && typeof (e as RunningSave).workspace === 'string' && typeof (e as RunningSave).tmp === 'string' && typeof (e as RunningSave).started === 'number',
    );
  } catch {
    return [];
  }
}

function write(store: SyncStore, list: RunningSave[]): void {
  try {
    if (list.length) store.setItem(KEY, JSON.stringify(list));
    else store.removeItem(KEY);
  } catch {
    // A full or refused storage only loses the note: the leftover is then described by its content.
  }
}

/** Notes that a save into `tmp` begins now; the returned function removes the note. */
export function noteSave(store: SyncStore, workspace: string, tmp: string, now = Date.now()): () => void {
  const list = read(store).filter((e) => now - e.started < MAX_AGE_MS && !(e.workspace === workspace && e.tmp === tmp));
  list.push({ workspace, tmp, started: now });
  write(store, list);
  return () => forgetSave(store, workspace, tmp);
}

/** Removes the note of a save into `tmp` (it finished, or its leftover was removed). */
export function forgetSave(store: SyncStore, workspace: string, tmp: string): void {
  const list = read(store);
  const rest = list.filter((e) => !(e.workspace === workspace && e.tmp === tmp));
  if (rest.length !== list.length) write(store, rest);
}

/**
 * The note of an interrupted save that left `tmp` behind, if the tmp is that save's (dated no earlier
 * than the save began); else null.
 */
export function interruptedSave(store: SyncStore, workspace: string, tmp: string, tmpModified: number | null): RunningSave | null {
  const e = read(store).find((x) => x.workspace === workspace && x.tmp === tmp);
  if (!e) return null;
  if (tmpModified !== null && tmpModified < e.started - SLACK_MS) return null;
  return e;
}
