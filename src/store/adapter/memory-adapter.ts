/**
 * An in-memory StorageAdapter for unit tests. It models the real tmp+move protocol (a tmp file that
 * exists from its creation, a `.crswap` swap file while a writer is open, an overwriting move) and
 * lets a test inject a failure at any step, revoke permission mid-save, fill the quota, or pause a
 * step — so tests can prove the target survives and no tmp is left behind unreported.
 */

import type { Entry, FileStat, StorageAdapter, WriteData, WriteOptions, RenameOptions } from './adapter';
import { concat } from './bytes';
import { StoreError, type StoreErrorCode } from './errors';
import { assertPortableName } from './names';
import { joinPath, splitParent, splitPath } from './paths';
import { writeViaTmp, type TmpSteps, type TmpWriter } from '../save/tmp-protocol';

/** The steps of an atomic save, in order, plus the other operations. */
export type SaveStep = 'create-tmp' | 'write' | 'close' | 'move' | 'remove-tmp';
type MemoryStep = SaveStep | 'list' | 'stat' | 'read' | 'remove' | 'rename';

/** A failure to inject. */
interface Fault {
  step: MemoryStep;
  /** Error code to throw (default 'io'). */
  code?: StoreErrorCode;
  /** For 'write': fail at this chunk (0-based; default the first). */
  chunk?: number;
  /** Revoke permission at this step: it and every later operation fail with 'permission'. */
  revoke?: boolean;
  /** Only for this path (default any). */
  path?: string;
  /** How many times it fires (default 1). */
  times?: number;
}

export interface MemoryOptions {
  /** Total bytes the store may hold (files plus open swap buffers); beyond it writes fail with 'quota'. */
  quotaBytes?: number;
  /** Clock for lastModified (default: Date.now, made strictly increasing). */
  now?: () => number;
  label?: string;
}

/** Called before each step; awaiting it lets a test pause or interleave a save. */
type StepHook = (step: MemoryStep, path: string) => void | Promise<void>;

/** The memory adapter plus test controls. */
export interface MemoryAdapter extends StorageAdapter {
  fail(fault: Fault): void;
  clearFaults(): void;
  revokePermission(): void;
  restorePermission(): void;
  onStep(hook: StepHook | undefined): void;
  setQuota(bytes: number | undefined): void;
  /** Create or replace a file directly, as another program would (creates parent folders). */
  setFile(path: string, content: Uint8Array | string, lastModified?: number): void;
  getFile(path: string): Uint8Array | undefined;
  mkdir(path: string): void;
  /** A plain (non-atomic) writer on an existing or new file, as another tab's createWritable(). */
  openWriter(path: string): TmpWriter;
  /** Every file path, sorted. */
  paths(): string[];
  /** How many operations of each step ran (for assertions on the protocol). */
  counts(): Partial<Record<MemoryStep, number>>;
}

interface MemFile {
  bytes: Uint8Array;
  lastModified: number;
}

/** Create an empty in-memory store (the root folder exists). */
export function createMemoryAdapter(options: MemoryOptions = {}): MemoryAdapter {
  const files = new Map<string, MemFile>();
  const dirs = new Set<string>(['']);
  const faults: Fault[] = [];
  const counts: Partial<Record<MemoryStep, number>> = {};
  let revoked = false;
  let quota = options.quotaBytes;
  let hook: StepHook | undefined;
  let lastTime = 0;
  const openSwaps = new Map<string, Uint8Array[]>(); // swap path → chunks written so far

  const now = (): number => {
    const t = options.now ? options.now() : Math.max(Date.now(), lastTime + 1);
    lastTime = t;
    return t;
  };

  const fault = (code: StoreErrorCode, step: MemoryStep, path: string): StoreError =>
    new StoreError(code, `Injected ${code} failure at '${step}' of '${path}'.`, { path, reason: { code: 'injected', fault: code, step } });

  async function enter(step: MemoryStep, path: string, chunk = 0): Promise<void> {
    counts[step] = (counts[step] ?? 0) + 1;
    if (hook) await hook(step, path);
    const i = faults.findIndex(
      (f) => f.step === step && (f.path === undefined || f.path === path) && (step !== 'write' || (f.chunk ?? 0) === chunk),
    );
    if (i >= 0) {
      const f = faults[i];
      f.times = (f.times ?? 1) - 1;
      if (f.times <= 0) faults.splice(i, 1);
      if (f.revoke) revoked = true;
      else throw fault(f.code ?? 'io', step, path);
    }
    if (revoked) throw new StoreError('permission', `Permission to '${path}' was revoked.`, { path, reason: { code: 'permission-revoked' } });
  }

  const used = (): number => {
    let n = 0;
    for (const f of files.values()) n += f.bytes.length;
    for (const s of openSwaps.values()) for (const c of s) n += c.length;
    return n;
  };

  const requireDir = (dir: string): void => {
    if (!dirs.has(dir)) throw new StoreError('not-found', `Folder '${dir}' was not found.`, { path: dir, reason: { code: 'not-found' } });
  };
  const requireFile = (path: string): MemFile => {
    splitPath(path);
    const f = files.get(path);
    if (!f) {
      const why = dirs.has(path) ? 'is a folder' : 'was not found';
      throw new StoreError(dirs.has(path) ? 'io' : 'not-found', `'${path}' ${why}.`, { path, reason: { code: dirs.has(path) ? 'not-a-file' : 'not-found' } });
    }
    return f;
  };
  const swapPathFor = (path: string): string => {
    let swap = `${path}.crswap`;
    for (let i = 1; openSwaps.has(swap); i++) swap = `${path}.${i}.crswap`;
    return swap;
  };
  const hasOpenWriter = (path: string): boolean => [...openSwaps.keys()].some((s) => s.startsWith(`${path}.`) && /^(\.\d+)?\.crswap$/.test(s.slice(path.length)));

  /** A writer into a swap file that replaces `path` on close (Chromium's createWritable model). */
  function openSwapWriter(path: string, faulty: boolean): TmpWriter {
    const swap = swapPathFor(path);
    const chunks: Uint8Array[] = [];
    openSwaps.set(swap, chunks);
    let n = 0;
    return {
      async write(chunk) {
        if (faulty) await enter('write', path, n++);
        if (quota !== undefined && used() + chunk.length > quota) {
          throw new StoreError('quota', `Quota exceeded while writing '${path}'.`, { path, reason: { code: 'quota-exceeded' } });
        }
        chunks.push(chunk.slice());
      },
      async close() {
        try {
          if (faulty) await enter('close', path);
          if (!files.has(path)) throw new StoreError('not-found', `'${path}' vanished before close.`, { path, reason: { code: 'not-found' } });
          files.set(path, { bytes: concat(chunks), lastModified: now() });
        } finally {
          openSwaps.delete(swap); // like Chromium, a failed close discards the swap file
        }
      },
      async abort() {
        openSwaps.delete(swap);
      },
    };
  }

  const steps: TmpSteps = {
    async createTmp(dir, tmpName) {
      const path = joinPath(dir, tmpName);
      await enter('create-tmp', path);
      requireDir(dir);
      if (dirs.has(path)) throw new StoreError('io', `'${path}' is a folder.`, { path, reason: { code: 'not-a-file' } });
      if (!files.has(path)) files.set(path, { bytes: new Uint8Array(0), lastModified: now() });
      return openSwapWriter(path, true);
    },
    async moveOnto(dir, tmpName, name) {
      const from = joinPath(dir, tmpName);
      const to = joinPath(dir, name);
      await enter('move', to);
      const f = requireFile(from);
      if (dirs.has(to)) throw new StoreError('io', `Cannot replace '${to}': it is a folder.`, { path: to, reason: { code: 'not-a-file' } });
      if (hasOpenWriter(to) || hasOpenWriter(from)) throw new StoreError('busy', `'${to}' is being written by another writer.`, { path: to, reason: { code: 'busy' } });
      files.set(to, { bytes: f.bytes, lastModified: f.lastModified });
      files.delete(from);
    },
    async removeTmp(dir, tmpName) {
      const path = joinPath(dir, tmpName);
      await enter('remove-tmp', path);
      files.delete(path);
    },
  };

  const adapter: MemoryAdapter = {
    label: options.label ?? 'memory',
    async list(dir) {
      await enter('list', dir);
      splitPath(dir);
      requireDir(dir);
      const prefix = dir === '' ? '' : `${dir}/`;
      const out: Entry[] = [];
      const direct = (p: string): string | undefined => {
        if (!p.startsWith(prefix) || p === dir) return undefined;
        const rest = p.slice(prefix.length);
        return rest.includes('/') ? undefined : rest;
      };
      for (const p of [...files.keys(), ...openSwaps.keys()]) {
        const n = direct(p);
        if (n !== undefined) out.push({ name: n, kind: 'file' });
      }
      for (const d of dirs) {
        const n = d === '' ? undefined : direct(d);
        if (n !== undefined) out.push({ name: n, kind: 'directory' });
      }
      return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async stat(path): Promise<FileStat> {
      await enter('stat', path);
      const f = requireFile(path);
      return { size: f.bytes.length, lastModified: f.lastModified };
    },
    async read(path) {
      await enter('read', path);
      const bytes = requireFile(path).bytes;
      let offset = 0;
      return new ReadableStream<Uint8Array>({
        pull(ctrl) {
          if (offset >= bytes.length) return ctrl.close();
          ctrl.enqueue(bytes.slice(offset, offset + 65536));
          offset += 65536;
        },
      });
    },
    async readHead(path, n) {
      await enter('read', path);
      return requireFile(path).bytes.slice(0, Math.max(0, n));
    },
    async file(path) {
      await enter('read', path);
      return new Blob([requireFile(path).bytes as Uint8Array<ArrayBuffer>]);
    },
    async readRange(path, start, end) {
      await enter('read', path);
      return requireFile(path).bytes.slice(Math.max(0, start), Math.max(0, start, end));
    },
    async writeAtomic(path: string, data: WriteData, opts: WriteOptions = {}) {
      assertPortableName(path);
      await writeViaTmp(steps, path, data, opts.fsync ?? false, opts.tmpName);
    },
    async remove(path) {
      await enter('remove', path);
      splitPath(path);
      if (dirs.has(path)) {
        const busy = [...files.keys(), ...dirs].some((p) => p.startsWith(`${path}/`));
        if (busy) throw new StoreError('io', `Folder '${path}' is not empty.`, { path, reason: { code: 'folder-not-empty' } });
        dirs.delete(path);
        return;
      }
      requireFile(path);
      files.delete(path);
    },
    async rename(from, to, opts: RenameOptions = {}) {
      await enter('rename', to);
      assertPortableName(to);
      const f = requireFile(from);
      requireDir(splitParent(to)[0]);
      if (from === to) return;
      if (dirs.has(to)) throw new StoreError('io', `Cannot rename onto '${to}': it is a folder.`, { path: to, reason: { code: 'not-a-file' } });
      if (files.has(to) && !opts.overwrite) throw new StoreError('conflict', `'${to}' already exists.`, { path: to, reason: { code: 'name-exists', from, to } });
      files.set(to, f);
      files.delete(from);
    },
    fail: (f) => void faults.push({ ...f }),
    clearFaults: () => void faults.splice(0),
    revokePermission: () => void (revoked = true),
    restorePermission: () => void (revoked = false),
    onStep: (h) => void (hook = h),
    setQuota: (bytes) => void (quota = bytes),
    setFile(path, content, lastModified) {
      const [dir] = splitParent(path);
      adapter.mkdir(dir);
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content.slice();
      files.set(path, { bytes, lastModified: lastModified ?? now() });
    },
    getFile: (path) => files.get(path)?.bytes.slice(),
    openWriter(path) {
      if (!files.has(path)) adapter.setFile(path, new Uint8Array(0));
      return openSwapWriter(path, false);
    },
    mkdir(path) {
      const parts = splitPath(path);
      for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
    },
    paths: () => [...files.keys()].sort(),
    counts: () => ({ ...counts }),
  };
  return adapter;
}
