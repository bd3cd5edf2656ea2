/**
 * A session's find at every size, as a source answers it: every occurrence of a query (literal, any
 * case: `findPlan`) in the recovered lens's messages' text and tool calls (`messageFindText`), in
 * order, at most a limit, told as it is found. The whole document's texts are lower-cased once and
 * searched at once; the line index's file is read by slices, in the find worker where the browser
 * injects one (`FindWorkers`), in place otherwise.
 */
import { findPlan } from '../../core/find/find-filter';
import { messageFindText } from '../../core/find/find-text';
import type { LineIndex } from '../../core/index/line-index';
import type { PyDict } from '../../core/python/pyvalue';
import type { FindUpdate } from '../large/find/large-find-client';
import { searchFile } from '../large/find/large-find';
import { asStoreError, blobPath } from '../large/worker-error';

export type { FindUpdate } from '../large/find/large-find-client';

/** Bytes the in-place search reads per slice. */
const SLICE = 4 * 1024 * 1024;

/** Starts a find; the function it returns stops it (no update comes after). */
export type Find = (query: string, limit: number, onUpdate: (u: FindUpdate) => void) => () => void;

/** The find worker's client, as the browser injects it into an index source. */
export interface FindWorkers {
  find(file: Blob, index: LineIndex, query: string, limit: number, onUpdate: (u: FindUpdate) => void): () => void;
}

/** The find over messages in hand: their texts lower-cased once, every match told in one update. */
export function heldFind(values: () => Promise<readonly PyDict[]>): Find {
  let texts: Promise<string[]> | null = null;
  return (query, limit, onUpdate) => {
    let live = true;
    texts ??= values().then((vs) => vs.map((m) => messageFindText(m).toLowerCase()));
    const q = findPlan(query).query;
    void texts.then((all) => {
      if (!live) return;
      const found: FindUpdate['found'] = [];
      for (let i = 0; q && i < all.length && found.length < limit; i++) {
        const t = all[i]!;
        let nth = 0;
        for (let at = t.indexOf(q); at >= 0 && found.length < limit; at = t.indexOf(q, at + q.length)) found.push({ message: i, nth: nth++ });
      }
      onUpdate({ found, total: found.length, bytes: 0, done: true, limited: found.length >= limit });
    });
    return () => void (live = false);
  };
}

/** The find over a file by its index: in the worker where one is injected, else read in place slice by slice. */
export function indexedFind(file: () => Promise<{ file: Blob; index: LineIndex }>, workers?: FindWorkers): Find {
  return (query, limit, onUpdate) => {
    let live = true;
    let stop: (() => void) | null = null;
    void file().then(
      ({ file: f, index }) => {
        if (!live) return;
        if (workers) return void (stop = workers.find(f, index, query, limit, onUpdate));
        void searchFile(f, index, { query, slice: SLICE, limit, live: () => live, onSlice: (flat, total, bytes) => live && onUpdate({ found: pairs(flat), total, bytes, done: false, limited: false }) }).then(
          (end) => live && onUpdate({ found: [], total: end.total, bytes: f.size, done: true, limited: end.limited }),
          (e) => live && onUpdate({ found: [], total: 0, bytes: 0, done: true, limited: false, error: asStoreError(e, 'reading', blobPath(f)) }),
        );
      },
      (e) => live && onUpdate({ found: [], total: 0, bytes: 0, done: true, limited: false, error: asStoreError(e, 'reading') }),
    );
    return () => {
      live = false;
      stop?.();
    };
  };
}

/** Flat [message, nth, …] pairs as matches. */
function pairs(flat: Uint32Array): FindUpdate['found'] {
  const out: FindUpdate['found'] = [];
  for (let k = 0; k < flat.length; k += 2) out.push({ message: flat[k]!, nth: flat[k + 1]! });
  return out;
}
