/**
 * StorageAdapter over Node's fs, for the CLI. Saves write `<name>.tmp` in the same folder, fsync
 * it (when asked), rename() it over the target, then fsync the folder — nanobot's own protocol.
 * Only the CLI and tests may import this file (it pulls in node:fs).
 */

import { Buffer } from 'node:buffer';
// Named imports only: a namespace or default import of a Node module is bundled as a copy of it whose
// every member is a getter (rolldown's __toESM), which each fs call in a listing's hot loop then went through.
import {
  close as fsClose,
  closeSync,
  constants,
  fchmod as fsFchmod,
  fstatSync,
  fsync as fsFsync,
  lstat as fsLstat,
  open as fsOpen,
  openSync,
  read as fsRead,
  readdirSync,
  readFile as fsReadFile,
  readSync,
  rename as fsRename,
  rm as fsRm,
  rmdir as fsRmdir,
  stat as fsStat,
  statSync,
  unlink as fsUnlink,
  write as fsWrite,
  type RmOptions,
  type Stats,
} from 'node:fs';
import { join as pathJoin, resolve as pathResolve, sep as pathSep } from 'node:path';
import type { Entry, FileStat, RenameOptions, StorageAdapter, WriteData, WriteOptions } from './adapter';
import { StoreError, type StoreAction, type StoreErrorCode } from './errors';
import { assertPortableName } from './names';
import { joinPath, splitParent, splitPath } from './paths';
import { writeViaTmp, type TmpSteps } from '../save/tmp-protocol';

/**
 * The few promise-returning file calls the adapter makes, over Node's callback API: the same thread-pool
 * work as `fs/promises`, without loading that module (with the readline, watcher and stream modules it
 * pulls in, ~1 MiB of every CLI run's peak memory).
 */
const done =
  <T>(resolve: (v: T) => void, reject: (e: unknown) => void) =>
  (e: NodeJS.ErrnoException | null, v: T) =>
    e ? reject(e) : resolve(v);
const call = <T>(f: (cb: (e: NodeJS.ErrnoException | null, v: T) => void) => void): Promise<T> => new Promise<T>((res, rej) => f(done(res, rej)));

/** An open file, as much of `fs/promises`' FileHandle as the adapter uses. */
class FileHandle {
  constructor(readonly fd: number) {}
  read(buf: Uint8Array, offset: number, length: number, position: number | null): Promise<{ bytesRead: number }> {
    return call<number>((cb) => fsRead(this.fd, buf, offset, length, position, cb)).then((bytesRead) => ({ bytesRead }));
  }
  write(buf: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }> {
    return call<number>((cb) => fsWrite(this.fd, buf, offset, length, null, cb)).then((bytesWritten) => ({ bytesWritten }));
  }
  chmod(mode: number): Promise<void> {
    return call<void>((cb) => fsFchmod(this.fd, mode, (e) => cb(e, undefined)));
  }
  sync(): Promise<void> {
    return call<void>((cb) => fsFsync(this.fd, (e) => cb(e, undefined)));
  }
  close(): Promise<void> {
    return call<void>((cb) => fsClose(this.fd, (e) => cb(e ?? null, undefined)));
  }
}

const fs = {
  open: (path: string, flags: string | number, mode?: number) => call<number>((cb) => fsOpen(path, flags, mode, cb)).then((fd) => new FileHandle(fd)),
  stat: (path: string) => call<Stats>((cb) => fsStat(path, cb)),
  lstat: (path: string) => call<Stats>((cb) => fsLstat(path, cb)),
  rename: (from: string, to: string) => call<void>((cb) => fsRename(from, to, (e) => cb(e, undefined))),
  rm: (path: string, opts: RmOptions) => call<void>((cb) => fsRm(path, opts, (e) => cb(e, undefined))),
  rmdir: (path: string) => call<void>((cb) => fsRmdir(path, (e) => cb(e, undefined))),
  unlink: (path: string) => call<void>((cb) => fsUnlink(path, (e) => cb(e, undefined))),
  readFile: (path: string) => call<Buffer>((cb) => fsReadFile(path, cb)),
};

const ERRNO: Record<string, StoreErrorCode> = {
  ENOENT: 'not-found',
  ENOTDIR: 'not-found',
  EACCES: 'permission',
  EPERM: 'permission',
  EROFS: 'permission',
  ENOSPC: 'quota',
  EDQUOT: 'quota',
  EBUSY: 'busy',
  ETXTBSY: 'busy',
  ENAMETOOLONG: 'bad-name',
  EINVAL: 'bad-name',
  EEXIST: 'conflict',
};

/** Map a Node fs error to a StoreError. */
export function fromNodeError(e: unknown, path: string, action: StoreAction): StoreError {
  if (e instanceof StoreError) return e;
  const errno = (e as NodeJS.ErrnoException | undefined)?.code ?? '';
  const code = ERRNO[errno] ?? 'io';
  const text = e instanceof Error ? e.message : String(e);
  return new StoreError(code, `${action} '${path}' failed: ${text}`, { path, cause: e, reason: { code: 'native', action, fault: code, name: errno, text } });
}

/**
 * Temporary files of saves still being written (absolute paths): a process that must stop at once
 * (Ctrl-C, a closed pipe) removes them before it exits, so an interrupted save leaves the original
 * file alone and no `.tmp` beside it.
 */
export const tmpFilesInFlight = new Set<string>();

/** Called once a save's tmp file exists (the CLI's tests pause there to interrupt a save). */
let onTmpCreated: ((absPath: string) => Promise<void>) | null = null;

/** Sets (or clears) the hook run after each tmp file is created. */
export function setTmpCreatedHook(hook: ((absPath: string) => Promise<void>) | null): void {
  onTmpCreated = hook;
}

/** A path's stat, or undefined where it has none (a dangling link). */
function statSyncOrNone(path: string): { isFile(): boolean; isDirectory(): boolean } | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Reads from the start of an open file into `buf` until it is full or the file ends: how many bytes came. */
function readFrom(fd: number, buf: Uint8Array): number {
  let got = 0;
  while (got < buf.length) {
    const r = readSync(fd, buf, got, buf.length - got, got);
    if (r === 0) break;
    got += r;
  }
  return got;
}

/** Wrap a folder on disk (absolute or relative to the cwd) as a StorageAdapter. */
export function createNodeAdapter(rootDir: string): StorageAdapter {
  const root = pathResolve(rootDir);
  const base = root.endsWith(pathSep) ? root : root + pathSep;
  // A checked relative path has no empty, `.` or `..` segment, so joining needs no normalizing
  // (a listing joins one path per file, and path.join normalizes each).
  const abs = (path: string): string => {
    if (pathSep === '\\' && path.includes('\\')) {
      throw new StoreError('bad-name', `'${path}' contains a backslash, a path separator here.`, { path, reason: { code: 'backslash' } });
    }
    const parts = splitPath(path);
    return parts.length === 0 ? root : base + parts.join(pathSep);
  };

  async function guard<T>(path: string, action: StoreAction, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw fromNodeError(e, path, action);
    }
  }

  async function fsyncDir(dir: string): Promise<void> {
    if (process.platform === 'win32') return; // folders cannot be opened for fsync there
    const h = await fs.open(abs(dir), constants.O_RDONLY);
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  }

  /** The save steps; the new file's permission bits come from `modeSource`, else from the file it replaces. */
  const stepsFor = (modeSource?: string): TmpSteps => ({
    async createTmp(dir, tmpName, fsync, name) {
      const path = joinPath(dir, tmpName);
      const target = abs(modeSource ?? joinPath(dir, name));
      // Keep the target's permission bits (a fresh tmp would get the umask default).
      const mode = await fs.stat(target).then((s) => s.mode & 0o7777, () => undefined);
      const tmpAbs = abs(path);
      tmpFilesInFlight.add(tmpAbs);
      const h = await guard(path, 'creating', () => fs.open(tmpAbs, 'w', mode ?? 0o666)).catch((e: unknown) => {
        tmpFilesInFlight.delete(tmpAbs);
        throw e;
      });
      let open = true;
      const shut = async () => {
        if (!open) return;
        open = false;
        await h.close();
      };
      if (onTmpCreated) await onTmpCreated(tmpAbs);
      return {
        write: (chunk) =>
          guard(path, 'writing', async () => {
            for (let at = 0; at < chunk.length; ) at += (await h.write(chunk, at, chunk.length - at)).bytesWritten;
          }),
        close: () =>
          guard(path, 'finishing', async () => {
            try {
              if (mode !== undefined) await h.chmod(mode);
              if (fsync) await h.sync();
            } finally {
              await shut();
            }
          }),
        abort: () => shut().catch(() => undefined),
      };
    },
    async moveOnto(dir, tmpName, name, fsync) {
      const target = joinPath(dir, name);
      await guard(target, 'replacing', () => fs.rename(abs(joinPath(dir, tmpName)), abs(target)));
      tmpFilesInFlight.delete(abs(joinPath(dir, tmpName)));
      if (fsync) await guard(dir, 'syncing-folder', () => fsyncDir(dir));
    },
    async removeTmp(dir, tmpName) {
      const path = joinPath(dir, tmpName);
      await guard(path, 'removing', () => fs.rm(abs(path), { force: true }));
      tmpFilesInFlight.delete(abs(path));
    },
  });

  /** Bytes [start, end) of an open file, fewer at its end. */
  async function readOpen(h: FileHandle, start: number, end: number): Promise<Uint8Array> {
    const from = Math.max(0, start);
    const buf = new Uint8Array(Math.max(0, end - from));
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await h.read(buf, got, buf.length - got, from + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === buf.length ? buf : buf.slice(0, got);
  }

  /** Bytes [start, end) of a file, fewer at its end. */
  const readRange = (path: string, start: number, end: number): Promise<Uint8Array> =>
    guard(path, 'reading', async () => {
      const h = await fs.open(abs(path), 'r');
      try {
        return await readOpen(h, start, end);
      } finally {
        await h.close();
      }
    });

  return {
    label: root,
    fsyncs: true,

    list: (dir) =>
      // Synchronous, as nanobot's own listing is: one call, and the CLI's `list` then never loads
      // Node's fs/promises (about 1 MiB of a small run's peak memory).
      guard(dir, 'listing', async () => {
        const ents = readdirSync(abs(dir), { withFileTypes: true });
        const out: Entry[] = [];
        for (const d of ents) {
          // A link counts as what it points to (nothing when it dangles).
          const s = d.isSymbolicLink() ? statSyncOrNone(pathJoin(abs(dir), d.name)) : d;
          if (s?.isFile()) out.push({ name: d.name, kind: 'file' });
          else if (s?.isDirectory()) out.push({ name: d.name, kind: 'directory' });
        }
        return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      }),

    stat: (path) =>
      guard(path, 'checking', async (): Promise<FileStat> => {
        const s = await fs.stat(abs(path));
        if (!s.isFile()) throw new StoreError('io', `'${path}' is not a file.`, { path, reason: { code: 'not-a-file' } });
        return { size: s.size, lastModified: Math.trunc(s.mtimeMs) };
      }),

    read: (path) =>
      guard(path, 'reading', async () => {
        const h = await fs.open(abs(path), 'r');
        return fileStream(path, h);
      }),

    readChunks: (path) => fileChunks(path, abs(path)),

    readWhole: (path) =>
      guard(path, 'reading', async () => {
        const b = await fs.readFile(abs(path));
        return new Uint8Array(b.buffer, b.byteOffset, b.byteLength); // a view, not a copy
      }),

    // Synchronous, as statHead: a head is one small read (the layout reads a few, the listing one per
    // file), and `list` then never loads Node's fs/promises.
    readHead: (path, n) =>
      guard(path, 'reading', async () => {
        const fd = openSync(abs(path), 'r');
        try {
          const buf = new Uint8Array(Math.max(0, n));
          const got = readFrom(fd, buf);
          return got === buf.length ? buf : buf.slice(0, got);
        } finally {
          closeSync(fd);
        }
      }),

    // Synchronous calls: a listing asks this of every file, and four thread-pool round trips cost
    // more than the syscalls themselves. Read into the caller's buffer when given: a fresh 8 KiB per
    // file is garbage that a large listing pays for in CPU and peak memory.
    statHead: (path, n, into) => {
      try {
        const fd = openSync(abs(path), 'r');
        try {
          const s = fstatSync(fd);
          if (!s.isFile()) throw new StoreError('io', `'${path}' is not a file.`, { path, reason: { code: 'not-a-file' } });
          const want = Math.max(0, Math.min(n, s.size));
          const buf = into && into.length >= want ? into.subarray(0, want) : new Uint8Array(want);
          const got = readFrom(fd, buf);
          const head = got === buf.length ? buf : into ? buf.subarray(0, got) : buf.slice(0, got);
          return Promise.resolve({ stat: { size: s.size, lastModified: Math.trunc(s.mtimeMs) }, head });
        } finally {
          closeSync(fd);
        }
      } catch (e) {
        return Promise.reject(fromNodeError(e, path, 'reading'));
      }
    },

    readRange,

    async writeAtomic(path: string, data: WriteData, options: WriteOptions = {}) {
      assertPortableName(path);
      await writeViaTmp(stepsFor(options.permissionsOf), path, data, options.fsync ?? false, options.tmpName);
    },

    remove: (path) =>
      guard(path, 'removing', async () => {
        const s = await fs.lstat(abs(path));
        await (s.isDirectory() ? fs.rmdir(abs(path)) : fs.unlink(abs(path)));
      }),

    async rename(from, to, options: RenameOptions = {}) {
      assertPortableName(to);
      splitParent(from);
      if (from === to) return;
      if (!options.overwrite) {
        const exists = await fs.lstat(abs(to)).then(() => true, () => false);
        if (exists) throw new StoreError('conflict', `Cannot rename '${from}': '${to}' already exists.`, { path: to, reason: { code: 'name-exists', from, to } });
      }
      await guard(from, 'renaming', () => fs.rename(abs(from), abs(to)));
    },
  };
}

/**
 * The file in 256 KiB chunks through one reused Buffer (its native indexOf cuts lines fast): a pass
 * holds no more than that of the file at once (1 MiB chunks were ~0.75 MiB more of a small run's peak).
 */
const CHUNK = 256 << 10;

async function* fileChunks(path: string, file: string): AsyncIterable<Uint8Array> {
  let h: FileHandle;
  try {
    h = await fs.open(file, 'r');
  } catch (e) {
    throw fromNodeError(e, path, 'reading');
  }
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await h.read(buf, 0, buf.length, null));
      } catch (e) {
        throw fromNodeError(e, path, 'reading');
      }
      if (bytesRead === 0) return;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await h.close();
  }
}

/**
 * The file as a byte stream of 1 MiB reads. A reader in BYOB mode reads into its own buffer again
 * and again (streamed passes over a big file then leave no dead 1 MiB buffers for the GC, which
 * raise the peak memory); a default reader gets a fresh buffer per chunk, as before.
 */
function fileStream(path: string, h: FileHandle): ReadableStream<Uint8Array> {
  return new ReadableStream({
    type: 'bytes',
    autoAllocateChunkSize: 1 << 20,
    async pull(ctrl) {
      const req = ctrl.byobRequest!;
      const view = req.view!;
      try {
        const { bytesRead } = await h.read(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), 0, view.byteLength, null);
        if (bytesRead === 0) {
          await h.close();
          ctrl.close();
          req.respond(0);
        } else req.respond(bytesRead);
      } catch (e) {
        await h.close().catch(() => undefined);
        ctrl.error(fromNodeError(e, path, 'reading'));
      }
    },
    cancel: () => h.close(),
  }) as ReadableStream<Uint8Array>;
}
