/**
 * A cached listing against the folder as it is now: which files' rows can be reused without a read
 * (same name, size and lastModified, listed under the same nanobot version, and a row that depends
 * on nothing but the file), which changed, which are new and which are gone. The listing itself is
 * then made by listSessions with the reusable rows as `known`, so its order is recomputed from every
 * row and equals a listing read from nothing.
 */
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { SessionFileFacts } from '../../../core/nanobot/version-evidence';
import { sameStat, type Entry, type FileStat, type StorageAdapter } from '../../adapter/adapter';
import { statFolder, type FolderStat } from '../folder-stat';
import type { CachedListing } from './listing-cache';
import { listSessions, type ListOptions, type Listing, type SessionSummary } from '../session-list';

export interface CacheCheck {
  /** Rows to reuse as they are, by file name. */
  reusable: Map<string, SessionSummary>;
  /** Cached files whose size or mtime differ now: their rows are out of date until read again. */
  changed: Set<string>;
  /** Cached files unchanged on disk whose rows still cannot be reused (see `reusableRow`): read again. */
  unconfirmed: Set<string>;
  /** Files on disk the cache does not know. */
  added: string[];
  /** Cached files no longer on disk (or no longer listed). */
  vanished: Set<string>;
}

/**
 * Whether a cached row says all there is: not when Session Lens could not read the file, nor when
 * nanobot's head read raised (its repair row holds the current time and, at v0.2, reads another file).
 */
export function reusableRow(s: SessionSummary): boolean {
  return s.error === undefined && s.raises === undefined && !s.flags.damaged;
}

/**
 * Compares a cached listing with the files to list now (`names`) and their stats: a row is reused
 * only when its file's size and lastModified are the same and the cache was made under `version`.
 */
export function checkCache(cached: CachedListing | null, version: NanobotVersion, names: readonly string[], stats: ReadonlyMap<string, FileStat | null>): CacheCheck {
  const out: CacheCheck = { reusable: new Map(), changed: new Set(), unconfirmed: new Set(), added: [], vanished: new Set() };
  const byName = new Map((cached?.listing.summaries ?? []).map((s) => [s.fileName, s]));
  const listed = new Set(names);
  for (const name of byName.keys()) if (!listed.has(name) || !stats.get(name)) out.vanished.add(name);
  for (const name of names) {
    const s = byName.get(name);
    const now = stats.get(name);
    if (!s) out.added.push(name);
    else if (!now) continue;
    else if (!sameStat(now, s)) out.changed.add(name);
    else if (cached!.version !== version || !reusableRow(s)) out.unconfirmed.add(name);
    else out.reusable.set(name, s);
  }
  return out;
}

/**
 * The cached head facts still true now: those of files whose size and lastModified equal the cached
 * row's, so the version judge re-reads only the heads of changed and new files.
 */
export function reusableFacts(cached: CachedListing, stats: ReadonlyMap<string, FileStat | null>): Map<string, SessionFileFacts> {
  const out = new Map<string, SessionFileFacts>();
  const byName = new Map(cached.listing.summaries.map((s) => [s.fileName, s]));
  for (const [stem, f] of cached.facts) {
    const name = `${stem}.jsonl`;
    const s = byName.get(name);
    const now = stats.get(name);
    if (s && now && sameStat(now, s)) out.set(stem, f);
  }
  return out;
}

export interface ReconcileOptions extends ListOptions {
  /** The folder's entries, when the caller has listed it already. */
  entries?: Entry[];
  /** The folder's stats, when the caller started them already (undefined: take them here). */
  folder?: Promise<FolderStat | undefined>;
  /** Called once the folder is statted, before any file is read: what the cache is worth. */
  onCheck?: (check: CacheCheck) => void;
}

/** The folder's listing, its stats (every file's, leftovers too) and what the cache was worth. */
export interface Reconciled {
  listing: Listing;
  check: CacheCheck;
  folder: FolderStat;
}

/**
 * Lists a folder seen before: one stat per file (cheap), the cached rows of unchanged files reused,
 * only new and changed files read; the result equals listSessions from nothing.
 */
export async function reconcileListing(adapter: StorageAdapter, dir: string, cached: CachedListing | null, opts: ReconcileOptions): Promise<Reconciled> {
  const entries = opts.entries ?? (await adapter.list(dir));
  const names = opts.names ?? entries.filter((e) => e.kind === 'file' && e.name.endsWith('.jsonl')).map((e) => e.name);
  const folder = (await opts.folder) ?? (await statFolder(adapter, dir, { entries }));
  const check = checkCache(cached, opts.version, names, folder.stats);
  opts.onCheck?.(check);
  const listing = await listSessions(adapter, dir, { now: opts.now, version: opts.version, names, known: check.reusable });
  return { listing, check, folder };
}
