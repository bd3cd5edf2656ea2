/**
 * Notice changes made on disk by someone else (nanobot itself, an editor): FileSystemObserver where
 * the browser has it, else polling `stat()` (files) or the folder's names and stats (folders).
 */
import type { FileStat, StorageAdapter } from '../store/adapter';
import { observerCtor, type FileSystemObserverLike } from './fsa';

export const FILE_POLL_MS = 2000;
export const FOLDER_POLL_MS = 5000;

export interface WatchTarget {
  adapter: StorageAdapter;
  /** The workspace root handle, when there is one (needed for FileSystemObserver). */
  root?: FileSystemDirectoryHandle;
  path: string;
}

async function handleAt(root: FileSystemDirectoryHandle, path: string, kind: 'file' | 'directory'): Promise<FileSystemHandle> {
  const parts = path.split('/').filter(Boolean);
  let d = root;
  for (const p of kind === 'file' ? parts.slice(0, -1) : parts) d = await d.getDirectoryHandle(p);
  return kind === 'file' ? d.getFileHandle(parts[parts.length - 1]!) : d;
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
    void handleAt(t.root, t.path.includes('/') ? t.path.slice(0, t.path.lastIndexOf('/')) : '', 'directory')
      .then(async (h) => {
        if (stopped) return;
        observer = new Ctor(() => checkSoon());
        await observer.observe(h);
      })
      .catch(() => {
        observer?.disconnect();
        observer = null;
        if (!stopped) poll();
      });
  } else poll();

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

/** A folder's signature: file names with size and mtime (enough to tell that something changed). */
async function folderSignature(adapter: StorageAdapter, path: string): Promise<string> {
  const entries = (await adapter.list(path)).filter((e) => e.kind === 'file');
  const stats = await Promise.all(entries.map((e) => adapter.stat(path ? `${path}/${e.name}` : e.name).catch(() => null)));
  return entries.map((e, i) => `${e.name}:${stats[i]?.size}:${stats[i]?.lastModified}`).join('|');
}

/** Call `onChange` (debounced) when files in the folder appear, vanish or change. Returns a stop function. */
export function watchFolder(t: WatchTarget, onChange: () => void): () => void {
  let stopped = false;
  let observer: FileSystemObserverLike | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let last: string | null = null;
  const fire = () => {
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => !stopped && onChange(), 300);
  };
  const poll = () => {
    void folderSignature(t.adapter, t.path).then((s) => (last = s), () => undefined);
    timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void folderSignature(t.adapter, t.path).then(
        (s) => {
          if (last !== null && s !== last && !stopped) fire();
          last = s;
        },
        () => undefined,
      );
    }, FOLDER_POLL_MS);
  };
  const Ctor = observerCtor();
  if (Ctor && t.root) {
    void handleAt(t.root, t.path, 'directory')
      .then(async (h) => {
        if (stopped) return;
        observer = new Ctor(() => fire());
        await observer.observe(h);
      })
      .catch(() => {
        observer?.disconnect();
        observer = null;
        if (!stopped) poll();
      });
  } else poll();
  return () => {
    stopped = true;
    observer?.disconnect();
    if (timer) clearInterval(timer);
    if (debounce) clearTimeout(debounce);
  };
}
