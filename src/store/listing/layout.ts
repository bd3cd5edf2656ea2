/**
 * Work out what folder the user opened — a nanobot workspace, a sessions folder, nanobot's config
 * folder with its per-workspace namespaces, or none of these — and where its session files are.
 */

import { oldestWithHome, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { Entry, StorageAdapter } from '../adapter/adapter';
import { isStoreError } from '../adapter/errors';
import { classifyEntries, type Leftover } from './leftovers';
import { joinPath } from '../adapter/paths';

/** How file stems map to session keys in a folder: nanobot's lossy safe_key, or newer base64url(key). */
export type StemNaming = 'safe-key' | 'base64url' | 'unknown';

/** One folder of session files. */
export interface SessionFolder {
  /** Path relative to the opened folder ('' = the folder itself). */
  path: string;
  role: 'workspace' | 'legacy' | 'namespace' | 'loose';
  naming: StemNaming;
  /** The nanobot version the folder's own layout points to (main for a namespace, else v0.2 until evidence says more). */
  version: NanobotVersion;
  /** What the folder is, for the interfaces to name: a namespace's workspace path, or a code. */
  label: FolderLabel;
  /** For a namespace: its 32-hex workspace id and the path in its `.workspace` file. */
  namespaceId?: string;
  workspacePath?: string;
  /** `*.jsonl` names (for 'loose' only those that look like sessions), sorted. */
  sessions: string[];
  leftovers: Leftover[];
  backups: string[];
  /** nanobot main's marker entries in the folder (`.session-files.lock`, `.migration-conflicts`…), sorted. */
  markers?: string[];
}

export interface Layout {
  kind: 'workspace' | 'sessions-folder' | 'config' | 'none';
  folders: SessionFolder[];
  /** A workspace's `.nanobot/workspace-id`: newer nanobot keeps its sessions under the config folder. */
  workspaceId?: string;
  /** nanobot main's markers in the folder holding the namespaces (`.workspace-migration.lock`). */
  rootMarkers?: string[];
  /** Notes worth showing (where the sessions really are, what was not understood). */
  notes: LayoutNote[];
}

/** A folder's name in the interfaces: its role in nanobot's layout, or a namespace's workspace path or id. */
export type FolderLabel =
  | { code: 'default-workspace' }
  | { code: 'workspace-sessions' }
  | { code: 'sessions-folder' }
  | { code: 'loose' }
  | { code: 'legacy' }
  | { code: 'single-file' }
  /** main's namespace: the workspace path its `.workspace` file names, else its id (both may be absent). */
  | { code: 'namespace'; workspacePath?: string; id?: string };

/** A note on the opened folder: it is not nanobot's, or it is a workspace whose sessions live in the config folder under `id`. */
export type LayoutNote = { code: 'not-nanobot-folder' } | { code: 'workspace-id'; id: string };

const NAMESPACE = /^[0-9a-f]{32}$/i;
/** Entries nanobot main leaves in its sessions root and namespaces (spec §9–§10). */
export const MAIN_MARKERS: readonly string[] = ['.migration-conflicts', '.session-files.lock', '.workspace-migration.lock'];
const markersOf = (entries: Entry[]) => entries.filter((e) => e.name.charCodeAt(0) === 46 /* . */ && MAIN_MARKERS.includes(e.name)).map((e) => e.name).sort();
const HEAD_BYTES = 4096;

/** Detect the layout of the adapter's root; `rootName` is the opened folder's own name when known. */
export async function detectLayout(adapter: StorageAdapter, rootName = ''): Promise<Layout> {
  const root = await adapter.list('');
  // One pass over the folder's names, not a search of them per name looked up (a folder may hold 10,000 sessions).
  const kinds = new Map<string, Entry['kind']>();
  for (const e of root) kinds.set(e.name, e.kind);
  const has = (name: string, kind: Entry['kind']) => kinds.get(name) === kind;
  const notes: LayoutNote[] = [];

  if (has('sessions', 'directory')) {
    const inner = await adapter.list('sessions');
    const namespaces = inner.filter((e) => e.kind === 'directory' && NAMESPACE.test(e.name));
    if (namespaces.length > 0 || has('config.json', 'file')) {
      const folders = await configFolders(adapter, 'sessions', inner);
      if (has('workspace', 'directory') && (await isDir(adapter, 'workspace/sessions'))) {
        folders.push(await sessionFolder(adapter, 'workspace/sessions', 'workspace', 'safe-key', { code: 'default-workspace' }));
      }
      return { kind: 'config', folders, rootMarkers: markersOf(inner), notes };
    }
    const workspaceId = await workspaceIdNote(adapter, notes);
    const folder = await sessionFolder(adapter, 'sessions', 'workspace', 'safe-key', { code: 'workspace-sessions' }, inner);
    return { kind: 'workspace', folders: [folder], workspaceId, notes };
  }

  if (has('.nanobot', 'directory')) {
    const workspaceId = await workspaceIdNote(adapter, notes);
    if (workspaceId) return { kind: 'workspace', folders: [], workspaceId, notes };
  }

  if (root.some((e) => e.kind === 'directory' && NAMESPACE.test(e.name))) {
    return { kind: 'sessions-folder', folders: await configFolders(adapter, '', root), rootMarkers: markersOf(root), notes };
  }

  if (has('.workspace', 'file') || NAMESPACE.test(rootName)) {
    return { kind: 'sessions-folder', folders: [await namespaceFolder(adapter, '', rootName, root)], notes };
  }

  if (rootName === 'sessions') {
    return { kind: 'sessions-folder', folders: [await sessionFolder(adapter, '', 'workspace', 'safe-key', { code: 'sessions-folder' }, root)], notes };
  }

  const loose = await sessionFolder(adapter, '', 'loose', 'unknown', { code: 'loose' }, root);
  loose.sessions = await filterAsync(loose.sessions, (n) => looksLikeSession(adapter, n));
  if (loose.sessions.length === 0) notes.push({ code: 'not-nanobot-folder' });
  return { kind: 'none', folders: loose.sessions.length || loose.leftovers.length ? [loose] : [], notes };
}

/** A newer workspace's id (its sessions live in the config folder), noted for the user. */
async function workspaceIdNote(adapter: StorageAdapter, notes: LayoutNote[]): Promise<string | undefined> {
  const id = await readText(adapter, '.nanobot/workspace-id');
  if (id) {
    notes.push({ code: 'workspace-id', id });
  }
  return id;
}

/** Folders of a config `sessions/` dir: each namespace, plus the legacy flat files when present. */
async function configFolders(adapter: StorageAdapter, dir: string, entries: Entry[]): Promise<SessionFolder[]> {
  const out: SessionFolder[] = [];
  for (const e of entries) {
    if (e.kind === 'directory' && NAMESPACE.test(e.name)) out.push(await namespaceFolder(adapter, joinPath(dir, e.name), e.name));
  }
  const legacy = classifyEntries(entries);
  if (legacy.sessions.length > 0 || legacy.leftovers.length > 0) {
    out.push(await sessionFolder(adapter, dir, 'legacy', 'safe-key', { code: 'legacy' }, entries));
  }
  return out;
}

async function namespaceFolder(adapter: StorageAdapter, path: string, id: string, entries?: Entry[]): Promise<SessionFolder> {
  const workspacePath = await readText(adapter, joinPath(path, '.workspace'));
  const label: FolderLabel = { code: 'namespace', ...(workspacePath ? { workspacePath } : {}), ...(id ? { id } : {}) };
  const folder = await sessionFolder(adapter, path, 'namespace', 'base64url', label, entries);
  return { ...folder, namespaceId: NAMESPACE.test(id) ? id.toLowerCase() : undefined, workspacePath };
}

async function sessionFolder(
  adapter: StorageAdapter,
  path: string,
  role: SessionFolder['role'],
  naming: StemNaming,
  label: FolderLabel,
  entries?: Entry[],
): Promise<SessionFolder> {
  const all = entries ?? (await adapter.list(path));
  const c = classifyEntries(all);
  const version = oldestWithHome(role === 'namespace' ? 'namespace' : 'workspace');
  return { path, role, naming, version, label, sessions: c.sessions, leftovers: c.leftovers, backups: c.backups, markers: markersOf(all) };
}

/** Whether a `*.jsonl` file's first line is a nanobot record (metadata or a message). */
export async function looksLikeSession(adapter: StorageAdapter, path: string): Promise<boolean> {
  const head = await adapter.readHead(path, HEAD_BYTES).catch(() => new Uint8Array(0));
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  const line = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  return /^\s*\{\s*"(_type|role|key|content)"\s*:/.test(line);
}

async function readText(adapter: StorageAdapter, path: string): Promise<string | undefined> {
  try {
    const text = new TextDecoder().decode(await adapter.readHead(path, HEAD_BYTES)).trim();
    return text === '' ? undefined : text;
  } catch (e) {
    if (isStoreError(e)) return undefined;
    throw e;
  }
}

async function isDir(adapter: StorageAdapter, path: string): Promise<boolean> {
  return adapter.list(path).then(
    () => true,
    () => false,
  );
}

async function filterAsync<T>(items: T[], keep: (t: T) => Promise<boolean>): Promise<T[]> {
  const flags = await Promise.all(items.map(keep));
  return items.filter((_, i) => flags[i]);
}
