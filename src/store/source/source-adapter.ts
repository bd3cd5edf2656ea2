/**
 * A storage adapter normalised once, where a source is opened (`normalised`): the optional reads
 * every backend may or may not have (`readChunks`, `readWhole`, `statHead`, `file`) are always there,
 * filled from the required ones where the backend lacks them, so no reader of a source checks again.
 */
import { sameStat, type FileStat, type StorageAdapter } from '../adapter/adapter';
import { StoreError } from '../adapter/errors';
import { chunksOf } from '../adapter/streamed-read';
import { readAll } from '../adapter/bytes';
import { sessionTitle } from '../../core/listing/title';
import { dictGet, type PyDict } from '../../core/python/pyvalue';
import type { SourceMeta } from './session-source';

/** An adapter with every optional read filled in; `fileOrNull`: the disk-backed Blob where the backend has one. */
export interface SourceAdapter extends StorageAdapter {
  readChunks(path: string): AsyncIterable<Uint8Array>;
  readWhole(path: string): Promise<Uint8Array>;
  statHead(path: string, n: number, into?: Uint8Array): Promise<{ stat: FileStat; head: Uint8Array }>;
  fileOrNull(path: string): Promise<Blob | null>;
  readonly normalised: true;
}

/** The adapter with its optional reads filled in (the same object when it already is). */
export function normalised(a: StorageAdapter): SourceAdapter {
  if ((a as Partial<SourceAdapter>).normalised) return a as SourceAdapter;
  const file = a.file?.bind(a);
  return {
    ...a,
    list: a.list.bind(a),
    stat: a.stat.bind(a),
    read: a.read.bind(a),
    readHead: a.readHead.bind(a),
    readRange: a.readRange.bind(a),
    writeAtomic: a.writeAtomic.bind(a),
    remove: a.remove.bind(a),
    rename: a.rename.bind(a),
    readChunks: a.readChunks?.bind(a) ?? (async function* (path: string) {
      yield* chunksOf(await a.read(path));
    }),
    readWhole: a.readWhole?.bind(a) ?? (async (path: string) => readAll(await a.read(path), (await a.stat(path)).size)),
    statHead: a.statHead?.bind(a) ?? (async (path: string, n: number) => {
      const stat = await a.stat(path);
      return { stat, head: await a.readHead(path, n) };
    }),
    fileOrNull: async (path: string) => (file ? file(path) : null),
    ...(file ? { file } : {}),
    normalised: true,
  };
}

/** A metadata record's answers as a source gives them (`SourceMeta`): its stored key and nanobot's title of it. */
export function metaOf(line: number, value: PyDict): SourceMeta {
  const key = dictGet(value, 'key');
  const metadata = dictGet(value, 'metadata');
  return { line, value, key: typeof key === 'string' && key ? key : null, title: metadata === undefined ? '' : sessionTitle(metadata) };
}

/** The store's 'conflict' for a file that moved while it was read. */
export const changedWhileRead = (path: string) => new StoreError('conflict', `'${path}' changed while it was read; is another program writing it?`, { path, reason: { code: 'changed-while-read' } });

/** Throws the 'conflict' error when the file is no longer as it was first read (`stat`). */
export async function unchangedSince(adapter: StorageAdapter, path: string, stat: FileStat): Promise<void> {
  const after = await adapter.stat(path);
  if (!sameStat(after, stat)) throw changedWhileRead(path);
}
