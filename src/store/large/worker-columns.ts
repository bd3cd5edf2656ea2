/**
 * A large file's index handed to a worker: copies of its columns, one column per task, each moved
 * (not cloned) into its message. At 1 GiB the columns are 10–20 MB; copying and posting them in one
 * go would be one long task on the page. Each worker channel remembers the index it was last sent, so an
 * index crosses once however often it is used.
 */
import { yieldToEventLoop } from '../analyze/event-loop';

type Column = Float64Array | Uint32Array | Uint16Array | Uint8Array;

/** What one worker was last sent: the index's key, and when all its columns are posted. */
export interface ColumnChannel {
  sent: { key: number; ready: Promise<void> } | null;
}

const keys = new WeakMap<object, number>();
let nextKey = 1;

/**
 * Sends `index` to `w` once per channel: `head(key)` first (the file and the scalars), then each of
 * `names` as `column(key, name, copy)` in a task of its own. Returns the key the worker knows the
 * index by and a promise of all columns posted; a second call for the same index returns the same.
 */
export function sendColumnsOnce<I extends object, N extends keyof I & string>(
  ch: ColumnChannel,
  w: Worker,
  index: I,
  names: readonly N[],
  head: (key: number) => unknown,
  column: (key: number, name: N, array: Column) => unknown,
): { key: number; ready: Promise<void> } {
  let key = keys.get(index);
  if (key === undefined) keys.set(index, (key = nextKey++));
  if (ch.sent?.key === key) return ch.sent;
  const k = key;
  w.postMessage(head(k));
  const ready = (async () => {
    for (const name of names) {
      await yieldToEventLoop();
      const array = (index[name] as Column).slice();
      w.postMessage(column(k, name, array), [array.buffer as ArrayBuffer]);
    }
  })();
  ch.sent = { key: k, ready };
  return ch.sent;
}
