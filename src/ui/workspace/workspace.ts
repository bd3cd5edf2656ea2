/**
 * What an opened workspace is (an adapter, its layout, whether edits may be written back) and its id;
 * apart from open.ts, which makes one, so the start screen and a reopen's cached list need not load that.
 */
import type { StorageAdapter } from '../../store/adapter/adapter';
import type { Layout } from '../../store/listing/layout';

export type WorkspaceKind = 'folder' | 'demo' | 'files' | 'file';

/** An opened workspace. */
export interface Workspace {
  kind: WorkspaceKind;
  /** The folder's (or file's) own name. */
  name: string;
  adapter: StorageAdapter;
  /** False: the session view gets `adapter: null`, and edits become downloads. */
  writable: boolean;
  /** Why it is read-only, for the banner. */
  readOnlyReason?: string;
  /** The root handle, for FileSystemObserver and asking for write access later. */
  root?: FileSystemDirectoryHandle;
  layout: Layout;
  /** Its id in the remembered folders (store/handles.ts). */
  rememberedId?: string;
}

/** The workspace's name on disk, the same in every language: it keys the listing cache and the notes marked read. */
export function workspaceId(ws: Pick<Workspace, 'name' | 'root'>): string {
  return ws.root?.name ?? ws.name;
}
