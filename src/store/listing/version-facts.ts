/**
 * Gather the facts src/core/nanobot/version-evidence.ts judges, cheaply: the layout already knows the
 * folders, names and markers; each session file adds only its head (a few KiB), scanned by
 * src/core/version-head.ts.
 */
import { judgeVersion, type FolderRole, type MemoryFacts, type SessionFileFacts, type VersionFacts, type VersionVerdict } from '../../core/nanobot/version-evidence';
import { historySessionKeys, scanHead } from '../../core/nanobot/version-head';
import type { StorageAdapter } from '../adapter/adapter';
import { isStoreError } from '../adapter/errors';
import { mapBounded } from './folder-stat';
import type { Layout, SessionFolder } from './layout';
import { joinPath, splitParent } from '../adapter/paths';

/** Bytes of each file looked at: nanobot's own read chunk, enough for line 1 and the first turns. */
export const FACT_HEAD_BYTES = 8192;
/** How far to read on when line 1 alone is longer than the head (a long `_last_summary`). */
const FIRST_LINE_MAX = 65536;
const PARALLEL = 16;

/**
 * Facts for one session folder of a layout (the one the user is looking at). `known`: head facts of
 * files unchanged since they were read (by stem, e.g. kept with a cached listing), not read again.
 */
export async function gatherFolderFacts(adapter: StorageAdapter, layout: Layout, folder: SessionFolder, known?: ReadonlyMap<string, SessionFileFacts>): Promise<VersionFacts> {
  const role: FolderRole =
    folder.role === 'namespace'
      ? { kind: 'namespace', workspacePath: folder.workspacePath ?? null }
      : folder.role === 'workspace'
        ? { kind: 'workspace-sessions' }
        : { kind: folder.role };
  // The root's markers belong to its namespaces; flat legacy files share that folder but not its role.
  const atRoot = folder.role === 'namespace' ? (layout.rootMarkers ?? []) : [];
  const own = folder.role === 'legacy' ? { ...folder, markers: [] } : folder;
  const [files, memory] = await Promise.all([filesOf(adapter, [folder], known), memoryOf(adapter, folder)]);
  return { ...facts(role, layout.kind === 'workspace' && layout.workspaceId !== undefined, [own], atRoot, files), ...(memory ? { memory } : {}) };
}

/**
 * The history log in the workspace's `memory/` beside a workspace sessions folder (nothing for other folders, or
 * when the folder above the sessions is not open): which log it holds, and whether its entries name their session.
 */
async function memoryOf(adapter: StorageAdapter, folder: SessionFolder): Promise<MemoryFacts | undefined> {
  if (folder.role !== 'workspace' || folder.path === '') return undefined;
  const dir = joinPath(splitParent(folder.path)[0], 'memory');
  try {
    const names = (await adapter.list(dir)).filter((e) => e.kind === 'file').map((e) => e.name);
    const historyMd = names.includes('HISTORY.md');
    const historyJsonl = names.includes('history.jsonl');
    const historyBak = names.some((n) => n.startsWith('HISTORY.md.bak'));
    if (!historyMd && !historyJsonl && !historyBak) return undefined;
    const head = historyJsonl ? await adapter.readHead(joinPath(dir, 'history.jsonl'), FACT_HEAD_BYTES) : null;
    return { historyMd, historyJsonl, historyBak, sessionKeys: head ? historySessionKeys(head, head.length < FACT_HEAD_BYTES) : null };
  } catch (e) {
    if (isStoreError(e)) return undefined; // no memory folder, or not readable: no evidence either way
    throw e;
  }
}

/**
 * Facts for the opened folder as a whole: a sessions root's namespaces together (role 'config'),
 * else its (workspace) session folder, else a workspace without one.
 */
export async function gatherVersionFacts(adapter: StorageAdapter, layout: Layout): Promise<VersionFacts> {
  const namespaces = layout.folders.filter((f) => f.role === 'namespace');
  if (namespaces.some((f) => f.path !== '')) {
    const flat = layout.folders.filter((f) => f.role === 'legacy').reduce((n, f) => n + f.sessions.length, 0);
    const role: FolderRole = { kind: 'config', workspacePaths: namespaces.map((f) => f.workspacePath ?? null), flatFiles: flat };
    return facts(role, false, namespaces, layout.rootMarkers ?? [], await filesOf(adapter, namespaces));
  }
  // A config folder without namespaces (older nanobot): its default workspace speaks for it.
  const folder = layout.folders.find((f) => f.role === 'workspace') ?? layout.folders[0];
  if (folder) return gatherFolderFacts(adapter, layout, folder);
  const role: FolderRole = layout.kind === 'workspace' ? { kind: 'workspace-without-sessions' } : { kind: 'loose' };
  return facts(role, layout.workspaceId !== undefined, [], [], []);
}

/** One folder's verdict and the facts it was judged from (the markers and names always as on disk now). */
export async function judgeFolder(adapter: StorageAdapter, layout: Layout, folder: SessionFolder, known?: ReadonlyMap<string, SessionFileFacts>): Promise<{ verdict: VersionVerdict; facts: VersionFacts }> {
  const f = await gatherFolderFacts(adapter, layout, folder, known);
  return { verdict: judgeVersion(f), facts: f };
}

/** The verdict for the opened folder (or one folder of it): gather, then judge. */
export async function detectVersion(adapter: StorageAdapter, layout: Layout, folder?: SessionFolder): Promise<VersionVerdict> {
  return judgeVersion(folder ? await gatherFolderFacts(adapter, layout, folder) : await gatherVersionFacts(adapter, layout));
}

function facts(role: FolderRole, workspaceId: boolean, folders: SessionFolder[], rootMarkers: string[], files: SessionFileFacts[]): VersionFacts {
  const markers = new Set([...rootMarkers, ...folders.flatMap((f) => f.markers ?? [])]);
  return {
    role,
    workspaceId,
    sessionFilesLock: markers.has('.session-files.lock'),
    workspaceMigrationLock: markers.has('.workspace-migration.lock'),
    migrationConflicts: markers.has('.migration-conflicts'),
    files,
    tmpNames: folders.flatMap((f) => f.leftovers.filter((l) => l.kind === 'tmp').map((l) => l.name)),
  };
}

async function filesOf(adapter: StorageAdapter, folders: SessionFolder[], known?: ReadonlyMap<string, SessionFileFacts>): Promise<SessionFileFacts[]> {
  const paths = folders.flatMap((f) => f.sessions.map((name) => ({ path: joinPath(f.path, name), stem: name.slice(0, -'.jsonl'.length) })));
  const found = await mapBounded(paths, PARALLEL, async ({ path, stem }) => {
    const kept = known?.get(stem);
    if (kept) return kept;
    try {
      const { head, complete } = await readHead(adapter, path);
      return { stem, ...scanHead(head, complete) };
    } catch (e) {
      if (isStoreError(e)) return null; // gone or unreadable since the listing: no evidence either way
      throw e;
    }
  });
  return found.filter((f): f is SessionFileFacts => f !== null);
}

/** The head, read on (up to 64 KiB) only while line 1 is still unfinished. */
async function readHead(adapter: StorageAdapter, path: string): Promise<{ head: Uint8Array; complete: boolean }> {
  let head = await adapter.readHead(path, FACT_HEAD_BYTES);
  let complete = head.length < FACT_HEAD_BYTES;
  while (!complete && !firstLineEnds(head) && head.length < FIRST_LINE_MAX) {
    const more = await adapter.readRange(path, head.length, head.length + FACT_HEAD_BYTES);
    const next = new Uint8Array(head.length + more.length);
    next.set(head);
    next.set(more, head.length);
    head = next;
    complete = more.length < FACT_HEAD_BYTES;
  }
  return { head, complete };
}

/** Whether the first non-blank line ends within `b`. */
function firstLineEnds(b: Uint8Array): boolean {
  let i = 0;
  while (i < b.length && (b[i] === 32 || (b[i]! >= 9 && b[i]! <= 13))) i++;
  for (; i < b.length; i++) if (b[i] === 10 || b[i] === 13) return true;
  return false;
}
