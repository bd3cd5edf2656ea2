/**
 * "Try the demo": demo workspaces kept in this browser's origin private file system (OPFS), seeded
 * on first use from the files in public/demo/ (listed in its manifest): a nanobot v0.2 workspace
 * and a config folder laid out like nanobot main. Edits there are real saves, so a demo can be
 * broken and repaired; "Reset demo" puts the original files back.
 */
import { opfsRoot } from '../../open/fsa';
import { ui } from '../../i18n/text';
import { DEFAULT_DEMO } from '../../open/last-source';

/** The OPFS folder that holds the default demo workspace (nanobot v0.2); other demos get `<it>-<id>`. */
export const DEMO_DIR = 'session-lens-demo';
/** The default demo: the v0.2 workspace "Try the demo" has always opened. */
export { DEFAULT_DEMO };
const MARKER = '.demo-version';

/** A demo file: served from `<dir>/<path>` (`bytes` long), or inline `text` (dot-files static hosts may refuse). */
export interface DemoFile {
  path: string;
  bytes?: number;
  text?: string;
  about: string;
}

/** One demo workspace: a folder of public/demo/ ('' = its top) seeded into its own OPFS folder. */
export interface DemoWorkspace {
  id: string;
  dir: string;
  /** The nanobot version it is laid out like. */
  nanobot: string;
  name: string;
  about: string;
  files: DemoFile[];
}

export interface DemoManifest {
  version: number;
  workspaces: DemoWorkspace[];
}

/** The OPFS folder of a demo. */
export function demoDirName(id: string): string {
  return id === DEFAULT_DEMO ? DEMO_DIR : `${DEMO_DIR}-${id}`;
}

/** Where the demo files are served from (relative, so any sub-path works). */
export function demoBase(): string {
  return new URL('demo/', document.baseURI).href;
}

/** The demos' manifest: each workspace and what each of its files is meant to show. */
export async function fetchManifest(): Promise<DemoManifest> {
  const res = await fetch(new URL('manifest.json', demoBase()));
  if (!res.ok) throw new Error(ui().workspace.demoHttp(res.status));
  return (await res.json()) as DemoManifest;
}

async function readMarker(dir: FileSystemDirectoryHandle): Promise<string | null> {
  try {
    return await (await (await dir.getFileHandle(MARKER)).getFile()).text();
  } catch {
    return null;
  }
}

async function writeFile(dir: FileSystemDirectoryHandle, path: string, bytes: Uint8Array | string): Promise<void> {
  const parts = path.split('/');
  let d = dir;
  for (const p of parts.slice(0, -1)) d = await d.getDirectoryHandle(p, { create: true });
  const w = await (await d.getFileHandle(parts[parts.length - 1]!, { create: true })).createWritable();
  await w.write(bytes as FileSystemWriteChunkType);
  await w.close();
}

/** Whether a demo was seeded in this browser already. */
export async function demoExists(id = DEFAULT_DEMO): Promise<boolean> {
  const root = await opfsRoot();
  if (!root) return false;
  try {
    return (await readMarker(await root.getDirectoryHandle(demoDirName(id)))) !== null;
  } catch {
    return false;
  }
}

/** A demo's OPFS folder, seeded when missing or incomplete; `reset` puts every demo back to its original files. */
export async function demoFolder(reset = false, id = DEFAULT_DEMO): Promise<FileSystemDirectoryHandle> {
  const root = await opfsRoot();
  if (!root) throw new Error(ui().workspace.noOpfs);
  if (!reset) {
    const existing = await root.getDirectoryHandle(demoDirName(id)).catch(() => null);
    if (existing && (await readMarker(existing)) !== null) return existing;
  }
  const manifest = await fetchManifest();
  const demo = manifest.workspaces.find((w) => w.id === id);
  if (!demo) throw new Error(ui().workspace.noDemo(id));
  for (const w of reset ? manifest.workspaces : [demo]) await root.removeEntry(demoDirName(w.id), { recursive: true }).catch(() => undefined);
  const dir = await root.getDirectoryHandle(demoDirName(id), { create: true });
  for (const f of demo.files) {
    if (f.text !== undefined) {
      await writeFile(dir, f.path, f.text);
      continue;
    }
    const res = await fetch(new URL(demo.dir ? `${demo.dir}/${f.path}` : f.path, demoBase()));
    if (!res.ok) throw new Error(ui().workspace.demoFileHttp(f.path, res.status));
    await writeFile(dir, f.path, new Uint8Array(await res.arrayBuffer()));
  }
  await writeFile(dir, MARKER, String(manifest.version)); // last: a half-seeded demo is seeded again
  return dir;
}
