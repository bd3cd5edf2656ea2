/**
 * Turn what the user gave us — a folder handle (picked, dropped, remembered), OPFS (the demo), a
 * list of Files (read-only fallback) or one file — into a Workspace: an adapter plus the detected
 * layout, and whether edits may be written back.
 */
import { createHandleAdapter } from '../../../store/adapter/handle-adapter';
import { queryAccess } from '../../../store/listing/handles';
import { classifyName } from '../../../store/listing/leftovers';
import { detectLayout, MAIN_MARKERS, type Layout } from '../../../store/listing/layout';
import { DEMO_DIR } from './demo';
import { ui } from '../../i18n/text';
import type { Workspace } from '../workspace';
import { VERSION_WITHOUT_EVIDENCE } from '../../../core/nanobot/nanobot-version';

export { workspaceId, type Workspace, type WorkspaceKind } from '../workspace';

/** Open a directory handle; writable when readwrite is already granted (no prompt here). */
export async function workspaceFromHandle(handle: FileSystemDirectoryHandle, kind: 'folder' | 'demo', rememberedId?: string): Promise<Workspace> {
  const access = kind === 'demo' ? 'granted' : await queryAccess(handle, 'readwrite');
  const label = kind === 'demo' ? ui().workspace.demoLabel : ui().workspace.folderLabel(handle.name);
  const adapter = createHandleAdapter(handle, label, { kind: kind === 'demo' ? 'opfs' : 'folder' });
  const layout = await detectLayout(adapter, handle.name);
  const writable = access === 'granted';
  const ws: Workspace = {
    kind,
    name: handle.name,
    adapter,
    writable,
    root: handle,
    layout,
    ...(rememberedId ? { rememberedId } : {}),
  };
  // Names and reasons the app wrote are read when shown, so they follow the language.
  if (kind === 'demo') Object.defineProperty(ws, 'name', { enumerable: true, get: () => (handle.name === DEMO_DIR ? ui().workspace.demoName : ui().workspace.mainDemoName) });
  if (!writable) Object.defineProperty(ws, 'readOnlyReason', { enumerable: true, get: () => ui().workspace.roAsk });
  return ws;
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

/**
 * A read-only workspace from files of one chosen folder (`<input webkitdirectory>` or a dropped
 * folder read through entries). Paths start with the folder's name, which becomes the root.
 */
export async function workspaceFromFiles(files: PathedFile[]): Promise<Workspace> {
  const first = files[0]?.path ?? '';
  const rootName = first.includes('/') ? first.slice(0, first.indexOf('/')) : '';
  const { createMemoryAdapter } = await import('../../../store/adapter/memory-adapter'); // only without FSA: off the first load
  const adapter = createMemoryAdapter({ label: ui().workspace.copyOf(rootName || ui().workspace.theChosenFiles) });
  for (const { path, file } of files) {
    const rel = rootName && path.startsWith(`${rootName}/`) ? path.slice(rootName.length + 1) : path;
    if (!rel || !relevantFile(rel)) continue;
    const bytes = rel.endsWith('config.json') ? new Uint8Array(0) : new Uint8Array(await file.arrayBuffer());
    adapter.setFile(rel, bytes, file.lastModified);
  }
  const layout = await detectLayout(adapter, rootName);
  return {
    kind: 'files',
    name: rootName || ui().workspace.chosenFiles,
    adapter,
    writable: false,
    get readOnlyReason() {
      return ui().workspace.roFiles;
    },
    layout,
  };
}

/** A read-only workspace holding one dropped or chosen `.jsonl` file. */
export async function workspaceFromSingleFile(file: File): Promise<Workspace> {
  const { createMemoryAdapter } = await import('../../../store/adapter/memory-adapter');
  const adapter = createMemoryAdapter({ label: ui().workspace.copyOf(file.name) });
  adapter.setFile(file.name, new Uint8Array(await file.arrayBuffer()), file.lastModified);
  const layout: Layout = {
    kind: 'none',
    folders: [{ path: '', role: 'loose', naming: 'safe-key', version: VERSION_WITHOUT_EVIDENCE, label: { code: 'single-file' }, sessions: [file.name], leftovers: [], backups: [] }],
    notes: [],
  };
  return {
    kind: 'file',
    name: file.name,
    adapter,
    writable: false,
    get readOnlyReason() {
      return ui().workspace.roFile;
    },
    layout,
  };
}
