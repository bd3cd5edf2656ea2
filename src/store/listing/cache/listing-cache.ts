/**
 * The last listing of a session folder, kept in IndexedDB, so a workspace seen before shows its list
 * at once on the next visit; the caller then stats the folder and reuses the rows of unchanged files
 * (listing-reconcile.ts). Rows travel as Python JSON text (floats, big ints, key order survive) and
 * are checked when read back, each file's on its own: a malformed one is left out (that file is then
 * read again, as a new one), a malformed record as a whole is no cache at all.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';
import type { ListingRow, SkipReason } from '../../../core/listing/listing';
import type { SessionFileFacts } from '../../../core/nanobot/version-evidence';
import { isNanobotVersion, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pyDumps, pyLoads } from '../../../core/python/pyjson';
import { dictFrom, isDict } from '../../../core/python/pyvalue';
import { listedRow } from '../listed-row';
import { runSliced } from '../../analyze/event-loop';
import type { Listing, SessionSummary } from '../session-list';
import type { StoreErrorReason } from '../../adapter/errors';

/** Where cached listings live (a Map in tests). */
export interface ListingCacheStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /** Removes a key (a forgotten folder's listing); a store without it keeps what it has. */
  del?(key: string): Promise<void>;
}

let idb: UseStore | null = null;
const db = (): UseStore => (idb ??= createStore('session-lens-listings', 'listings'));
/** The IndexedDB store, opened on first use. */
export const idbListingStore: ListingCacheStore = {
  // async: where IndexedDB is missing, createStore throws, and that becomes a rejection.
  get: async (key) => get(key, db()),
  set: async (key, value) => set(key, value, db()),
  del: async (key) => del(key, db()),
};

// One compact record: the rows and facts each as one JSON text, so IndexedDB hands back a few strings rather
// than structured-cloning 2,000 objects (the clone, its garbage and a schema walk per row would delay a
// reopen's first paint). The envelope is checked with zod; the rows, 1,000 of them, by hand below.
const error = z.object({ type: z.string(), message: z.string() });

const record = z.object({
  format: z.literal(2),
  facts: z.string(),
  savedAt: z.number(),
  version: z.string(),
  sortError: z.nullable(error),
  bytesRead: z.number(),
  bytesStored: z.number(),
  summaries: z.string(),
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

/**
 * Stores the listing of a folder under `key` (workspace + folder), made at `version`, with the head facts
 * the version was judged from in the same refresh (so a reopen re-reads only the heads of changed files).
 */
export async function saveListing(store: ListingCacheStore, key: string, version: NanobotVersion, listing: Listing, now = Date.now(), facts: readonly SessionFileFacts[] = []): Promise<void> {
  const summaries = await runSliced(encodeSummaries(listing.summaries));
  await store.set(key, { format: 2, savedAt: now, version, sortError: listing.sortError, bytesRead: listing.bytesRead, bytesStored: listing.bytesStored, summaries, facts: JSON.stringify(facts) });
}

/** One summary as the cache keeps it: JSON, its row as Python text (floats, big ints, key order survive). */
export function summaryJson(s: SessionSummary): string {
  const r = s.row;
  return JSON.stringify({ ...s, row: r ? pyDumps(dictFrom([['key', r.key], ['created_at', r.created_at], ['updated_at', r.updated_at], ['title', r.title], ['preview', r.preview], ['path', r.path]])) : null });
}

/** How many rows are encoded or decoded between two looks at the clock (runSliced's slices are ~8 ms). */
const ROWS_PER_STEP = 25;

/** The summaries as one JSON text, a few rows per step: the Python text of 1,000 rows made at once would be one long task. */
function* encodeSummaries(summaries: readonly SessionSummary[]): Generator<void, string> {
  const parts: string[] = [];
  for (let i = 0; i < summaries.length; i++) {
    const s = summaries[i]!;
    parts.push(summaryJson(s));
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return `[${parts.join(',')}]`;
}

/** Each stored summary checked and decoded (null where malformed), a few rows per step. */
function* decodeSummaries(stored: readonly unknown[], reasonOf?: ReasonCheck): Generator<void, (SessionSummary | null)[]> {
  const out: (SessionSummary | null)[] = [];
  for (let i = 0; i < stored.length; i++) {
    out.push(summaryOf(stored[i], reasonOf));
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return out;
}

/** The cached listing under `key`, or null when there is none or it is not what this code wrote; decoded in tasks of a few ms. */
export async function loadListing(store: ListingCacheStore, key: string): Promise<CachedListing | null> {
  const parsed = record.safeParse(await store.get(key).catch(() => undefined));
  if (!parsed.success) return null;
  const d = parsed.data;
  const version = d.version;
  if (!isNanobotVersion(version)) return null;
  const stored = jsonArray(d.summaries);
  if (!stored) return null;
  // A file that could not be read keeps its error's reason; its check loads only when some row has one.
  const reasonOf = stored.some((s) => isObj(s) && s.errorReason !== undefined) ? (await import('./reason-check')).storeErrorReasonOf : undefined;
  const summaries = (await runSliced(decodeSummaries(stored, reasonOf))).filter((s): s is SessionSummary => s !== null);
  const facts = new Map<string, SessionFileFacts>();
  for (const f of jsonArray(d.facts) ?? []) {
    const ff = factsOf(f);
    if (ff) facts.set(ff.stem, ff);
  }
  return { savedAt: d.savedAt, version, facts, dropped: stored.length - summaries.length, listing: { summaries, sortError: d.sortError, bytesRead: d.bytesRead, bytesStored: d.bytesStored } };
}

/** The array a JSON text holds, or null (not JSON, or not an array). */
function jsonArray(text: string): unknown[] | null {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const optional = (v: unknown, is: (x: unknown) => boolean) => v === undefined || is(v);
const isError = (v: unknown) => isObj(v) && isStr(v.type) && isStr(v.message);
/** The fields each skip reason carries beside its code (SkipReason in core/listing). */
const SKIP_FIELDS: Record<SkipReason['code'], string[]> = {
  'not-base64url': [],
  empty: [],
  'blank-first': [],
  'not-metadata-first': [],
  'repair-reads-missing': ['file'],
  unreadable: ['error'],
  'listing-raises': ['error'],
  'lens-cannot-read': ['error'],
};
const isSkipReason = (v: unknown): v is SkipReason =>
  isObj(v) && isStr(v.code) && Object.prototype.hasOwnProperty.call(SKIP_FIELDS, v.code) && SKIP_FIELDS[v.code as SkipReason['code']].every((f) => isStr(v[f]));

/** One file's head facts as factsFrom wrote them, or null. */
function factsOf(v: unknown): SessionFileFacts | null {
  if (!isObj(v) || !isStr(v.stem) || !(v.storedKey === null || isStr(v.storedKey))) return null;
  if (!isBool(v.providerState) || !isBool(v.runtimeContext) || !isBool(v.sessionHandle) || !isBool(v.modelPreset)) return null;
  const out: SessionFileFacts = { stem: v.stem, storedKey: v.storedKey, providerState: v.providerState, runtimeContext: v.runtimeContext, sessionHandle: v.sessionHandle, modelPreset: v.modelPreset };
  // The clues on disk (issue 40), each kept only when it is what scanHead writes.
  for (const k of ['keyless', 'escapedNonAscii', 'rawNonAscii', 'toolsUsed', 'latency', 'attachments', 'runtimeContextText'] as const) if (isBool(v[k])) out[k] = v[k];
  if (Array.isArray(v.toolResultCuts) && v.toolResultCuts.every((n) => Number.isSafeInteger(n))) out.toolResultCuts = [...(v.toolResultCuts as number[])];
  return out;
}

/** Checks a cached StoreError reason (reason-check.ts, loaded when a row has one). */
type ReasonCheck = (v: unknown) => StoreErrorReason | undefined;

/**
 * One file's cached summary (a parsed summaryJson), or null when it is not what saveListing wrote. An
 * error's reason is kept only when `reasonOf` is given and passes it (else the row keeps the fallback text).
 */
export function summaryOf(s: unknown, reasonOf?: ReasonCheck): SessionSummary | null {
  if (!isObj(s) || !isStr(s.fileName) || !isStr(s.path) || !isStr(s.key) || !(s.row === null || isStr(s.row))) return null;
  if (!isNum(s.size) || !isNum(s.lastModified) || !isNum(s.bytesRead) || !(s.messageCount === null || isNum(s.messageCount))) return null;
  if (!optional(s.skipReason, isSkipReason) || !optional(s.error, isStr) || !optional(s.raises, isError)) return null;
  const f = s.flags;
  if (!isObj(f) || !isBool(f.damaged) || !isBool(f.keyMismatch) || !isBool(f.keyNotText)) return null;
  let row = null;
  if (s.row !== null) {
    const v = pyLoads(s.row);
    if (!v.ok || !isDict(v.value)) return null;
    row = listedRow(v.value as unknown as ListingRow);
  }
  const out: SessionSummary = { fileName: s.fileName, path: s.path, row, key: s.key, size: s.size, lastModified: s.lastModified, messageCount: s.messageCount, bytesRead: s.bytesRead, flags: { damaged: f.damaged, keyMismatch: f.keyMismatch, keyNotText: f.keyNotText } };
  // Checked above (optional(…)): the casts only name what the checks proved.
  if (isSkipReason(s.skipReason)) out.skipReason = s.skipReason;
  if (s.error !== undefined) out.error = s.error as string;
  const why = reasonOf?.(s.errorReason);
  if (why) out.errorReason = why;
  if (isObj(s.raises)) out.raises = { type: s.raises.type as string, message: s.raises.message as string };
  return out;
}
