/**
 * Test page: exposes the storage layer on `window.lens` for browser tests and the bench, takes
 * dropped folders (getAsFileSystemHandle() synchronously in the drop handler), and records what
 * the remembered-folder flow gives at load time, when there is no user gesture.
 */

import { guardedSave } from '../../../src/store/save/atomic-save';
import { readAll, sha256Hex } from '../../../src/store/adapter/bytes';
import { createHandleAdapter, staleSafeStream } from '../../../src/store/adapter/handle-adapter';
import { listRememberedFolders, queryAccess, rememberFolder, requestAccessFromClick } from '../../../src/store/listing/handles';
import { detectLayout } from '../../../src/store/listing/layout';
import { classifyEntries } from '../../../src/store/listing/leftovers';
import { nameProblem } from '../../../src/store/adapter/names';
import { readSnapshot } from '../../../src/store/save/snapshot';
import './sessions';

const drops: FileSystemHandle[][] = [];
const waiters: ((h: FileSystemHandle[]) => void)[] = [];

for (const type of ['dragenter', 'dragover'] as const) document.addEventListener(type, (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  e.preventDefault();
  const pending: Promise<FileSystemHandle | null>[] = [];
  for (const item of e.dataTransfer?.items ?? []) {
    // Must be called synchronously inside the handler (Chromium; not yet in TypeScript's DOM types).
    const it = item as DataTransferItem & { getAsFileSystemHandle(): Promise<FileSystemHandle | null> };
    if (item.kind === 'file') pending.push(it.getAsFileSystemHandle());
  }
  void Promise.all(pending).then((hs) => {
    const got = hs.filter((h): h is FileSystemHandle => h !== null);
    drops.push(got);
    waiters.splice(0).forEach((w) => w(got));
  });
});

/** The handles of the next drop (or of the last one, if it already happened and `fresh` is false). */
function nextDrop(fresh = true): Promise<FileSystemHandle[]> {
  if (!fresh && drops.length > 0) return Promise.resolve(drops[drops.length - 1]);
  return new Promise((resolve) => waiters.push(resolve));
}

/** What the remembered folders look like at page load (no user gesture yet); sets the title when done. */
const activeAtLoad = navigator.userActivation?.isActive ?? null;
const atLoad = (async () => {
  const folders = await listRememberedFolders();
  const first = folders[0];
  return {
    folders: folders.map((f) => ({ id: f.id, name: f.name, access: f.access })),
    request: first ? await requestAccessFromClick(first.handle) : null,
    activeAtLoad,
  };
})().finally(() => console.log('lens:ready'));

type Kind = 'opfs' | 'folder';

/** A fresh test folder `sub` inside OPFS or inside the dropped (or remembered) real folder. */
async function root(kind: Kind, sub: string): Promise<FileSystemDirectoryHandle> {
  let d = kind === 'opfs' ? await navigator.storage.getDirectory() : (lens.vars.folder as FileSystemDirectoryHandle);
  if (!d) throw new Error('no folder was dropped');
  for (const part of sub.split('/').filter(Boolean)) d = await d.getDirectoryHandle(part, { create: true });
  return d;
}

/** A plain, non-atomic createWritable() save — what another tab or program would do. */
async function plainWrite(kind: Kind, sub: string, path: string, text: string): Promise<void> {
  const parts = path.split('/');
  const name = parts.pop()!;
  const d = await root(kind, [sub, ...parts].join('/'));
  const w = await (await d.getFileHandle(name, { create: true })).createWritable();
  await w.write(text);
  await w.close();
}

/** Median of some numbers. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Time saving `size` bytes `runs` times in `kind`: the atomic tmp+move save, a plain
 * createWritable() of the same bytes, and the guarded save (re-read + SHA-256 + atomic save).
 * Runs are interleaved so drift hits all three alike; returns milliseconds per run.
 */
async function benchSave(kind: Kind, sub: string, size: number, runs: number) {
  const d = await root(kind, sub);
  const a = createHandleAdapter(d);
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i % 97) + 32);
  const plain = async () => {
    const w = await (await d.getFileHandle('plain.jsonl', { create: true })).createWritable();
    await w.write(bytes);
    await w.close();
  };
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  await a.writeAtomic('atomic.jsonl', bytes); // warm-up, and the file the guarded save replaces
  await plain();
  const out = { atomic: [] as number[], plain: [] as number[], guarded: [] as number[] };
  let snap = (await readSnapshot(a, 'atomic.jsonl')).snapshot;
  for (let i = 0; i < runs; i++) {
    out.atomic.push(await time(() => a.writeAtomic('atomic.jsonl', bytes)));
    out.plain.push(await time(plain));
    snap = (await readSnapshot(a, 'atomic.jsonl')).snapshot;
    out.guarded.push(await time(async () => (snap = (await guardedSave(a, 'atomic.jsonl', snap, bytes)).snapshot)));
  }
  return { ...out, median: { atomic: median(out.atomic), plain: median(out.plain), guarded: median(out.guarded) } };
}

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

export const lens = {
  createHandleAdapter,
  staleSafeStream,
  guardedSave,
  readSnapshot,
  readAll,
  sha256Hex,
  classifyEntries,
  detectLayout,
  nameProblem,
  rememberFolder,
  listRememberedFolders,
  queryAccess,
  requestAccessFromClick,
  nextDrop,
  drops,
  root,
  plainWrite,
  benchSave,
  adapter: async (kind: Kind, sub: string) => createHandleAdapter(await root(kind, sub)),
  atLoad,
  enc,
  dec,
  /** Scratch space for tests: handles and writables kept between evaluate calls. */
  vars: {} as Record<string, unknown>,
};

export type Lens = typeof lens;
(window as unknown as { lens: Lens }).lens = lens;
