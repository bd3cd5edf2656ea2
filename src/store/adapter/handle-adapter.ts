/**
 * StorageAdapter over a FileSystemDirectoryHandle: a real local folder (dropped or picked) or the
 * origin private file system. Saves are tmp + createWritable() + close() + move(), which Chromium
 * lets no reader observe half-done (shared/testing/chromium.md).
 */

import type { Entry, FileStat, RenameOptions, StorageAdapter, WriteData, WriteOptions } from './adapter';
import { StoreError, fromDomError, type StoreAction } from './errors';
import { movable } from './fs-types';
import { assertPortableName } from './names';
import { joinPath, splitParent, splitPath } from './paths';
import { writeViaTmp, type TmpSteps } from '../save/tmp-protocol';

/**
 * Errors a `File` taken before its file was replaced throws when read (text()/arrayBuffer():
 * NotReadableError; stream(): "TypeError: network error"): worth one fresh getFile().
 */
const STALE = new Set(['NotReadableError', 'NotFoundError', 'TypeError']);
const isStale = (e: unknown): boolean => e instanceof Error && STALE.has(e.name);

/** Bytes [start, end) of a File, fewer at its end. */
async function bytesOf(f: File, start: number, end: number): Promise<Uint8Array> {
  const from = Math.max(0, start);
  return new Uint8Array(await f.slice(from, Math.max(from, end)).arrayBuffer());
}

/** What the caller knows about the folder that the handle cannot tell. */
export interface HandleAdapterOptions {
  /** 'folder': a real folder on disk, where Chromium's move() leaves a saved file with mode 0600; 'opfs': the browser's own storage. */
  kind?: 'folder' | 'opfs';
}

/** Wrap a handle (OPFS root: `await navigator.storage.getDirectory()`) as a StorageAdapter. */
export function createHandleAdapter(root: FileSystemDirectoryHandle, label?: string, opts: HandleAdapterOptions = {}): StorageAdapter {
  /** Run a File System call, turning its failure into a StoreError (`nameOp`: the call takes a name). */
  async function guard<T>(path: string, action: StoreAction, fn: () => Promise<T>, nameOp = false): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw fromDomError(e, path, action, nameOp);
    }
  }
  const named = <T>(path: string, action: StoreAction, fn: () => Promise<T>) => guard(path, action, fn, true);

  async function dirAt(dir: string, action: StoreAction): Promise<FileSystemDirectoryHandle> {
    let d = root;
    for (const part of splitPath(dir)) d = await named(dir, action, () => d.getDirectoryHandle(part));
    return d;
  }

  async function fileAt(path: string, action: StoreAction): Promise<FileSystemFileHandle> {
    const [dir, name] = splitParent(path);
    const d = await dirAt(dir, action);
    return named(path, action, () => d.getFileHandle(name));
  }

  /** getFile() + a read, retried once with a fresh File when the first one went stale. */
  async function readFile<T>(path: string, action: StoreAction, use: (f: File) => Promise<T>): Promise<T> {
    const handle = await fileAt(path, action);
    return guard(path, action, async () => {
      try {
        return await use(await handle.getFile());
      } catch (e) {
        if (!isStale(e)) throw e;
        return use(await handle.getFile());
      }
    });
  }

  const steps: TmpSteps = {
    async createTmp(dir, tmpName) {
      const path = joinPath(dir, tmpName);
      const d = await dirAt(dir, 'saving');
      const h = await named(path, 'creating', () => d.getFileHandle(tmpName, { create: true }));
      let w: FileSystemWritableFileStream;
      try {
        w = await h.createWritable({ keepExistingData: false });
      } catch (e) {
        const err = fromDomError(e, path, 'opening');
        await d.removeEntry(tmpName).catch(() => void (err.leftover = path));
        throw err;
      }
      return {
        write: (chunk) => guard(path, 'writing', () => w.write(chunk as Uint8Array<ArrayBuffer>)),
        close: () => guard(path, 'finishing', () => w.close()),
        abort: () => w.abort().catch(() => undefined),
      };
    },
    async moveOnto(dir, tmpName, name) {
      const d = await dirAt(dir, 'saving');
      const target = joinPath(dir, name);
      await named(target, 'replacing', async () => movable(await d.getFileHandle(tmpName)).move(name));
    },
    async removeTmp(dir, tmpName) {
      const d = await dirAt(dir, 'cleaning-up');
      await named(joinPath(dir, tmpName), 'removing', () => d.removeEntry(tmpName)).catch((e: StoreError) => {
        if (e.code !== 'not-found') throw e;
      });
    },
  };

  return {
    label: label ?? (root.name === '' ? 'OPFS' : `folder '${root.name}'`),
    ownerOnlySaves: opts.kind === 'folder',
    browserPrivate: opts.kind === 'opfs',

    async list(dir) {
      const d = await dirAt(dir, 'listing');
      const out: Entry[] = [];
      await guard(dir, 'listing', async () => {
        for await (const [name, h] of d.entries()) out.push({ name, kind: h.kind });
      });
      return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },

    stat(path): Promise<FileStat> {
      return readFile(path, 'checking', async (f) => ({ size: f.size, lastModified: f.lastModified }));
    },

    async read(path) {
      const handle = await fileAt(path, 'reading');
      return staleSafeStream(path, () => guard(path, 'reading', () => handle.getFile()));
    },

    readHead(path, n) {
      return readFile(path, 'reading', (f) => bytesOf(f, 0, n));
    },

    statHead(path, n) {
      return readFile(path, 'reading', async (f) => ({ stat: { size: f.size, lastModified: f.lastModified }, head: await bytesOf(f, 0, n) }));
    },

    file(path) {
      return readFile(path, 'reading', async (f) => f);
    },
    readRange(path, start, end) {
      return readFile(path, 'reading', (f) => bytesOf(f, start, end));
    },

    async writeAtomic(path: string, data: WriteData, options: WriteOptions = {}) {
      // fsync: close() already commits the swap file; the web platform offers nothing stronger.
      assertPortableName(path);
      await writeViaTmp(steps, path, data, false, options.tmpName);
    },

    async remove(path) {
      const [dir, name] = splitParent(path);
      const d = await dirAt(dir, 'removing');
      await named(path, 'removing', () => d.removeEntry(name));
    },

    async rename(from, to, options: RenameOptions = {}) {
      assertPortableName(to);
      const [fromDir] = splitParent(from);
      const [toDir, toName] = splitParent(to);
      const handle = await fileAt(from, 'renaming');
      const dest = await dirAt(toDir, 'renaming');
      if (from === to) return;
      const existing = await dest.getFileHandle(toName).then(
        () => true,
        (e: unknown) => (e instanceof Error && e.name === 'NotFoundError' ? false : Promise.reject(fromDomError(e, to, 'renaming-onto', true))),
      );
      if (existing && !options.overwrite) throw new StoreError('conflict', `Cannot rename '${from}': '${to}' already exists.`, { path: to, reason: { code: 'name-exists', from, to } });
      await named(to, 'renaming-onto', () => (fromDir === toDir ? movable(handle).move(toName) : movable(handle).move(dest, toName)));
    },
  };
}

/**
 * A stream of a file that survives one stale `File` (its file was replaced before the first byte
 * was read: Chromium then throws NotReadableError) by calling `open` again.
 */
export function staleSafeStream(path: string, open: () => Promise<File>): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let delivered = 0;
  let retried = false;
  const start = async () => (reader = (await open()).stream().getReader());
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      for (;;) {
        try {
          const r = reader ?? (await start());
          const { done, value } = await r.read();
          if (done) return ctrl.close();
          delivered += value.length;
          return ctrl.enqueue(value);
        } catch (e) {
          if (e instanceof StoreError) return ctrl.error(e);
          if (isStale(e) && delivered === 0 && !retried) {
            retried = true;
            reader = undefined;
            continue;
          }
          const err = isStale(e)
            ? new StoreError('conflict', `'${path}' changed on disk while it was being read; read it again.`, { path, cause: e, reason: { code: 'changed-while-read' } })
            : fromDomError(e, path, 'reading');
          return ctrl.error(err);
        }
      }
    },
    cancel: (reason) => reader?.cancel(reason),
  });
}
