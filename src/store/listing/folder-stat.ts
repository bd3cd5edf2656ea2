/**
 * One pass over a folder: its entries and every file's size and mtime, read a few at a time, never
 * in a burst that blocks the page. A refresh hands it the stats its listing took with each head, so a
 * workspace of 1,000 sessions is looked up once per file; the change watch's poll stats them all.
 */
import type { Entry, FileStat, StorageAdapter } from '../adapter/adapter';
import { joinPath } from '../adapter/paths';

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

/** What a caller already has: the folder's entries, and stats taken with the files' heads (the listing's). */
export interface KnownStats {
  entries?: Entry[];
  stats?: ReadonlyMap<string, FileStat>;
}

/** Lists `dir` (unless its entries are given) and stats each file in it not already known (not sub-folders). */
export async function statFolder(adapter: StorageAdapter, dir: string, known: KnownStats = {}): Promise<FolderStat> {
  const entries = known.entries ?? (await adapter.list(dir));
  const files = entries.filter((e) => e.kind === 'file');
  const found = await mapBounded(files, STAT_PARALLEL, async (e) => known.stats?.get(e.name) ?? adapter.stat(joinPath(dir, e.name)).catch(() => null));
  return { entries, stats: new Map(files.map((e, i) => [e.name, found[i]!])) };
}

/** A folder's signature: file names with size and mtime, enough to tell that something changed. */
export function folderSignatureOf(f: FolderStat): string {
  return [...f.stats].map(([name, s]) => `${name}:${s?.size}:${s?.lastModified}`).join('|');
}
