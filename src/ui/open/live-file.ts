/**
 * Notice changes to the one session file on show (nanobot saving it, an editor): FileSystemObserver on
 * its folder where the browser has it, and always a cheap poll of `stat()` (see live.ts for why both).
 * Loaded with the session page, not with the first screen.
 */
import { sameStat, type FileStat } from '../../store/adapter/adapter';
import { observeFolder, type WatchTarget } from './live';

export const FILE_POLL_MS = 2000;

const same = (a: FileStat | null, b: FileStat | null) => (a === null ? b === null : b !== null && sameStat(a, b));

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

  // Observe the parent folder: a save by nanobot replaces the file (tmp + rename), which a
  // watch on the old file handle may not report. check() compares the stat anyway.
  const unobserve = observeFolder(t.root, t.path.includes('/') ? t.path.slice(0, t.path.lastIndexOf('/')) : '', () => checkSoon());
  poll();

  return {
    stop() {
      stopped = true;
      unobserve();
      if (timer) clearInterval(timer);
      if (later) clearTimeout(later);
    },
    setKnown(s) {
      known = s;
    },
  };
}

