/**
 * Worker that indexes a session file from the slices a reading worker sends it (slice-feed.ts):
 * the page never holds the file, and receives only progress and, at the end, the index's typed
 * arrays (transferred, not copied). The next slices are read on the other worker meanwhile.
 */
import { LineIndexer } from '../core/line-index';
import type { IndexReply, IndexRequest } from './large-client';
import { takeSlices } from './slice-feed';

function post(msg: IndexReply, transfer: Transferable[] = []) {
  (self as unknown as Worker).postMessage(msg, transfer);
}

self.onmessage = async (e: MessageEvent<IndexRequest>) => {
  const { id, port, version } = e.data;
  try {
    const ix = new LineIndexer(version);
    let at = 0;
    let posted = 0;
    const spent = { waited: 0, indexed: 0, began: performance.timeOrigin + performance.now(), ended: 0 };
    let t0 = performance.now();
    for await (const bytes of takeSlices(port)) {
      const t1 = performance.now();
      ix.push(bytes);
      at += bytes.length;
      const now = performance.now();
      spent.waited += t1 - t0;
      spent.indexed += now - t1;
      if (now - posted > 100) {
        posted = now;
        post({ id, type: 'progress', bytes: at, lines: ix.count });
      }
      t0 = performance.now();
    }
    const index = ix.finish();
    spent.ended = performance.timeOrigin + performance.now();
    const arrays = [index.start, index.length, index.eol, index.kind, index.role, index.flags, index.messages];
    post({ id, type: 'index', index, spent }, arrays.map((a) => a.buffer as ArrayBuffer));
  } catch (err) {
    post({ id, type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
