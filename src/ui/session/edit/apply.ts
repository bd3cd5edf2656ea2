/**
 * An edit's outcome as the cards show it (a failure as data: a conflict lists what changed), and the
 * guarded save of an edited document the listing's repair uses.
 */
import type { SessionDocument } from '../../../core/lens/document';
import { isStoreError } from '../../../store/adapter/errors';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { saveDocument, tmpFor, type OpenedSession } from '../../../store/save/sessions';
import { joinPath, splitParent } from '../../../store/adapter/paths';
import { noteRunningSave } from '../../workspace/save-notes';
import { er, pg } from '../../i18n/text';
import { errorText } from '../../shell/status';

export type Outcome =
  | { ok: true; message: string; opened?: OpenedSession | null }
  | { ok: false; conflict: boolean; message: string; changes: string[]; cancelled?: boolean };


/** Saves `doc` over the opened file (the listing's repair of a file nanobot's listing fails on). */
export async function saveEdited(adapter: StorageAdapter, opened: OpenedSession, doc: SessionDocument, now: string): Promise<Outcome> {
  let done: (() => void) | null = null;
  let keepNote = false;
  try {
    // A note a reload finds: the tmp a save cut short leaves is then named as this app's own.
    const tmpName = tmpFor(opened.fileName, opened.version);
    done = noteRunningSave(joinPath(splitParent(opened.path)[0], tmpName));
    const { opened: next, result } = await saveDocument(adapter, opened, doc, { now, key: opened.key, version: opened.version, tmpName });
    return { ok: true, message: pg().edit.saved(opened.fileName, next.bytes.length, result.backup ?? null), opened: next };
  } catch (e) {
    keepNote = isStoreError(e) && !!e.leftover; // a tmp the save could not remove is still its own
    return failure(e);
  } finally {
    if (!keepNote) done?.();
  }
}

/** A failure as the Edit tab reports it; a 'conflict' lists what changed on disk. */
export function failure(e: unknown): Outcome & { ok: false } {
  if (isStoreError(e, 'cancelled')) return { ok: false, conflict: false, cancelled: true, message: errorText(e), changes: [] };
  if (isStoreError(e, 'conflict')) return { ok: false, conflict: true, message: errorText(e), changes: e.reason.code === 'changed-since-read' ? e.reason.changes.map((c) => er()?.snapshotChange(c) ?? '…') : [] };
  return { ok: false, conflict: false, message: errorText(e), changes: [] };
}
