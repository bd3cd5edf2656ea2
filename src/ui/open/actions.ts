/**
 * The ways into a workspace (picker, drop, file input, demo, remembered folder, restore after a
 * reload) and what happens next: open it, remember it, go to the list — or straight to the
 * session when a single file was given, or to the deep link that was waiting.
 */
import { signal } from '@preact/signals';
import { noSessionsHere } from '../workspace/version/layout-text';
import { forgetFolder, listRememberedFolders, queryAccess, rememberFolder, requestAccessFromClick, type DroppedFolder, type FolderWithAccess } from '../../store/listing/handles';
import type { Dropped } from './drop';
import { directoryPicker, isAbort } from './fsa';
import { DEFAULT_DEMO, readLastSource, sourceId, writeLastSource } from './last-source';
import { formatRoute, navigate, route, type Route } from '../shell/router';
import { errorText, say } from '../shell/status';
import { dropPreview, forgetCachedViewsOf, listing, previewWithoutAccess, setWorkspace, showCachedPreview, workspace } from '../workspace/model';
import type { PathedFile } from '../workspace/scan/open';
import type { Workspace } from '../workspace/workspace';

/** The code that opens a workspace (adapters, layouts) and the demo's, loaded on first use: the start screen needs neither. */
const opener = () => import('../workspace/scan/open');
const demo = () => import('../workspace/scan/demo');
import { er, errorTextReady, ui } from '../i18n/text';
import { afterNextPaint } from '../shell/paint';

/** Remembered folders with their permission as of the last check. */
export const remembered = signal<FolderWithAccess[]>([]);
/** True while something is being opened (buttons show it, and ignore a second click). */
export const opening = signal(false);
/** A deep link waiting for a workspace: set when the page loads on `#/w…` or `#/s/…` with none open. */
export const pendingRoute = signal<Route | null>(null);
/** What restoring the last workspace after a reload came to; `message` is read in the language on screen. */
export const restore = signal<{ state: 'idle' | 'trying' | 'needs-click' | 'failed'; folder?: FolderWithAccess; message?: () => string }>({ state: 'idle' });

/** Reload the remembered folders and their permission state (no prompt). */
export async function loadRemembered(): Promise<void> {
  try {
    let dropped: DroppedFolder[] = [];
    remembered.value = await listRememberedFolders('readwrite', undefined, (d) => (dropped = d));
    // Their words load after the first paint (i18n/errors), as every storage error's do.
    if (dropped.length) await errorTextReady().then(() => say(er()!.droppedFolders(dropped)));
  } catch {
    remembered.value = []; // IndexedDB unavailable (private mode in some browsers)
  }
}

async function show(ws: Workspace, folderAt = 0): Promise<void> {
  await setWorkspace(ws, folderAt);
  const waiting = pendingRoute.value;
  pendingRoute.value = null;
  restore.value = { state: 'idle' };
  // A link that waited for the workspace opens now, unless another link was followed meanwhile
  // (opening a big workspace takes a while, and a newer route must not be undone).
  if (waiting) {
    if (formatRoute(route.peek()) === formatRoute(waiting)) navigate(waiting, { replace: true });
  } else if (ws.kind === 'file') {
    const s = listing.value?.summaries[0];
    navigate(s ? { view: 'session', key: s.key, params: {} } : { view: 'workspace', page: 'sessions', params: {} });
  } else navigate({ view: 'workspace', page: 'sessions', params: {} });
  // The page shows what opened: screen readers hear it, no toast covers the list. A folder with no sessions did not open as a workspace.
  if (!noSessionsHere(ws.layout)) say(ui().start.opened(ws.name, !ws.writable), 'success', undefined, { quiet: true });
}

async function guarded(fn: () => Promise<void>): Promise<void> {
  if (opening.value) return;
  opening.value = true;
  try {
    await fn();
  } catch (e) {
    if (!isAbort(e)) say(errorText(e), 'error');
  } finally {
    opening.value = false;
  }
}

async function openHandle(handle: FileSystemDirectoryHandle): Promise<void> {
  const id = await rememberFolder(handle).catch(() => undefined);
  const ws = await (await opener()).workspaceFromHandle(handle, 'folder', id);
  // A folder with no sessions is not a workspace to come back to: it is not kept under Recent folders.
  const keep = !noSessionsHere(ws.layout);
  if (!keep && id) await forgetFolder(id).catch(() => undefined);
  writeLastSource(keep && id ? { kind: 'folder', id } : null);
  await show(ws);
  void loadRemembered();
}

/** "Open folder": the directory picker, asking for read and write at once. */
export function openPickedFolder(): Promise<void> {
  return guarded(async () => {
    const pick = directoryPicker();
    if (!pick) throw new Error(ui().start.noPicker);
    await openHandle(await pick({ id: 'session-lens', mode: 'readwrite' }));
  });
}

/** A drop anywhere on the page. */
export function openDropped(drop: Promise<Dropped>): Promise<void> {
  return guarded(async () => {
    const d = await drop;
    if (d.kind === 'directory') await openHandle(d.handle);
    else if (d.kind === 'file' || d.kind === 'files') {
      writeLastSource(null);
      const o = await opener();
      await show(await (d.kind === 'file' ? o.workspaceFromSingleFile(d.file) : o.workspaceFromFiles(d.files)));
    } else say(ui().start.emptyDrop, 'error');
  });
}

/** Files from `<input type=file webkitdirectory>` (read-only) or a single chosen file. */
export function openChosenFiles(list: FileList | File[]): Promise<void> {
  return guarded(async () => {
    const files = Array.from(list);
    if (files.length === 0) return;
    writeLastSource(null);
    const withPaths: PathedFile[] = files.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    if (files.length === 1 && !files[0]!.webkitRelativePath) await show(await (await opener()).workspaceFromSingleFile(files[0]!));
    else await show(await (await opener()).workspaceFromFiles(withPaths));
  });
}

/** "Try the demo" (or "Reset demo", or the demo laid out like nanobot main: `id` 'main'). */
export function openDemo(reset = false, id = DEFAULT_DEMO): Promise<void> {
  return guarded(async () => {
    const dir = await (await demo()).demoFolder(reset, id);
    writeLastSource(id === DEFAULT_DEMO ? { kind: 'demo' } : { kind: 'demo', id });
    await show(await (await opener()).workspaceFromHandle(dir, 'demo'));
    if (reset) say(ui().start.demoReset, 'success');
  });
}

/** Open a remembered folder from a click: asks for permission again when needed (only here, from the click). */
export function openRemembered(f: FolderWithAccess): Promise<void> {
  return guarded(async () => {
    const asked = await requestAccessFromClick(f.handle, 'readwrite');
    if (asked.access === 'granted') return openHandle(f.handle);
    await loadRemembered();
    const canRead = (await queryAccess(f.handle, 'read')) === 'granted';
    const why = () => (asked.needsClick ? ui().start.needsClick : ui().start.notGranted(f.name));
    restore.value = { state: 'needs-click', folder: { ...f, access: asked.access }, message: why };
    say(canRead ? ui().start.stillReadOnly(why()) : why(), 'error');
  });
}

/** Open a remembered folder read-only (when reading is allowed but writing was refused). */
export function openRememberedReadOnly(f: FolderWithAccess): Promise<void> {
  return guarded(async () => {
    const read = await requestAccessFromClick(f.handle, 'read');
    if (read.access !== 'granted') throw new Error(ui().start.readDenied(f.name));
    const ws = await (await opener()).workspaceFromHandle(f.handle, 'folder', f.id);
    await show({
      ...ws,
      writable: false,
      get readOnlyReason() {
        return ui().workspace.roGranted;
      },
    });
  });
}

/** Forget a remembered folder. */
export async function forgetRemembered(f: FolderWithAccess): Promise<void> {
  await forgetFolder(f.id).catch(() => undefined);
  await forgetCachedViewsOf(sourceId({ kind: 'folder', id: f.id }));
  if (readLastSource()?.kind === 'folder' && (readLastSource() as { id: string }).id === f.id) writeLastSource(null);
  await loadRemembered();
  say(ui().start.forgot(f.name));
}

/** "Allow editing": ask for write access to the open folder (from a click), then reopen it writable. */
export function allowEditing(): Promise<void> {
  return guarded(async () => {
    const ws = workspace.value;
    if (!ws?.root) return;
    const asked = await requestAccessFromClick(ws.root, 'readwrite');
    if (asked.access !== 'granted') return say(asked.needsClick ? ui().start.editClick : ui().start.editRefused, 'error');
    const next = await (await opener()).workspaceFromHandle(ws.root, 'folder', ws.rememberedId);
    const at = route.value;
    await setWorkspace(next);
    navigate(at, { replace: true });
    say(ui().start.editAllowed, 'success');
  });
}

/** After a reload on a deep link: reopen the demo or the last folder when that needs no prompt. */
export async function restoreLast(): Promise<void> {
  const last = readLastSource();
  if (!last) {
    restore.value = { state: 'failed', message: () => ui().start.openToFollow };
    return;
  }
  restore.value = { state: 'trying' };
  // The last listing on screen first (unchecked); the handle, access and layout are checked once it is painted.
  await showCachedPreview(last);
  await afterNextPaint();
  try {
    if (last.kind === 'demo') return await show(await (await opener()).workspaceFromHandle(await (await demo()).demoFolder(false, last.id ?? DEFAULT_DEMO), 'demo'));
    await loadRemembered();
    const f = remembered.value.find((x) => x.id === last.id);
    if (!f) {
      dropPreview();
      restore.value = { state: 'failed', message: () => ui().start.notRemembered };
      return;
    }
    if (f.access === 'granted') await show(await (await opener()).workspaceFromHandle(f.handle, 'folder', f.id));
    else {
      previewWithoutAccess();
      if (f.access === 'prompt') restore.value = { state: 'needs-click', folder: f, message: () => ui().start.needsPermission(f.name) };
      else restore.value = { state: 'failed', folder: f, message: () => ui().start.accessRefused(f.name) };
    }
  } catch (e) {
    dropPreview();
    const text = errorText(e);
    restore.value = { state: 'failed', message: () => text };
  }
}

/** Close the workspace and go back to the start screen. */
export function closeWorkspaceToStart(): void {
  void setWorkspace(null);
  navigate({ view: 'start', params: {} });
  void loadRemembered();
}
