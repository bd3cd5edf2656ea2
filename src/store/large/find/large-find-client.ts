/**
 * The page's side of the large-file find: the search (large-find.ts) runs in a worker that reads the
 * file itself; the page sends the index once per file, then only queries, and receives the matches
 * as they are found. A new query or a cancel stops the one before at its next slice. In place where
 * there are no workers (Node, tests), through the same search.
 */
import type { LineIndex } from '../../../core/index/line-index';
import { searchFile, type FindColumns } from './large-find';
import { FIND_COLUMNS, type FindColumn, type FindReply, type FindRequest } from './large-find-wire';
import { sendColumnsOnce, type ColumnChannel } from '../worker-columns';
import { asStoreError, blobPath, fromWire, workerOnDemand } from '../worker-error';
import type { StoreError } from '../../adapter/errors';

/** One match: the message (0-based, in file order) and which occurrence in its text (0-based). */
interface LargeMatch {
  message: number;
  nth: number;
}

/** What the page hears while a search runs: the new matches since the last update, and where it stands. */
export interface FindUpdate {
  found: LargeMatch[];
  total: number;
  /** Bytes of the file searched so far. */
  bytes: number;
  done: boolean;
  /** The limit was reached (there are more). */
  limited: boolean;
  /** Why the search stopped: a StoreError (its code and reason cross from the worker; the page words it). */
  error?: StoreError;
}

/** Slices of 4 MiB: reading the next while this one is filtered keeps the worker busy, and a cancel waits at most one. */
export const FIND_SLICE = 4 * 1024 * 1024;

let nextId = 1;
const channel: ColumnChannel = { sent: null };

const getWorker = workerOnDemand(() => new Worker(new URL('./large-find.worker.ts', import.meta.url), { type: 'module' }));

function pairs(flat: Uint32Array): LargeMatch[] {
  const out: LargeMatch[] = new Array(flat.length >> 1);
  for (let k = 0; k < flat.length; k += 2) out[k >> 1] = { message: flat[k]!, nth: flat[k + 1]! };
  return out;
}

/**
 * Starts the worker and hands it `file` and a copy of the index's columns, one column per task
 * (worker-columns.ts): making and posting them in one go would hold the page as the first search
 * starts. Done once per index; the find bar calls it as it opens, before anything is typed.
 */
function prepareFind(file: Blob, index: LineIndex): Promise<void> {
  const w = getWorker();
  if (!w) return Promise.resolve();
  return sendColumnsOnce(channel, w, index, FIND_COLUMNS,
    (key) => ({ type: 'index', key, file, messageCount: index.messageCount }) satisfies FindRequest,
    (key, name, array) => ({ type: 'column', key, name, array: array as FindColumns[FindColumn] }) satisfies FindRequest,
  ).ready;
}

/** The columns the search reads (in place: the page's own). */
function columns(ix: LineIndex): FindColumns {
  const { start, length, eol, role, flags, messages, messageCount } = ix;
  return { start, length, eol, role, flags, messages, messageCount };
}

/**
 * Searches `file` (indexed as `index`) for `query` off the page's thread, calling `onUpdate` as
 * matches come; returns a function that stops the search.
 */
export function findInFile(file: Blob, index: LineIndex, query: string, limit: number, onUpdate: (u: FindUpdate) => void): () => void {
  const w = getWorker();
  let live = true;
  if (!w) {
    void searchFile(file, columns(index), { query, slice: FIND_SLICE, limit, live: () => live, onSlice: (flat, total, bytes) => live && onUpdate({ found: pairs(flat), total, bytes, done: false, limited: false }) }).then(
      (end) => live && onUpdate({ found: [], total: end.total, bytes: file.size, done: true, limited: end.limited }),
      (e) => live && onUpdate({ found: [], total: 0, bytes: 0, done: true, limited: false, error: asStoreError(e, 'reading', blobPath(file)) }),
    );
    return () => void (live = false);
  }
  const ready = prepareFind(file, index);
  const id = nextId++;
  const onMessage = (e: MessageEvent<FindReply>) => {
    const m = e.data;
    if (m.id !== id || !live) return;
    if (m.type === 'slice') return onUpdate({ found: pairs(m.flat), total: m.total, bytes: m.bytes, done: false, limited: false });
    w.removeEventListener('message', onMessage);
    if (m.type === 'end') onUpdate({ found: [], total: m.total, bytes: m.bytes, done: true, limited: m.limited });
    else onUpdate({ found: [], total: 0, bytes: 0, done: true, limited: false, error: fromWire(m.error, blobPath(file)) });
  };
  w.addEventListener('message', onMessage);
  void ready.then(() => live && w.postMessage({ type: 'find', id, key: channel.sent!.key, query, slice: FIND_SLICE, limit } satisfies FindRequest));
  return () => {
    if (!live) return;
    live = false;
    w.removeEventListener('message', onMessage);
    w.postMessage({ type: 'cancel' } satisfies FindRequest);
  };
}
