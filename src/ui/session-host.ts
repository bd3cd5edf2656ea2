/**
 * The contract between the shell (workspace level) and the one session page
 * (`src/ui/session/SessionView.tsx` exports `SessionView(props: SessionHostProps)`).
 *
 * Route params: `line` is 1-based (the health view links `#/s/<key>?tab=file&line=N`);
 * the shell may add `file` (the file name, when a key is ambiguous) and `folder` (which session
 * folder of the workspace) — the view should pass them back unchanged in `onRoute`.
 */
import type { OpenedSession } from '../store/save/sessions';
import type { StorageAdapter } from '../store/adapter/adapter';
import type { SessionSource } from '../store/source/session-source';

/** The page's way to open its file as a SessionSource again (under `key`, the one nanobot loads it with): what edits plan and save through. */
export type SourceOpener = (key?: string) => Promise<SessionSource>;

export interface SessionHostProps {
  /** The file as the store opened it: its `stat.kind` says how it is read (the whole document, or its line index). */
  source: SessionSource;
  /** The whole document, opened (its snapshot for guarded saves); null when the source reads the line index. */
  opened: OpenedSession | null;
  /** null when the session is read-only (no File System Access API, a dropped single file): edits are offered as downloads. */
  adapter: StorageAdapter | null;
  /** The opened folder to read from (also when read-only): the Context tab reads the workspace's files through it. */
  reader?: StorageAdapter | null;
  /** Opens the file again as the page's source, under the page's line. */
  open: SourceOpener;
  /** The clock nanobot would use (naive local ISO, e.g. from core/isotime localIsoNow). */
  now: () => string;
  /**
   * An edit was saved (or, after a conflict, the file is to be read again), at either size: the
   * page says `message` and opens the file again through `open` (its own save is not announced as
   * a change from outside).
   */
  onSaved: (message: string) => void;
  /** The file was deleted: the page says `message` and leaves it. */
  onDeleted: (message: string) => void;
  /** Called after a fork was written, with its path. */
  onForked: (path: string) => void;
  /** Initial tab and replay settings from the URL hash (#/s/<key>?tab=replay&max_tokens=...). */
  route: { tab?: 'conversation' | 'replay' | 'context' | 'file' | 'edit' | 'export'; params: Record<string, string> };
  onRoute: (tab: string, params: Record<string, string>) => void;
  /** The link to the file's other reading (`source.stat.other`): the full view, or large-file mode. */
  switchHref?: string;
  /** The workspace's name: which warnings were read is remembered per workspace. */
  workspace?: string;
}
