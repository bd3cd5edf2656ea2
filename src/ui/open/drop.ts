/**
 * Drop a folder or a `.jsonl` file anywhere on the page. Chromium gives real FileSystemHandles
 * (writable folders) only when `getAsFileSystemHandle()` is called synchronously inside the drop
 * event; other browsers get a read-only copy through `webkitGetAsEntry()` or the plain Files.
 */
import { itemHandle } from './fsa';
import type { PathedFile } from '../workspace/scan/open';

/** What a drop brought. */
export type Dropped =
  | { kind: 'directory'; handle: FileSystemDirectoryHandle }
  | { kind: 'file'; file: File }
  | { kind: 'files'; files: PathedFile[]; rootName: string }
  | { kind: 'nothing' };

const SKIP_DIRS = new Set(['node_modules', '.git', '.venv', '__pycache__']);
const MAX_DEPTH = 4;

function hasFiles(e: DragEvent): boolean {
  return !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
}

/**
 * Take the drop's items synchronously (handles or entries), then resolve them. Exported for tests,
 * which hand it a fake DataTransfer.
 */
export function collectDrop(dt: DataTransfer): Promise<Dropped> {
  const handles: Promise<FileSystemHandle | null>[] = [];
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    if (item.kind !== 'file') continue;
    const h = itemHandle(item); // synchronous call, as Chromium requires
    if (h) handles.push(h);
    else {
      const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
      if (entry) entries.push(entry);
    }
  }
  const files = Array.from(dt.files ?? []);
  return resolveDrop(handles, entries, files);
}

async function resolveDrop(handles: Promise<FileSystemHandle | null>[], entries: FileSystemEntry[], files: File[]): Promise<Dropped> {
  if (handles.length) {
    const got = (await Promise.all(handles.map((p) => p.catch(() => null)))).filter((h): h is FileSystemHandle => h !== null);
    const dir = got.find((h) => h.kind === 'directory');
    if (dir) return { kind: 'directory', handle: dir as FileSystemDirectoryHandle };
    const file = got.find((h) => h.kind === 'file');
    if (file) return { kind: 'file', file: await (file as FileSystemFileHandle).getFile() };
  }
  const dirEntry = entries.find((e) => e.isDirectory) as FileSystemDirectoryEntry | undefined;
  if (dirEntry) return { kind: 'files', files: await readEntryTree(dirEntry), rootName: dirEntry.name };
  const fileEntry = entries.find((e) => e.isFile) as FileSystemFileEntry | undefined;
  if (fileEntry) return { kind: 'file', file: await new Promise<File>((res, rej) => fileEntry.file(res, rej)) };
  if (files[0]) return { kind: 'file', file: files[0] };
  return { kind: 'nothing' };
}

/** Every relevant file under a dropped folder (entries API), with paths starting at the folder's name. */
async function readEntryTree(root: FileSystemDirectoryEntry): Promise<PathedFile[]> {
  const out: PathedFile[] = [];
  // Loaded only for a folder dropped without handles: the start screen does not need the layout rules.
  const { relevantFile } = await import('../workspace/scan/open');
  const walk = async (dir: FileSystemDirectoryEntry, prefix: string, depth: number): Promise<void> => {
    const reader = dir.createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      if (batch.length === 0) break;
      for (const e of batch) {
        const path = `${prefix}/${e.name}`;
        if (e.isDirectory && depth < MAX_DEPTH && !SKIP_DIRS.has(e.name)) await walk(e as FileSystemDirectoryEntry, path, depth + 1);
        else if (e.isFile && relevantFile(path)) {
          out.push({ path, file: await new Promise<File>((res, rej) => (e as FileSystemFileEntry).file(res, rej)) });
        }
      }
    }
  };
  await walk(root, root.name, 0);
  return out;
}

/**
 * Make the whole page a drop target: preventDefault on dragenter/dragover/drop (else the browser
 * navigates to the file), report hover for the overlay, and hand each drop to `onDrop`.
 */
export function installDropZone(target: EventTarget, onDrop: (d: Promise<Dropped>) => void, onHover: (over: boolean) => void): () => void {
  let depth = 0;
  const stop = new AbortController();
  const on = { signal: stop.signal };
  target.addEventListener('dragenter', (ev) => {
    const e = ev as DragEvent;
    e.preventDefault();
    depth++;
    if (hasFiles(e)) onHover(true);
  }, on);
  target.addEventListener('dragover', (ev) => {
    const e = ev as DragEvent;
    e.preventDefault();
    if (e.dataTransfer && hasFiles(e)) e.dataTransfer.dropEffect = 'copy';
  }, on);
  target.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) onHover(false);
  }, on);
  target.addEventListener('drop', (ev) => {
    const e = ev as DragEvent;
    e.preventDefault();
    depth = 0;
    onHover(false);
    if (e.dataTransfer) onDrop(collectDrop(e.dataTransfer));
  }, on);
  return () => stop.abort();
}
