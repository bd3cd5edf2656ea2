/** What every edit form needs: the session, the store (or null for downloads), the clock, the callbacks. */
import type { SessionDocument } from '../../../core/lens/document';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import type { OpenedSession } from '../../../store/save/sessions';
import { downloadDocument, saveEdited, type Outcome } from './apply';

export interface EditCtx {
  opened: OpenedSession;
  adapter: StorageAdapter | null;
  now: () => string;
  onChanged: (next: OpenedSession | null, message: string) => void;
  onForked: (path: string) => void;
}

/** Saves (or downloads) an edited document and tells the shell about the new version. */
export async function commitDocument(ctx: EditCtx, doc: SessionDocument, backup = false): Promise<Outcome> {
  if (!ctx.adapter) return downloadDocument(doc, ctx.opened.fileName);
  const out = await saveEdited(ctx.adapter, ctx.opened, doc, ctx.now(), backup);
  if (out.ok && out.opened) ctx.onChanged(out.opened, out.message);
  return out;
}
