/**
 * "Try the demo": a demo workspace kept in this browser's origin private file system (OPFS), seeded
 * on first use from the files in public/demo/ (listed in its manifest). Edits there are real saves,
 * so the demo can be broken and repaired; "Reset demo" puts the original files back.
 */
import { opfsRoot } from '../fsa';

/** The OPFS folder that holds the demo workspace. */
export const DEMO_DIR = 'session-lens-demo';
const MARKER = '.demo-version';

export interface DemoManifest {
  version: number;
  files: { path: string; bytes: number; about: string }[];
}

/** Where the demo files are served from (relative, so any sub-path works). */
export function demoBase(): string {
  return new URL('demo/', document.baseURI).href;
}

/** The demo's manifest: what each file is meant to show. */
export async function fetchManifest(): Promise<DemoManifest> {
  const res = await fetch(new URL('manifest.json', demoBase()));
  if (!res.ok) throw new Error(`The demo files could not be loaded (HTTP ${res.status}).`);
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

/** Whether the demo was seeded in this browser already. */
export async function demoExists(): Promise<boolean> {
  const root = await opfsRoot();
  if (!root) return false;
  try {
    return (await readMarker(await root.getDirectoryHandle(DEMO_DIR))) !== null;
  } catch {
    return false;
  }
}

/** The demo workspace folder in OPFS, seeded when missing, incomplete or `reset`. */
export async function demoFolder(reset = false): Promise<FileSystemDirectoryHandle> {
  const root = await opfsRoot();
  if (!root) throw new Error('This browser has no origin private file system, so the demo cannot be stored.');
  if (!reset) {
    const existing = await root.getDirectoryHandle(DEMO_DIR).catch(() => null);
    if (existing && (await readMarker(existing)) !== null) return existing;
  }
  const manifest = await fetchManifest();
  await root.removeEntry(DEMO_DIR, { recursive: true }).catch(() => undefined);
  const dir = await root.getDirectoryHandle(DEMO_DIR, { create: true });
  for (const f of manifest.files) {
    const res = await fetch(new URL(f.path, demoBase()));
    if (!res.ok) throw new Error(`The demo file ${f.path} could not be loaded (HTTP ${res.status}).`);
    await writeFile(dir, f.path, new Uint8Array(await res.arrayBuffer()));
  }
  await writeFile(dir, MARKER, String(manifest.version)); // last: a half-seeded demo is seeded again
  return dir;
}
