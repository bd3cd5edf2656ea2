/**
 * Feature detection for the browser file APIs the app relies on (Chromium's File System Access
 * API, OPFS, FileSystemObserver), with local types for what TypeScript's DOM library lacks.
 */

/** `window.showDirectoryPicker`, where it exists. */
export type DirectoryPicker = (opts?: { id?: string; mode?: 'read' | 'readwrite'; startIn?: string }) => Promise<FileSystemDirectoryHandle>;

/** A change record of FileSystemObserver (only the fields used here). */
interface ObserverRecord {
  type: string;
  changedHandle?: FileSystemHandle;
  relativePathComponents?: string[];
}

export interface FileSystemObserverLike {
  observe(handle: FileSystemHandle, opts?: { recursive?: boolean }): Promise<void>;
  disconnect(): void;
}

type ObserverCtor = new (cb: (records: ObserverRecord[]) => void) => FileSystemObserverLike;

/** The directory picker, or null (Firefox, Safari). */
export function directoryPicker(): DirectoryPicker | null {
  const w = globalThis as unknown as { showDirectoryPicker?: DirectoryPicker };
  return typeof w.showDirectoryPicker === 'function' ? w.showDirectoryPicker.bind(globalThis) : null;
}

/** Whether dropped items can give FileSystemHandles (writable folders), i.e. the full API. */
function canDropHandles(): boolean {
  const p = (globalThis as { DataTransferItem?: { prototype: object } }).DataTransferItem?.prototype;
  return !!p && typeof (p as { getAsFileSystemHandle?: unknown }).getAsFileSystemHandle === 'function';
}

/** Whether this browser can open local folders for writing (picker or drop). */
export function canWriteFolders(): boolean {
  return directoryPicker() !== null || canDropHandles();
}

/** The origin private file system's root, or null where it is missing (old browsers, happy-dom). */
export async function opfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage as (StorageManager & { getDirectory?: () => Promise<FileSystemDirectoryHandle> }) | undefined;
  if (!storage || typeof storage.getDirectory !== 'function') return null;
  try {
    return await storage.getDirectory();
  } catch {
    return null;
  }
}

/** A FileSystemObserver constructor, or null (then callers poll). */
export function observerCtor(): ObserverCtor | null {
  const C = (globalThis as { FileSystemObserver?: ObserverCtor }).FileSystemObserver;
  return typeof C === 'function' ? C : null;
}

/** `item.getAsFileSystemHandle()`; must be called synchronously inside the drop event. */
export function itemHandle(item: DataTransferItem): Promise<FileSystemHandle | null> | null {
  const f = (item as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> }).getAsFileSystemHandle;
  return typeof f === 'function' ? f.call(item) : null;
}

/** True for an AbortError (the user closed the picker): not worth an error message. */
export function isAbort(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}
