/** What every edit form needs: the session, the store (or null for downloads), the clock, the callbacks. */
import type { SessionDocument } from '../../../core/lens/document';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import type { OpenedSession } from '../../../store/save/sessions';
import { downloadDocument, saveEdited, type Outcome, type SaveControl } from './apply';

export interface EditCtx {
  opened: OpenedSession;
  adapter: StorageAdapter | null;
  now: () => string;
  onChanged: (next: OpenedSession | null, message: string) => void;
  onForked: (path: string) => void;
}

/** Saves (or downloads) an edited document and tells the shell about the new version. */
export async function commitDocument(ctx: EditCtx, doc: SessionDocument, backup = false, ctl?: SaveControl): Promise<Outcome> {
  if (!ctx.adapter) return downloadDocument(doc, ctx.opened.fileName);
  const out = await saveEdited(ctx.adapter, ctx.opened, doc, ctx.now(), backup, ctl);
  if (out.ok && out.opened) ctx.onChanged(out.opened, out.message);
  return out;
}

/** From this size a save shows its progress and can be cancelled (a smaller one is over before either could help). */
export const LONG_SAVE_BYTES = 8 * 1024 * 1024;

/** Whether saving this session is long enough to show progress and a Cancel button. */
export function longSave(ctx: EditCtx): boolean {
  return !!ctx.adapter && ctx.opened.bytes.length >= LONG_SAVE_BYTES;
}
