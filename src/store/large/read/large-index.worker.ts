/**
 * Worker that indexes slices of a session file a reading worker sends it (slice-feed.ts): each
 * slice is whole lines, indexed on its own from its file offset, and its part of the index goes
 * to the page (typed arrays transferred, not copied) with the slice's hash, which joins the parts of every indexing
 * worker in order (index-parts.ts). The page never holds the file; the next slices are read on
 * the other worker meanwhile.
 */
import { LineIndexer } from '../../../core/index/line-index';
import type { IndexReply, IndexRequest } from '../large-client';
import { takeSlices } from './slice-feed';
import { poster, toWire } from '../worker-error';
import { kernelBuffer } from '../../../core/bytes/plain-run';
import { sliceHash } from '../../../core/bytes/slice-hash';

const post = poster<IndexReply>();

self.onmessage = async (e: MessageEvent<IndexRequest>) => {
  const { id, port, version } = e.data;
  try {
    const spent = { waited: 0, indexed: 0, began: performance.timeOrigin + performance.now(), ended: 0, kernel: kernelBuffer() !== null };
    let t0 = performance.now();
    for await (const { n, at, bytes } of takeSlices(port)) {
      const t1 = performance.now();
      const ix = new LineIndexer(version, at);
      ix.push(bytes);
      const part = ix.finish();
      // The slice's hash, for the save's guard (read-guard.ts).
      const hash = sliceHash(bytes);
      const now = performance.now();
      spent.waited += t1 - t0;
      spent.indexed += now - t1;
      const arrays = [part.start, part.length, part.eol, part.kind, part.role, part.flags, part.messages];
      post({ id, type: 'part', n, at, bytes: bytes.length, hash, index: part }, arrays.map((a) => a.buffer as ArrayBuffer));
      t0 = performance.now();
    }
    spent.ended = performance.timeOrigin + performance.now();
    post({ id, type: 'done', spent });
  } catch (err) {
    post({ id, type: 'error', error: toWire(err) });
  }
};
