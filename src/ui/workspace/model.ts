/**
 * The workspace state, as signals: the opened workspace, which of its session folders is shown, the
 * listing of that folder (store/session-list.ts listSessions: nanobot's order, titles, previews), its
 * leftovers, and the background whole-file checks that feed badges, health and search.
 */
import { computed, effect, signal } from '@preact/signals';
import { localIsoNow } from '../../core/python/isotime';
import { VERSION_WITHOUT_EVIDENCE, versionNamed, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import { verdictVersion } from '../../core/nanobot/verdict';
import type { VersionVerdict, SessionFileFacts } from '../../core/nanobot/version-evidence';
import { chosenVersion, route } from '../shell/router';
import type { FileStat } from '../../store/adapter/adapter';
import type { Leftover } from '../../store/listing/leftovers';
import type { SessionFolder } from '../../store/listing/layout';
import { folderSignatureOf, statFolder } from '../../store/listing/folder-stat';
import { headsOnce } from '../../store/listing/head-once';
import { joinPath } from '../../store/adapter/paths';
import { idbListingStore, loadListing, saveListing, type CachedListing, type ListingCacheStore } from '../../store/listing/cache/listing-cache';
import type { Listing } from '../../store/listing/session-list';
import { workspaceId, type Workspace } from './workspace';
import type { FileScan } from './scan/scan';
import { cacheMarks, marksAfterCheck, NO_ACCESS, UNCHECKED, withoutVanished, type CacheMarks } from './scan/reopen';
import { forgetLastView, loadLastView, saveLastView, type LastView } from '../../store/listing/cache/last-view';
import { readLastSource, sourceId, type LastSource } from '../open/last-source';
import { forgetFirstScreen, loadFirstScreen, saveFirstScreen, type SyncStore } from '../../store/listing/cache/first-screen';
import { errorText } from '../shell/status';

/** A leftover with what is known about it and its target on disk. */
export interface LeftoverInfo extends Leftover {
  path: string;
  stat: FileStat | null;
  targetStat: FileStat | null;
}

export const workspace = signal<Workspace | null>(null);
export const folderIndex = signal(0);
export const listing = signal<Listing | null>(null);
export const listingError = signal<string | null>(null);
export const listingBusy = signal(false);
export const leftovers = signal<LeftoverInfo[]>([]);
export const scans = signal<ReadonlyMap<string, FileScan>>(new Map());
export const scanSkipped = signal<ReadonlyMap<string, string>>(new Map());
export const scanning = signal(false);
/** When the shown listing is the one kept from the last visit (its time, ms), until the folder is listed again. */
export const listingFromCache = signal<number | null>(null);

let cacheStore: ListingCacheStore = idbListingStore;
/** Where listings are kept between visits (tests hand in a Map-backed store). */
export function setListingCacheStore(store: ListingCacheStore): void {
  cacheStore = store;
}

/** The cache key of a folder: only real folders and the demo are kept (dropped copies change with every drop). */
function cacheKey(ws: Workspace, f: SessionFolder): string | null {
  return ws.kind === 'folder' || ws.kind === 'demo' ? `${ws.kind}:${workspaceId(ws)}:${f.path}` : null;
}
/** Session files per folder path as last listed: the layout's own counts date from when it was opened. */
export const folderCounts = signal<ReadonlyMap<string, number>>(new Map());
/** The folder's signature (names, sizes, mtimes) when the shown listing was read: live.ts compares against it. */
export let listedSignature: string | null = null;

/** The session folder shown now. */
export const folder = computed<SessionFolder | null>(() => workspace.value?.layout.folders[folderIndex.value] ?? null);

/** What the evidence on disk says about the shown folder's nanobot version (null until judged). */
export const verdict = signal<VersionVerdict | null>(null);

/** The version a verdict points to (verdictVersion), else the folder's layout. */
function versionOf(v: VersionVerdict | null, f: SessionFolder | null): NanobotVersion {
  return (v ? verdictVersion(v) : null) ?? f?.version ?? VERSION_WITHOUT_EVIDENCE;
}

/** The version the evidence points to. */
export const detectedVersion = computed<NanobotVersion>(() => versionOf(verdict.value, folder.value));

function activeOf(detected: NanobotVersion): NanobotVersion {
  // A link may name a release by its tag (`nanobot=v0.1.4.post3`) as the CLI's --nanobot does.
  const chosen = chosenVersion.value;
  return (typeof chosen === 'string' ? versionNamed(chosen) : null) ?? detected;
}

/** The version whose answers the app gives: the user's choice (`nanobot=` in the link), else the detected one. */
export const activeVersion = computed<NanobotVersion>(() => activeOf(detectedVersion.value));

/** The version the shown listing was made under; another version lists other files, keys and previews. */
let listedVersion: NanobotVersion | null = null;
effect(() => {
  const v = activeVersion.value;
  if (listedVersion !== null && v !== listedVersion && workspace.peek()) void refreshListing();
});

/** The clock nanobot would use: naive local ISO time. */
export function nowIso(): string {
  return localIsoNow(new Date());
}

/** All files' search text together stays under this many characters (about 2 bytes each in memory). */
const TEXT_BUDGET = 64_000_000;

let scanAbort: AbortController | null = null;
let generation = 0;
/** The cached listing on screen, whose unchanged rows the next refresh reuses (null once the folder is listed). */
let shownCache: CachedListing | null = null;
/** The cache key of the listing shown before any workspace is open (a reload's preview), else null. */
let previewKey: string | null = null;
/** The preview's folder turned out unreadable (set even while the preview is still being read). */
let previewDenied = false;
/** The workspace name of that preview, shown over its rows. */
export const previewName = signal<string | null>(null);
/** While the shown rows are only the first screen of a cached listing (store/first-screen.ts): how many sessions it has. */
export const firstScreenTotal = signal<number | null>(null);

/** localStorage, where the page may use it, else null (the first screen is then not kept, a save not noted). */
export function syncStore(): SyncStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

let firstScreenPainted!: () => void;
/** Resolved once the first screen's rows are painted: the full cached listing waits for it, so it is never in that render. */
const painted = new Promise<void>((r) => (firstScreenPainted = r));
/** Called by the preview once its first screen is on screen (after the next paint). */
export function firstScreenShown(): void {
  firstScreenPainted();
}

/** The id of the source `ws` was opened from, when it is the last source (only those are reopened on a reload). */
function lastSourceOf(ws: Workspace): string | null {
  const last = readLastSource();
  if (ws.kind === 'folder' && last?.kind === 'folder' && ws.rememberedId === last.id) return sourceId(last);
  if (ws.kind === 'demo' && last?.kind === 'demo') return sourceId(last);
  return null;
}

/** A source's last view and the listing it names, or null (none kept, or not what this code wrote). */
async function readPreview(source: string): Promise<{ view: LastView; cached: CachedListing } | null> {
  const view = await loadLastView(cacheStore, source).catch(() => null);
  const cached = view && (await loadListing(cacheStore, view.key).catch(() => null));
  return view && cached ? { view, cached } : null;
}

/** The preview started at page load (prefetchPreview), for the restore's showCachedPreview to share. */
let early: { source: string; shown: Promise<void> } | null = null;

/**
 * Starts reading `last`'s cached listing as the page loads and puts it in the state as soon as it is
 * read, so its rows are in the first render when they are there before the words, and never wait for it.
 */
export function prefetchPreview(last: LastSource): void {
  early = null;
  showFirstScreen(sourceId(last));
  const shown = showCachedPreview(last);
  early = { source: sourceId(last), shown };
}

/** The first screenful of `source`'s last listing, read synchronously, in the state before the first render. */
function showFirstScreen(source: string): void {
  const store = syncStore();
  const first = store && loadFirstScreen(store, source);
  if (!first || workspace.peek() || listing.peek()) return;
  listing.value = { summaries: first.summaries, sortError: null, bytesRead: 0, bytesStored: 0 };
  listingFromCache.value = first.savedAt;
  cacheMarks.value = UNCHECKED;
  firstScreenTotal.value = first.total;
  previewKey = first.key;
  previewName.value = first.name;
}

/** A forgotten source's first screen, last view and cached listing leave the page's storage with it. */
export async function forgetCachedViewsOf(source: string): Promise<void> {
  const store = syncStore();
  if (store) forgetFirstScreen(store, source);
  await forgetLastView(cacheStore, source).catch(() => undefined);
}

/**
 * Puts `l` on screen, whole (not a first screen): one kept from a visit (`cached`, its rows marked by
 * `marks`, unchecked unless said), or one listed now or none (no cache, no marks).
 */
function showListing(l: Listing | null, cached: CachedListing | null = null, marks: CacheMarks | null = cached ? UNCHECKED : null): void {
  firstScreenTotal.value = null;
  listing.value = l;
  listingFromCache.value = cached ? cached.savedAt : null;
  cacheMarks.value = marks;
  shownCache = cached;
}

/**
 * A reload reopening `last`: its last listing on screen at once, every row unchecked, before the
 * folder's handle, permission and layout are known; opening the workspace then reconciles it.
 */
export async function showCachedPreview(last: LastSource): Promise<void> {
  const source = sourceId(last);
  if (early?.source === source) {
    const shown = early.shown;
    early = null;
    return shown;
  }
  const gen = generation;
  previewDenied = false;
  const found = await readPreview(source);
  performance.mark('lens:cache-read');
  if (!found) return;
  // Over a first screen, the whole listing replaces it once that is painted (without holding up the restore).
  if (firstScreenTotal.peek() !== null) void painted.then(() => showWhole(found, gen));
  else showWhole(found, gen);
}

/** The whole cached listing of a preview on screen, unless something else is shown by now. */
function showWhole({ view, cached }: { view: LastView; cached: CachedListing }, gen: number): void {
  if (gen !== generation || workspace.peek() || (listing.peek() && firstScreenTotal.peek() === null)) return;
  showListing(cached.listing, cached, previewDenied ? NO_ACCESS : UNCHECKED);
  previewKey = view.key;
  previewName.value = view.name;
}

/** The preview's rows can no longer be checked (access not granted): they say so until the folder is opened. */
export function previewWithoutAccess(): void {
  previewDenied = true;
  if (previewKey !== null && !workspace.peek()) cacheMarks.value = NO_ACCESS;
}

/** Drop the preview (the last workspace cannot be reopened). */
export function dropPreview(): void {
  if (previewKey === null || workspace.peek()) return;
  generation++;
  previewKey = null;
  previewName.value = null;
  showListing(null);
}

/** Show a newly opened workspace (resets everything), then list its first folder. */
export async function setWorkspace(ws: Workspace | null, folderAt = 0): Promise<void> {
  scanAbort?.abort();
  listedVersion = null;
  // A version chosen for another workspace does not carry over; one named by the current link does.
  const linked = route.peek().params.nanobot;
  chosenVersion.value = typeof linked === 'string' ? versionNamed(linked) : null;
  const at = ws ? Math.min(Math.max(0, folderAt), Math.max(0, ws.layout.folders.length - 1)) : 0;
  const f = ws?.layout.folders[at];
  // The reload's preview stays on screen (still unchecked) only when it is this folder's listing.
  const keep = ws && f && previewKey !== null && cacheKey(ws, f) === previewKey;
  previewKey = null;
  previewName.value = null;
  previewDenied = false;
  workspace.value = ws;
  folderIndex.value = at;
  if (keep) cacheMarks.value = UNCHECKED;
  else showListing(null);
  listedSignature = null;
  listingError.value = null;
  leftovers.value = [];
  verdict.value = null;
  scans.value = new Map();
  scanSkipped.value = new Map();
  folderCounts.value = new Map();
  if (ws) await refreshListing();
}

/** Switch to another session folder of the workspace. */
export async function selectFolder(i: number): Promise<void> {
  if (i === folderIndex.value) return;
  scanAbort?.abort();
  folderIndex.value = i;
  showListing(null);
  verdict.value = null;
  scans.value = new Map();
  scanSkipped.value = new Map();
  await refreshListing();
}

/** Re-read the shown folder: listing, leftovers; then check changed files in the background. */
export async function refreshListing(): Promise<void> {
  const ws = workspace.value;
  const f = folder.value;
  const gen = ++generation;
  if (!ws || !f) {
    listing.value = { summaries: [], sortError: null, bytesRead: 0, bytesStored: 0 };
    return;
  }
  listingBusy.value = true;
  const key = cacheKey(ws, f);
  try {
    if ((!listing.value || firstScreenTotal.value !== null) && key) {
      // A folder seen before: its last listing at once (or in place of its first screen), marked as such until this one replaces it.
      const cached = await loadListing(cacheStore, key).catch(() => null);
      if (gen !== generation) return;
      if (cached && (!listing.value || firstScreenTotal.value !== null)) showListing(cached.listing, cached);
    }
    // Loaded with the first listing: the start screen and a reopen's cached rows need none of it.
    const [{ classifyEntries }, { looksLikeSession }, { listSessions }] = await Promise.all([import('../../store/listing/leftovers'), import('../../store/listing/layout'), import('../../store/listing/session-list')]);
    const listed = await ws.adapter.list(f.path);
    // Reopened from the cache: the stats the reconcile needs are taken while the version is judged.
    const statting = shownCache ? statFolder(ws.adapter, f.path, { entries: listed }).catch(() => undefined) : undefined;
    const entries = classifyEntries(listed);
    let names = entries.sessions;
    if (f.role === 'loose' && ws.kind !== 'file') {
      const keep = await Promise.all(names.map((n) => looksLikeSession(ws.adapter, joinPath(f.path, n))));
      names = names.filter((_, i) => keep[i]);
    }
    let facts: readonly SessionFileFacts[] = [];
    // The version's evidence and the listing read the same heads: each file's is read once (head-once.ts).
    const reads = headsOnce(ws.adapter);
    if (!verdict.value) {
      // Reopened: the heads of files unchanged since the cached listing are not read again.
      const stats = shownCache?.facts.size ? (await statting)?.stats : undefined;
      const known = stats && shownCache ? (await import('../../store/listing/cache/listing-reconcile')).reusableFacts(shownCache, stats) : undefined;
      // Loaded on first use: the start screen does not need the evidence rules.
      const judged = await import('../../store/listing/version-facts').then((m) => m.judgeFolder(reads, ws.layout, f, known)).catch(() => null);
      if (gen !== generation) return;
      listedVersion = activeOf(versionOf(judged?.verdict ?? null, f));
      verdict.value = judged?.verdict ?? null;
      facts = judged?.facts.files ?? [];
    }
    const version = (listedVersion = activeVersion.value);
    // Reopened from the cache: stat every file first, reuse unchanged rows, read only the rest.
    const showCheck = (c: Parameters<typeof marksAfterCheck>[0]) => {
      if (gen !== generation || !listing.value) return;
      listing.value = withoutVanished(listing.value, c);
      cacheMarks.value = marksAfterCheck(c);
    };
    // Loaded on use (a first visit never needs it), while the cached rows are already on screen.
    const reconcile = shownCache && (await import('../../store/listing/cache/listing-reconcile')).reconcileListing;
    const reopened = shownCache && reconcile && (await reconcile(reads, f.path, shownCache, { now: nowIso(), version, names, entries: listed, folder: statting, onCheck: showCheck }));
    const next = reopened ? reopened.listing : await listSessions(reads, f.path, { now: nowIso(), version, names });
    // The change watch's signature and the leftovers' stats: each session as its listing saw it (so a
    // change after its head was read still differs), one stat each for the other files.
    const seen = new Map([...(reopened?.folder.stats ?? [])].filter((e): e is [string, FileStat] => e[1] !== null));
    for (const s of next.summaries) seen.set(s.fileName, { size: s.size, lastModified: s.lastModified });
    const snap = await statFolder(ws.adapter, f.path, { entries: listed, stats: seen });
    const signature = folderSignatureOf(snap);
    const statOf = (name: string | null | undefined) => (name ? (snap.stats.get(name) ?? null) : null);
    const lefts = entries.leftovers.map((l) => ({ ...l, path: joinPath(f.path, l.name), stat: statOf(l.name), targetStat: statOf(l.target) }));
    if (gen !== generation) return;
    showListing(next);
    if (key) {
      const source = lastSourceOf(ws);
      const store = syncStore();
      if (source && store) saveFirstScreen(store, { source, key, name: ws.name, savedAt: Date.now(), listing: next });
      // Both writes go to the store the save began with.
      const saveTo = cacheStore;
      void saveListing(saveTo, key, version, next, Date.now(), facts)
        .then(async () => (source ? saveLastView(saveTo, source, { key, name: ws.name, folderIndex: folderIndex.peek() }) : undefined))
        .catch(() => undefined);
    }
    folderCounts.value = new Map([...folderCounts.value, [f.path, next.summaries.length]]);
    listedSignature = signature;
    leftovers.value = lefts;
    listingError.value = null;
    startScan(ws, next);
  } catch (e) {
    if (gen === generation) listingError.value = errorText(e);
  } finally {
    if (gen === generation) listingBusy.value = false;
  }
}

function startScan(ws: Workspace, l: Listing): void {
  scanAbort?.abort();
  const ctrl = new AbortController();
  scanAbort = ctrl;
  const live = new Set(l.summaries.map((s) => s.path));
  const kept = new Map([...scans.value].filter(([p]) => live.has(p)));
  scans.value = kept;
  scanning.value = true;
  let batch = new Map(kept);
  let flushAt = 0;
  let textChars = [...kept.values()].reduce((n, x) => n + x.text.length, 0);
  const flush = () => {
    scans.value = new Map(batch);
  };
  void import('./scan/scanner').then(({ runScan }) => runScan({
    adapter: ws.adapter,
    summaries: l.summaries,
    version: activeVersion.value,
    now: nowIso(),
    known: kept,
    signal: ctrl.signal,
    onScan(path, scan) {
      if (textChars + scan.text.length > TEXT_BUDGET) scan = { ...scan, text: '', textTruncated: true };
      textChars += scan.text.length;
      batch.set(path, scan);
      if (Date.now() - flushAt > 150) {
        flushAt = Date.now();
        flush();
      }
    },
    onSkip(path, why) {
      scanSkipped.value = new Map([...scanSkipped.value, [path, why]]);
    },
  })).finally(() => {
    if (ctrl.signal.aborted) return;
    flush();
    batch = new Map();
    scanning.value = false;
  });
}

