/**
 * The contract between the shell (workspace level) and the views of one session
 * (`src/ui/session/SessionView.tsx` exports `SessionView(props: SessionHostProps)`).
 *
 * Route params: `line` is 1-based (the health view links `#/s/<key>?tab=file&line=N`);
 * the shell may add `file` (the file name, when a key is ambiguous) and `folder` (which session
 * folder of the workspace) — the view should pass them back unchanged in `onRoute`.
 */
import type { OpenedSession } from '../store/save/sessions';
import type { StorageAdapter } from '../store/adapter/adapter';
export interface SessionHostProps {
  opened: OpenedSession;
  /** null when the session is read-only (no File System Access API, a dropped single file): edits are offered as downloads. */
  adapter: StorageAdapter | null;
  /** The opened folder to read from (also when read-only): the Context tab reads the workspace's files through it. */
  reader?: StorageAdapter | null;
  /** The clock nanobot would use (naive local ISO, e.g. from core/isotime localIsoNow). */
  now: () => string;
  /** Called after a successful save/repair/trim/etc. with the re-opened session, or after delete with null. */
  onChanged: (next: OpenedSession | null, message: string) => void;
  /** Called after a fork was written, with its path. */
  onForked: (path: string) => void;
  /** Initial tab and replay settings from the URL hash (#/s/<key>?tab=replay&max_tokens=...). */
  route: { tab?: 'conversation' | 'replay' | 'context' | 'file' | 'edit' | 'export'; params: Record<string, string> };
  onRoute: (tab: string, params: Record<string, string>) => void;
  /** The workspace's name: which warnings were read is remembered per workspace. */
  workspace?: string;
}
