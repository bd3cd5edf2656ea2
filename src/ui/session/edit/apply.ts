/**
 * An edit's outcome as the cards show it (a failure as data: a conflict lists what changed), and the
 * guarded save of an edited document the listing's repair uses.
 */
import type { SessionDocument } from '../../../core/lens/document';
import { isStoreError } from '../../../store/adapter/errors';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
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
  return notedSave(opened.path, opened.fileName, opened.version, async (tmpName) => {
    const { opened: next, result } = await saveDocument(adapter, opened, doc, { now, key: opened.key, version: opened.version, tmpName });
    return { ok: true, message: pg().edit.saved(opened.fileName, next.bytes.length, result.backup ?? null), opened: next };
  });
}

/**
 * Runs `save` of the file at `path` with a tmp name for it noted where a reload finds it, so the tmp a save
 * cut short leaves is named as this app's own (the note is kept when the save could not remove its tmp).
 */
export async function notedSave(path: string, fileName: string, version: NanobotVersion, save: (tmpName: string) => Promise<Outcome>): Promise<Outcome> {
  let forget: (() => void) | null = null;
  let keepNote = false;
  try {
    const tmpName = tmpFor(fileName, version);
    forget = noteRunningSave(joinPath(splitParent(path)[0], tmpName));
    return await save(tmpName);
  } catch (e) {
    keepNote = isStoreError(e) && !!e.leftover;
    return failure(e);
  } finally {
    if (!keepNote) forget?.();
  }
}

/** A failure as the Edit tab reports it; a 'conflict' lists what changed on disk. */
export function failure(e: unknown): Outcome & { ok: false } {
  if (isStoreError(e, 'cancelled')) return { ok: false, conflict: false, cancelled: true, message: errorText(e), changes: [] };
  if (isStoreError(e, 'conflict')) return { ok: false, conflict: true, message: errorText(e), changes: e.reason.code === 'changed-since-read' ? e.reason.changes.map((c) => er()?.snapshotChange(c) ?? '…') : [] };
  return { ok: false, conflict: false, message: errorText(e), changes: [] };
}
