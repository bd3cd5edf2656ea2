/**
 * What of a nanobot workspace the turn reads, through any storage adapter: the bootstrap files,
 * memory/MEMORY.md, the archive (memory/history.jsonl, the Dream cursor, whether the older
 * HISTORY.md is there), the files people write that nanobot does not read (TOOLS.md), and each
 * skills/<name>/SKILL.md. Read-only; a missing file is simply not in the snapshot.
 */
import * as z from 'zod/mini';
import { BOOTSTRAP_FILES, UNREAD_FILES, type WorkspaceSnapshot } from '../../core/turn/build';
import type { StorageAdapter } from './adapter';
import { readAll } from './bytes';
import { decodeLossy } from '../../core/python/lines';
import { isStoreError } from './errors';

const MEMORY_FILES = ['memory/MEMORY.md', 'memory/history.jsonl', 'memory/.dream_cursor'] as const;

async function readText(adapter: StorageAdapter, path: string): Promise<string | undefined> {
  try {
    return decodeLossy(await readAll(await adapter.read(path)));
  } catch (e) {
    if (isStoreError(e)) return undefined;
    throw e;
  }
}

async function exists(adapter: StorageAdapter, path: string): Promise<boolean> {
  try {
    await adapter.stat(path);
    return true;
  } catch (e) {
    if (isStoreError(e)) return false;
    throw e;
  }
}

const join = (dir: string, rel: string) => (dir ? `${dir}/${rel}` : rel);

/**
 * The workspace at `dir` (relative to the adapter's root; '' for the root). `path`: its absolute
 * path where the caller knows it (nanobot spells it out in the prompt), else null.
 */
export async function readWorkspace(adapter: StorageAdapter, dir: string, path: string | null): Promise<WorkspaceSnapshot> {
  const files = new Map<string, string>();
  for (const rel of [...BOOTSTRAP_FILES, ...UNREAD_FILES, ...MEMORY_FILES]) {
    const text = await readText(adapter, join(dir, rel));
    if (text !== undefined) files.set(rel, text);
  }
  const skillDirs: string[] = [];
  try {
    for (const e of await adapter.list(join(dir, 'skills'))) {
      if (e.kind !== 'directory') continue;
      skillDirs.push(e.name);
      const text = await readText(adapter, join(dir, `skills/${e.name}/SKILL.md`));
      if (text !== undefined) files.set(`skills/${e.name}/SKILL.md`, text);
    }
  } catch (e) {
    if (!isStoreError(e)) throw e;
  }
  return { files, skillDirs, path, legacyHistory: await exists(adapter, join(dir, 'memory/HISTORY.md')) };
}

/** True when a folder looks like a nanobot workspace (any file the turn reads, or a memory folder). */
export function looksLikeWorkspace(ws: WorkspaceSnapshot): boolean {
  return ws.files.size > 0 || ws.skillDirs.length > 0 || !!ws.legacyHistory;
}

/**
 * The workspace folder of a session file, relative to the opened folder: the folder above its
 * `sessions/` folder (v0.2 and v0.3.0 keep sessions in `<workspace>/sessions/`); null when the file
 * is elsewhere (main's namespace under the config folder, a loose file), where the workspace is not
 * inside the opened folder.
 */
export function workspaceOfSession(path: string): string | null {
  const m = /^(?:(.*)\/)?sessions\/[^/]+$/.exec(path);
  return m ? (m[1] ?? '') : null;
}

/**
 * The name a workspace folder has where it was opened: the folder above `sessions/`, or the opened
 * folder's own name. The app counts it as the workspace's path until the person gives the absolute one.
 */
export function workspaceFolderName(adapter: StorageAdapter, dir: string): string {
  if (dir) return dir.slice(dir.lastIndexOf('/') + 1);
  const m = /^folder '(.*)'$/.exec(adapter.label);
  return m ? m[1]! : adapter.label;
}

const PATH_KEY = 'session-lens:workspace-path:';
const rememberedPath = z.object({ format: z.literal(1), path: z.string().check(z.minLength(1), z.maxLength(4096)) });

/** The absolute path remembered for the workspace at `dir` of this adapter's folder, or null (none, or not what we wrote). */
export function rememberedWorkspacePath(adapter: StorageAdapter, dir: string): string | null {
  try {
    const p = rememberedPath.safeParse(JSON.parse(localStorage.getItem(`${PATH_KEY}${adapter.label}:${dir}`) ?? 'null'));
    return p.success ? p.data.path : null;
  } catch {
    return null;
  }
}

/** Remembers the workspace's absolute path for the next visit; a refused or full storage only loses the memory. */
export function rememberWorkspacePath(adapter: StorageAdapter, dir: string, path: string): void {
  try {
    localStorage.setItem(`${PATH_KEY}${adapter.label}:${dir}`, JSON.stringify({ format: 1, path }));
  } catch {
    /* private mode or quota: asked again next time */
  }
}
