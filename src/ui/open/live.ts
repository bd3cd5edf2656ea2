/**
 * Notice changes made on disk by someone else (nanobot itself, an editor): FileSystemObserver where
 * the browser has it, for immediacy, and always a cheap poll of `stat()` (files) or of the folder's
 * names and stats (folders) — an observer can stay silent about other processes' writes (seen in
 * headless Chromium on Linux), and a missed change would mean editing a stale file. Watching a
 * folder is here; watching one open session file is `live-file.ts`, loaded with the session page.
 */
import type { StorageAdapter } from '../../store/adapter/adapter';
import { folderSignatureOf, statFolder } from '../../store/listing/folder-stat';
import { observerCtor, type FileSystemObserverLike } from './fsa';

export const FOLDER_POLL_MS = 5000;

export interface WatchTarget {
  adapter: StorageAdapter;
  /** The workspace root handle, when there is one (needed for FileSystemObserver). */
  root?: FileSystemDirectoryHandle;
  path: string;
}

/** The folder handle at `path` under `root` (what an observer watches). */
async function folderAt(root: FileSystemDirectoryHandle, path: string): Promise<FileSystemDirectoryHandle> {
  let d = root;
  for (const p of path.split('/').filter(Boolean)) d = await d.getDirectoryHandle(p);
  return d;
}

/**
 * Watch the folder at `path` under `root` with a FileSystemObserver, where the browser has one and
 * there is a root handle, calling `onChange` on its records. Returns the function that stops it.
 */
export function observeFolder(root: FileSystemDirectoryHandle | undefined, path: string, onChange: () => void): () => void {
  let stopped = false;
  let observer: FileSystemObserverLike | null = null;
  const Ctor = observerCtor();
  if (Ctor && root) {
    void folderAt(root, path)
      .then(async (h) => {
        if (stopped) return;
        observer = new Ctor(() => onChange());
        await observer.observe(h);
      })
      .catch(() => {
        observer?.disconnect();
        observer = null;
      });
  }
  return () => {
    stopped = true;
    observer?.disconnect();
  };
}

/** A folder's signature now (store/folder-stat.ts): file names with size and mtime. */
export async function folderSignature(adapter: StorageAdapter, path: string): Promise<string> {
  return folderSignatureOf(await statFolder(adapter, path));
}

/**
 * Call `onChange` (debounced) when the folder's signature differs from `known()` — the signature
 * the shown listing was read at — so a change made just before the watch started is not missed.
 */
export function watchFolder(t: WatchTarget, known: () => string | null, onChange: () => void): () => void {
  let stopped = false;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => !stopped && onChange(), 300);
  };
  const check = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    const base = known();
    if (base === null) return;
    void folderSignature(t.adapter, t.path).then(
      (s) => {
        if (!stopped && s !== base && known() === base) fire();
      },
      () => undefined,
    );
  };
  const timer = setInterval(check, FOLDER_POLL_MS);
  const unobserve = observeFolder(t.root, t.path, fire);
  return () => {
    stopped = true;
    unobserve();
    clearInterval(timer);
    if (debounce) clearTimeout(debounce);
  };
}
