/**
 * The one error wire of every worker protocol (large files, the analysis): an error crosses a
 * `postMessage` as codes and values, never as an English sentence. A StoreError keeps its code,
 * reason, path and leftover; any other error becomes a StoreError of code 'io' whose reason is
 * 'native' (the step that failed, the error's name and its own text as values), as a storage
 * backend maps a native failure (`fromDomError`). The page rebuilds a StoreError and each language words it.
 * And the one way the page asks a worker and waits for its answer (`askWorker`), and makes it (`workerOnDemand`).
 */
import { fromDomError, isStoreError, StoreError, type StoreAction, type StoreErrorCode, type StoreReason } from '../adapter/errors';

/** A worker's `postMessage` to the page, typed to its protocol's replies. */
export const poster = <T>() => (msg: T, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(msg, transfer);

/** An error as plain data, what every worker reply of `type: 'error'` carries. */
export interface WireError {
  code: StoreErrorCode;
  reason: StoreReason;
  path?: string;
  leftover?: string;
  /** The English fallback for logs (StoreError.message); no interface shows it. */
  log: string;
}

/** A worker's error reply: one shape for every protocol (`id` where the protocol numbers its requests). */
export type ErrorReply = { type: 'error'; error: WireError };

/** Why a request stopped, as plain data (`action`: the step it was at, for an error that is not a StoreError). */
export function toWire(e: unknown, action: StoreAction = 'reading', path?: string): WireError {
  // A native failure (a DOMException of a Blob read, a TypeError) is mapped as every backend maps one.
  const s = isStoreError(e) ? e : fromDomError(e, path ?? '', action);
  return { code: s.code, reason: s.reason, log: s.message, ...(s.path !== undefined && s.path !== '' ? { path: s.path } : {}), ...(s.leftover !== undefined ? { leftover: s.leftover } : {}) };
}

/** The StoreError a wire error stands for, to throw on the page's side (`path`: the file's, where the worker did not know it). */
export function fromWire(w: WireError, path?: string): StoreError {
  const at = w.path ?? path;
  const err = new StoreError(w.code, w.log, { reason: w.reason, ...(at !== undefined ? { path: at } : {}) });
  if (w.leftover !== undefined) err.leftover = w.leftover;
  return err;
}

/** The name a Blob's errors are told under (a File's name; a bare Blob has none). */
export function blobPath(file: Blob): string | undefined {
  return typeof File !== 'undefined' && file instanceof File ? file.name : undefined;
}

/** Whatever was thrown, as the StoreError the page words (a StoreError as it is). */
export function asStoreError(e: unknown, action: StoreAction = 'reading', path?: string): StoreError {
  return isStoreError(e) ? e : fromWire(toWire(e, action, path));
}

/** The error a worker reports when a request names an index it was not sent (a protocol fault: a value, not a sentence). */
export function indexNotSent(): WireError {
  return toWire({ name: 'IndexNotSent', message: '' }, 'reading');
}

/** Posts `req` to `w` and answers the worker's reply that carries the same `id` (replies to other requests pass by). */
export function askWorker<R extends { id: number }>(w: Worker, req: { id: number }): Promise<R> {
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent<R>) => {
      if (e.data.id !== req.id) return;
      w.removeEventListener('message', onMessage);
      resolve(e.data);
    };
    w.addEventListener('message', onMessage);
    w.postMessage(req);
  });
}

/** The worker `start` makes, made on first use and kept; null where there are no workers (Node, tests). */
export function workerOnDemand(start: () => Worker): () => Worker | null {
  let worker: Worker | null = null;
  return () => (typeof Worker === 'undefined' ? null : (worker ??= start()));
}
