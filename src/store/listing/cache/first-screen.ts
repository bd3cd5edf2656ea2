/**
 * The first screenful of a source's last listing, kept in synchronous storage (localStorage), so a
 * reload puts those rows in its very first render: no IndexedDB round trip, no 1,000 rows to decode
 * and lay out before anything shows. Written when a listing settles, beside the full cached listing
 * (listing-cache.ts), and replaced by it as soon as that is read. Size-bounded; checked by hand when
 * read back (each row as listing-cache checks its rows): anything else is no first screen at all.
 */
import type { Listing, SessionSummary } from '../session-list';
import { summaryJson, summaryOf } from './listing-cache';

/** Where the first screen lives: localStorage in the app, any Storage-like object in tests. */
export type SyncStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What a reload shows before the full cached listing is read. */
export interface FirstScreen {
  /** The source it was listed from (`folder:<id>`, `demo:`), and the listing's cache key. */
  source: string;
  key: string;
  /** The workspace's name, shown over the rows. */
  name: string;
  savedAt: number;
  /** How many sessions the whole listing has. */
  total: number;
  /** The listing's first rows, in its order. */
  summaries: SessionSummary[];
}

const KEY = 'session-lens:first-screen';
/** Rows kept: a tall screenful, as many as the list renders in its first task (ui/workspace/SessionList.tsx). */
export const FIRST_ROWS = 20;
/** At most this many characters (~2 bytes each): huge titles or previews keep fewer rows, never a big item. */
export const MAX_CHARS = 64_000;

/**
 * Keeps the first rows of `listing` (as many of FIRST_ROWS as fit in MAX_CHARS) for `source`'s next
 * reload; a listing of no rows, or storage that refuses, keeps none. Never throws.
 */
export function saveFirstScreen(store: SyncStore, v: { source: string; key: string; name: string; savedAt: number; listing: Listing }): void {
  const rows: string[] = [];
  let chars = 0;
  for (const s of v.listing.summaries.slice(0, FIRST_ROWS)) {
    const j = summaryJson(s);
    if (chars + j.length > MAX_CHARS) break;
    rows.push(j);
    chars += j.length;
  }
  try {
    if (rows.length === 0) return store.removeItem(KEY);
    const head = JSON.stringify({ format: 1, source: v.source, key: v.key, name: v.name, savedAt: v.savedAt, total: v.listing.summaries.length });
    store.setItem(KEY, `${head.slice(0, -1)},"rows":[${rows.join(',')}]}`);
  } catch {
    // storage full or unavailable: the reload then waits for the full cached listing
  }
}

/** The first screen kept for `source`, or null (none, another source's, or not what saveFirstScreen wrote). Never throws. */
export function loadFirstScreen(store: SyncStore, source: string): FirstScreen | null {
  let v: unknown;
  try {
    v = JSON.parse(store.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o.format !== 1 || o.source !== source || typeof o.key !== 'string' || typeof o.name !== 'string') return null;
  if (typeof o.savedAt !== 'number' || !Number.isInteger(o.total) || !Array.isArray(o.rows)) return null;
  const summaries = o.rows.map((r) => summaryOf(r));
  if (summaries.length === 0 || summaries.length > FIRST_ROWS || (o.total as number) < summaries.length || summaries.some((s) => s === null)) return null;
  return { source, key: o.key, name: o.name, savedAt: o.savedAt, total: o.total as number, summaries: summaries as SessionSummary[] };
}

/** Removes `source`'s first screen (its folder was forgotten: none of its rows stay in the page's storage). Never throws. */
export function forgetFirstScreen(store: SyncStore, source: string): void {
  try {
    if (loadFirstScreen(store, source)) store.removeItem(KEY);
  } catch {
    // storage unavailable: nothing kept
  }
}
