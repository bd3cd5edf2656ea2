/**
 * The last listing of a session folder, kept in IndexedDB, so a workspace seen before shows its list
 * at once on the next visit; the caller then stats the folder and reuses the rows of unchanged files
 * (listing-reconcile.ts). Rows travel as Python JSON text (floats, big ints, key order survive) and
 * are checked with zod when read back, each file's on its own: a malformed one is left out (that
 * file is then read again, as a new one), a malformed record as a whole is no cache at all.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';
import type { ListingRow } from '../core/listing';
import type { SessionFileFacts } from '../core/version-evidence';
import { isNanobotVersion, type NanobotVersion } from '../core/nanobot-version';
import { pyDumps, pyLoads } from '../core/pyjson';
import { dictFrom, isDict } from '../core/pyvalue';
import { listedRow } from './listed-row';
import type { Listing, SessionSummary } from './session-list';

/** Where cached listings live (a Map in tests). */
export interface ListingCacheStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

let idb: UseStore | null = null;
/** The IndexedDB store, opened on first use. */
export const idbListingStore: ListingCacheStore = {
  // async: where IndexedDB is missing, createStore throws, and that becomes a rejection.
  get: async (key) => get(key, (idb ??= createStore('session-lens-listings', 'listings'))),
  set: async (key, value) => set(key, value, (idb ??= createStore('session-lens-listings', 'listings'))),
};

const error = z.object({ type: z.string(), message: z.string() });
const summary = z.object({
  fileName: z.string(),
  path: z.string(),
  row: z.nullable(z.string()),
  skipReason: z.optional(z.string()),
  error: z.optional(z.string()),
  raises: z.optional(error),
  key: z.string(),
  size: z.number(),
  lastModified: z.number(),
  messageCount: z.nullable(z.number()),
  bytesRead: z.number(),
  flags: z.object({ damaged: z.boolean(), keyMismatch: z.boolean(), keyNotText: z.boolean() }),
});
const fileFacts = z.object({
  stem: z.string(),
  storedKey: z.nullable(z.string()),
  providerState: z.boolean(),
  runtimeContext: z.boolean(),
  sessionHandle: z.boolean(),
  modelPreset: z.boolean(),
});
const record = z.object({
  format: z.literal(1),
  facts: z.optional(z.array(z.unknown())),
  savedAt: z.number(),
  version: z.string(),
  sortError: z.nullable(error),
  bytesRead: z.number(),
  bytesStored: z.number(),
  summaries: z.array(z.unknown()),
});

/** A cached listing: when it was made and under which nanobot version. */
export interface CachedListing {
  savedAt: number;
  version: NanobotVersion;
  listing: Listing;
  /** How many files' records were malformed and left out. */
  dropped: number;
  /** What each file's head told the version judge when this listing was made, by stem (a malformed one is left out: read again). */
  facts: Map<string, SessionFileFacts>;
}

function rowText(s: SessionSummary): string | null {
  const r = s.row;
  if (!r) return null;
  return pyDumps(dictFrom([['key', r.key], ['created_at', r.created_at], ['updated_at', r.updated_at], ['title', r.title], ['preview', r.preview], ['path', r.path]]));
}

/**
 * Stores the listing of a folder under `key` (workspace + folder), made at `version`, with the head facts
 * the version was judged from in the same refresh (so a reopen re-reads only the heads of changed files).
 */
export async function saveListing(store: ListingCacheStore, key: string, version: NanobotVersion, listing: Listing, now = Date.now(), facts: readonly SessionFileFacts[] = []): Promise<void> {
  const summaries = listing.summaries.map((s) => ({ ...s, row: rowText(s) }));
  await store.set(key, { format: 1, savedAt: now, version, sortError: listing.sortError, bytesRead: listing.bytesRead, bytesStored: listing.bytesStored, summaries, facts: facts.map((f) => ({ ...f })) });
}

/** The cached listing under `key`, or null when there is none or it is not what this code wrote. */
export async function loadListing(store: ListingCacheStore, key: string): Promise<CachedListing | null> {
  const parsed = record.safeParse(await store.get(key).catch(() => undefined));
  if (!parsed.success) return null;
  const d = parsed.data;
  const version = d.version;
  if (!isNanobotVersion(version)) return null;
  const summaries = d.summaries.map(summaryOf).filter((s): s is SessionSummary => s !== null);
  const facts = new Map<string, SessionFileFacts>();
  for (const f of d.facts ?? []) {
    const p = fileFacts.safeParse(f);
    if (p.success) facts.set(p.data.stem, p.data);
  }
  return { savedAt: d.savedAt, version, facts, dropped: d.summaries.length - summaries.length, listing: { summaries, sortError: d.sortError, bytesRead: d.bytesRead, bytesStored: d.bytesStored } };
}

/** One file's cached summary, or null when it is not what saveListing wrote. */
function summaryOf(value: unknown): SessionSummary | null {
  const parsed = summary.safeParse(value);
  if (!parsed.success) return null;
  const s = parsed.data;
  let row = null;
  if (s.row !== null) {
    const v = pyLoads(s.row);
    if (!v.ok || !isDict(v.value)) return null;
    row = listedRow(v.value as unknown as ListingRow);
  }
  return { ...s, row } as SessionSummary;
}
