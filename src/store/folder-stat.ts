/**
 * One pass over a folder: its entries and every file's size and mtime, read a few at a time. The
 * listing, the leftovers and the change watch all start from this one pass, so a workspace of
 * 1,000 sessions is stat'ed once per refresh, never in a burst that blocks the page.
 */
import type { Entry, FileStat, StorageAdapter } from './adapter';
import { joinPath } from './paths';

/** How many stats run at once: enough to hide latency, few enough that results never arrive in one long burst. */
export const STAT_PARALLEL = 16;

export interface FolderStat {
  entries: Entry[];
  /** Each file's stat by name; null when it vanished (or failed) between listing and stat. */
  stats: Map<string, FileStat | null>;
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Lists `dir` and stats each file in it (not sub-folders). */
export async function statFolder(adapter: StorageAdapter, dir: string): Promise<FolderStat> {
  const entries = await adapter.list(dir);
  const files = entries.filter((e) => e.kind === 'file');
  const found = await mapBounded(files, STAT_PARALLEL, (e) => adapter.stat(joinPath(dir, e.name)).catch(() => null));
  return { entries, stats: new Map(files.map((e, i) => [e.name, found[i]!])) };
}

/** A folder's signature: file names with size and mtime, enough to tell that something changed. */
export function folderSignatureOf(f: FolderStat): string {
  return [...f.stats].map(([name, s]) => `${name}:${s?.size}:${s?.lastModified}`).join('|');
}
