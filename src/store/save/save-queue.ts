/** One save at a time per file: concurrent saves of one path run in call order, never interleaved. */

import type { StorageAdapter } from '../adapter/adapter';

const queues = new WeakMap<StorageAdapter, Map<string, Promise<unknown>>>();

/** Run `task` after every earlier task queued for the same adapter and path has settled. */
export function serialize<T>(adapter: StorageAdapter, path: string, task: () => Promise<T>): Promise<T> {
  let perPath = queues.get(adapter);
  if (!perPath) queues.set(adapter, (perPath = new Map()));
  const map = perPath;
  const prev = map.get(path) ?? Promise.resolve();
  const run = prev.then(task, task);
  const tail = run.catch(() => undefined);
  map.set(path, tail);
  void tail.then(() => {
    if (map.get(path) === tail) map.delete(path);
  });
  return run;
}

/** True while a save of `path` is queued or running (lets the UI show "saving…"). */
export function isBusy(adapter: StorageAdapter, path: string): boolean {
  return queues.get(adapter)?.has(path) ?? false;
}
