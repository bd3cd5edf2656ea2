/**
 * Turn what the user gave us — a folder handle (picked, dropped, remembered), OPFS (the demo), a
 * list of Files (read-only fallback) or one file — into a Workspace: an adapter plus the detected
 * layout, and whether edits may be written back.
 */
import type { StorageAdapter } from '../../store/adapter';
import { createHandleAdapter } from '../../store/handle-adapter';
import { queryAccess } from '../../store/handles';
import { classifyName } from '../../store/leftovers';
import { detectLayout, MAIN_MARKERS, type Layout } from '../../store/layout';
import { DEMO_DIR } from './demo';

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

/** Open a directory handle; writable when readwrite is already granted (no prompt here). */
export async function workspaceFromHandle(handle: FileSystemDirectoryHandle, kind: 'folder' | 'demo', rememberedId?: string): Promise<Workspace> {
  const access = kind === 'demo' ? 'granted' : await queryAccess(handle, 'readwrite');
  const label = kind === 'demo' ? 'Demo workspace (in this browser)' : `folder ${handle.name}`;
  const adapter = createHandleAdapter(handle, label, { kind: kind === 'demo' ? 'opfs' : 'folder' });
  const layout = await detectLayout(adapter, handle.name);
  const writable = access === 'granted';
  return {
    kind,
    name: kind === 'demo' ? (handle.name === DEMO_DIR ? 'Demo workspace' : 'Demo: nanobot main') : handle.name,
    adapter,
    writable,
    ...(writable ? {} : { readOnlyReason: 'This page may read the folder but not write to it yet: edits are offered as downloads until you allow editing.' }),
    root: handle,
    layout,
    ...(rememberedId ? { rememberedId } : {}),
  };
}

/** Files whose bytes matter to the app (sessions, leftovers, backups, layout markers, main's locks that date a folder). */
export function relevantFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return classifyName(name) !== 'other' || ['.workspace', 'workspace-id', 'config.json', ...MAIN_MARKERS].includes(name);
}

/** A file with the path it had inside the chosen folder (`webkitRelativePath` or a dropped entry's). */
export interface PathedFile {
  path: string;
  file: File;
}

const READ_ONLY_FILES = 'This browser cannot write to local folders (no File System Access API): the files were copied into this page, read-only. Edits are offered as downloads.';

/**
 * A read-only workspace from files of one chosen folder (`<input webkitdirectory>` or a dropped
 * folder read through entries). Paths start with the folder's name, which becomes the root.
 */
export async function workspaceFromFiles(files: PathedFile[]): Promise<Workspace> {
  const first = files[0]?.path ?? '';
  const rootName = first.includes('/') ? first.slice(0, first.indexOf('/')) : '';
  const { createMemoryAdapter } = await import('../../store/memory-adapter'); // only without FSA: off the first load
  const adapter = createMemoryAdapter({ label: `copy of ${rootName || 'the chosen files'} (read-only)` });
  for (const { path, file } of files) {
    const rel = rootName && path.startsWith(`${rootName}/`) ? path.slice(rootName.length + 1) : path;
    if (!rel || !relevantFile(rel)) continue;
    const bytes = rel.endsWith('config.json') ? new Uint8Array(0) : new Uint8Array(await file.arrayBuffer());
    adapter.setFile(rel, bytes, file.lastModified);
  }
  const layout = await detectLayout(adapter, rootName);
  return { kind: 'files', name: rootName || 'chosen files', adapter, writable: false, readOnlyReason: READ_ONLY_FILES, layout };
}

/** A read-only workspace holding one dropped or chosen `.jsonl` file. */
export async function workspaceFromSingleFile(file: File): Promise<Workspace> {
  const { createMemoryAdapter } = await import('../../store/memory-adapter');
  const adapter = createMemoryAdapter({ label: `copy of ${file.name} (read-only)` });
  adapter.setFile(file.name, new Uint8Array(await file.arrayBuffer()), file.lastModified);
  const layout: Layout = {
    kind: 'none',
    folders: [{ path: '', role: 'loose', naming: 'safe-key', version: 'v0.2', label: 'a single file', sessions: [file.name], leftovers: [], backups: [] }],
    notes: [],
  };
  return {
    kind: 'file',
    name: file.name,
    adapter,
    writable: false,
    readOnlyReason: 'A single file was opened, so it cannot be saved back in place: edits are offered as downloads. Open its folder to edit it.',
    layout,
  };
}
