/**
 * Remember opened folders across visits: directory handles live in IndexedDB (idb-keyval). On a
 * later visit the permission is only queried; it is requested only from a user's click, and a
 * denied or revoked permission is a returned state, never a thrown error.
 */

import { createStore, del, entries, set } from 'idb-keyval';
import * as z from 'zod/mini';
import { permissioned, type PermissionMode } from '../adapter/fs-types';

/** A remembered folder, as its stored record must be (`lastOpened`: ms since the epoch of the last rememberFolder() for it). */
export type RememberedFolder = z.infer<typeof rememberedFolder>;

/** Whether the page may use a folder now: granted, needs a click to ask, or refused. */
export type Access = 'granted' | 'prompt' | 'denied';

export interface FolderWithAccess extends RememberedFolder {
  access: Access;
}

/** A directory handle as IndexedDB gives it back: an object of kind 'directory' that can compare itself. */
const directoryHandle = z.custom<FileSystemDirectoryHandle>((v) => {
  const h = v as { kind?: unknown; isSameEntry?: unknown } | null;
  return typeof h === 'object' && h !== null && h.kind === 'directory' && typeof h.isSameEntry === 'function';
});

/** What a stored record must be before the app touches it (IndexedDB holds whatever an older or broken build wrote). */
const rememberedFolder = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  handle: directoryHandle,
  lastOpened: z.number().check(z.refine(Number.isFinite)),
});

/**
 * A stored record that is not a remembered folder, as a code with its values: its id (null when it
 * has none), its place among the records (from 1), the field that failed ('' for the record itself)
 * and zod's own words on it, quoted as they are.
 */
export interface DroppedFolder {
  code: 'not-a-folder-record';
  id: string | null;
  at: number;
  field: string;
  problem: string;
}

/**
 * The stored records that are remembered folders; each other record is left out and named in
 * `dropped` (the start screen shows the rest instead of failing on one bad record).
 */
function validFolders(records: unknown[]): { folders: RememberedFolder[]; dropped: DroppedFolder[] } {
  const folders: RememberedFolder[] = [];
  const dropped: DroppedFolder[] = [];
  records.forEach((r, k) => {
    const ok = rememberedFolder.safeParse(r);
    if (ok.success) folders.push(r as RememberedFolder);
    else {
      const issue = ok.error.issues[0];
      const id = (r as { id?: unknown } | null)?.id;
      dropped.push({ code: 'not-a-folder-record', id: typeof id === 'string' ? id : null, at: k + 1, field: issue?.path.join('.') ?? '', problem: issue?.message ?? '' });
    }
  });
  return { folders, dropped };
}

/** The persistence behind the functions below (IndexedDB by default; a Map in unit tests). */
export interface FolderStore {
  /** Raw records: validated by the callers (validFolders). */
  all(): Promise<unknown[]>;
  put(folder: RememberedFolder): Promise<void>;
  remove(id: string): Promise<void>;
}

let defaultStore: FolderStore | undefined;

/** The IndexedDB store `session-lens` / `folders`, created lazily (IndexedDB is browser-only). */
function indexedDbFolderStore(): FolderStore {
  if (defaultStore) return defaultStore;
  const kv = createStore('session-lens', 'folders');
  defaultStore = {
    all: async () => (await entries<string, unknown>(kv)).map(([, v]) => v),
    put: (f) => set(f.id, f, kv),
    remove: (id) => del(id, kv),
  };
  return defaultStore;
}

/** Remember `handle` (the same folder opened again updates its record); returns its id. */
export async function rememberFolder(handle: FileSystemDirectoryHandle, store = indexedDbFolderStore()): Promise<string> {
  const { folders: known } = validFolders(await store.all());
  let id: string | undefined;
  for (const f of known) {
    if (await f.handle.isSameEntry(handle).catch(() => false)) {
      id = f.id;
      break;
    }
  }
  id ??= crypto.randomUUID();
  await store.put({ id, name: handle.name, handle, lastOpened: Date.now() });
  return id;
}

/**
 * Remembered folders, most recently opened first, each with its permission as of now (no prompt);
 * malformed records are left out and reported to `onDropped`.
 */
export async function listRememberedFolders(mode: PermissionMode = 'readwrite', store = indexedDbFolderStore(), onDropped?: (dropped: DroppedFolder[]) => void): Promise<FolderWithAccess[]> {
  const { folders: all, dropped } = validFolders(await store.all());
  if (dropped.length) onDropped?.(dropped);
  const withAccess = await Promise.all(all.map(async (f) => ({ ...f, access: await queryAccess(f.handle, mode) })));
  return withAccess.sort((a, b) => b.lastOpened - a.lastOpened);
}

/** Forget a remembered folder. */
export async function forgetFolder(id: string, store = indexedDbFolderStore()): Promise<void> {
  await store.remove(id);
}

/** The current permission of a handle, without prompting; handles without the API count as granted. */
export async function queryAccess(handle: FileSystemHandle, mode: PermissionMode = 'readwrite'): Promise<Access> {
  const h = permissioned(handle);
  if (typeof h.queryPermission !== 'function') return 'granted';
  try {
    return await h.queryPermission({ mode });
  } catch {
    return 'denied';
  }
}

/** Result of asking for access: `needsClick` when there was no user gesture to ask with. */
export interface AccessRequest {
  access: Access;
  needsClick?: boolean;
}

/**
 * Ask for permission — call this only from a click handler (browsers refuse the prompt otherwise;
 * here that case returns `{access: 'prompt', needsClick: true}` instead of throwing).
 */
export async function requestAccessFromClick(handle: FileSystemHandle, mode: PermissionMode = 'readwrite'): Promise<AccessRequest> {
  const now = await queryAccess(handle, mode);
  if (now === 'granted') return { access: now };
  const h = permissioned(handle);
  if (typeof h.requestPermission !== 'function') return { access: now };
  const activation = (globalThis.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
  if (activation && !activation.isActive) return { access: 'prompt', needsClick: true };
  try {
    return { access: await h.requestPermission({ mode }) };
  } catch (e) {
    // SecurityError: no user activation after all; anything else: treat as a refusal.
    return e instanceof Error && e.name === 'SecurityError' ? { access: 'prompt', needsClick: true } : { access: 'denied' };
  }
}
