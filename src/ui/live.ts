/**
 * Notice changes made on disk by someone else (nanobot itself, an editor): FileSystemObserver where
 * the browser has it, for immediacy, and always a cheap poll of `stat()` (files) or of the folder's
 * names and stats (folders) — an observer can stay silent about other processes' writes (seen in
 * headless Chromium on Linux), and a missed change would mean editing a stale file.
 */
import type { FileStat, StorageAdapter } from '../store/adapter/adapter';
import { folderSignatureOf, statFolder } from '../store/listing/folder-stat';
import { observerCtor, type FileSystemObserverLike } from './fsa';

export const FILE_POLL_MS = 2000;
export const FOLDER_POLL_MS = 5000;

export interface WatchTarget {
  adapter: StorageAdapter;
  /** The workspace root handle, when there is one (needed for FileSystemObserver). */
  root?: FileSystemDirectoryHandle;
  path: string;
}

async function folderAt(root: FileSystemDirectoryHandle, path: string): Promise<FileSystemDirectoryHandle> {
  let d = root;
  for (const p of path.split('/').filter(Boolean)) d = await d.getDirectoryHandle(p);
  return d;
}

const same = (a: FileStat | null, b: FileStat | null) => (a === null ? b === null : b !== null && a.size === b.size && a.lastModified === b.lastModified);

/**
 * Call `onChange` when the file's size or mtime moves away from `initial` (debounced). Returns a stop
 * function. `initial` is the state the caller already shows, so its own saves must update it via the
 * returned `setKnown`.
 */
export function watchFile(
  t: WatchTarget,
  initial: FileStat | null,
  onChange: () => void,
  /** While true (our own save is running), changes are not reported yet. */
  busy: () => boolean = () => false,
): { stop: () => void; setKnown: (s: FileStat | null) => void } {
  let known = initial;
  let stopped = false;
  let observer: FileSystemObserverLike | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;

  let later: ReturnType<typeof setTimeout> | undefined;
  const checkSoon = (ms = 300) => {
    if (later) clearTimeout(later);
    later = setTimeout(() => void check(), ms);
  };
  const check = async () => {
    if (stopped || checking) return;
    if (busy()) return checkSoon(500);
    checking = true;
    try {
      const now = await t.adapter.stat(t.path).catch(() => null);
      if (!stopped && !same(known, now)) {
        known = now;
        onChange();
      }
    } finally {
      checking = false;
    }
  };

  const poll = () => {
    timer = setInterval(() => void check(), FILE_POLL_MS);
  };

  const Ctor = observerCtor();
  if (Ctor && t.root) {
    // Observe the parent folder: a save by nanobot replaces the file (tmp + rename), which a
    // watch on the old file handle may not report. check() compares the stat anyway.
    void folderAt(t.root, t.path.includes('/') ? t.path.slice(0, t.path.lastIndexOf('/')) : '')
      .then(async (h) => {
        if (stopped) return;
        observer = new Ctor(() => checkSoon());
        await observer.observe(h);
      })
      .catch(() => {
        observer?.disconnect();
        observer = null;
      });
  }
  poll();

  return {
    stop() {
      stopped = true;
      observer?.disconnect();
      if (timer) clearInterval(timer);
      if (later) clearTimeout(later);
    },
    setKnown(s) {
      known = s;
    },
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
  let observer: FileSystemObserverLike | null = null;
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
  const Ctor = observerCtor();
  if (Ctor && t.root) {
    void folderAt(t.root, t.path)
      .then(async (h) => {
        if (stopped) return;
        observer = new Ctor(() => fire());
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
    clearInterval(timer);
    if (debounce) clearTimeout(debounce);
  };
}
