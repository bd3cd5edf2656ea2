/**
 * Worker that indexes a session file it reads slice by slice from a disk-backed Blob: the page
 * never holds the file, and receives only progress and, at the end, the index's typed arrays
 * (transferred, not copied). The next slice is read while the current one is indexed.
 */
import { LineIndexer } from '../core/line-index';
import type { IndexReply, IndexRequest } from './large-client';

function post(msg: IndexReply, transfer: Transferable[] = []) {
  (self as unknown as Worker).postMessage(msg, transfer);
}

self.onmessage = async (e: MessageEvent<IndexRequest>) => {
  const { id, file, version, slice } = e.data;
  try {
    const ix = new LineIndexer(version);
    const read = (a: number) => (a < file.size ? file.slice(a, Math.min(file.size, a + slice)).arrayBuffer() : null);
    let at = 0;
    let next = read(0);
    let posted = 0;
    while (next) {
      const buf = await next;
      at += buf.byteLength;
      next = read(at);
      ix.push(new Uint8Array(buf));
      const now = performance.now();
      if (now - posted > 100) {
        posted = now;
        post({ id, type: 'progress', bytes: at, lines: ix.count });
      }
    }
    const index = ix.finish();
    const arrays = [index.start, index.length, index.eol, index.kind, index.role, index.flags, index.messages];
    post({ id, type: 'index', index }, arrays.map((a) => a.buffer as ArrayBuffer));
  } catch (err) {
    post({ id, type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
