/**
 * One refresh of a folder reads each session file's head twice: once for the version's evidence
 * (version-facts.ts) and once for nanobot's listing (session-list.ts), both the first 8 KiB. In
 * Chromium each read is a handle look-up and a `File` of its own, the bulk of a listing's cost, so a
 * first visit of 1,000 sessions paid for 2,000. This wrapper keeps the first head read of each file
 * (with its stat, when the adapter gives both from one look-up) for the life of one refresh, and
 * answers the second from it: both readers then see the same version of the file, too.
 */
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { yieldToEventLoop } from '../analyze/event-loop';

/**
 * An answer from memory comes back without a task boundary, so a listing of many kept heads would
 * run as one long task; every BUDGET_MS of answering, the next answer waits for a later task.
 */
const BUDGET_MS = 8;

interface Kept {
  /** The bytes read from the file's start (a copy: adapters may hand back a reused buffer). */
  head: Uint8Array;
  /** The file ended within them (fewer bytes came than were asked for). */
  whole: boolean;
  stat: FileStat | null;
}

/** `adapter` with its head reads kept per path; make one per refresh and drop it after. */
export function headsOnce(adapter: StorageAdapter): StorageAdapter {
  const kept = new Map<string, Kept>();

  /** The kept head when it answers a read of `n` bytes (and a stat, when `stat` is asked). */
  const answer = (path: string, n: number, stat: boolean): Kept | null => {
    const k = kept.get(path);
    if (!k || (stat && !k.stat)) return null;
    return k.whole || k.head.length >= n ? k : null;
  };

  const keep = (path: string, n: number, head: Uint8Array, stat: FileStat | null): void => {
    const prev = kept.get(path);
    if (prev && prev.head.length >= head.length && (prev.stat || !stat)) return;
    kept.set(path, { head: head.slice(), whole: head.length < n, stat });
  };

  let sliceEnd = 0;
  /** Before an answer from memory: a later task once this slice of answers has run BUDGET_MS. */
  const turn = async (): Promise<void> => {
    if (performance.now() < sliceEnd) return;
    if (sliceEnd) await yieldToEventLoop();
    sliceEnd = performance.now() + BUDGET_MS;
  };

  const statHead = adapter.statHead?.bind(adapter);
  return {
    ...adapter,
    async readHead(path, n) {
      const k = answer(path, n, false);
      if (k) return turn().then(() => k.head.slice(0, n));
      const got = statHead ? await statHead(path, n) : { stat: null, head: await adapter.readHead(path, n) };
      keep(path, n, got.head, got.stat);
      return got.head;
    },
    ...(statHead && {
      async statHead(path: string, n: number, into?: Uint8Array) {
        const k = answer(path, n, true);
        if (k) return turn().then(() => ({ stat: k.stat!, head: k.head.slice(0, n) }));
        const got = await statHead(path, n, into);
        keep(path, n, got.head, got.stat);
        return got;
      },
    }),
  };
}
