/**
 * Worker that runs the large-file find (large-find-client.ts asks): it keeps the index of the file
 * last sent (its columns arrive one message each), reads the file's slices itself and posts the matches slice by slice, a few times a
 * second at most when a slice finds nothing. A new query or a cancel stops the running search.
 */
import { searchFile, type FindColumns } from './large-find';
import { FIND_COLUMNS, type FindReply, type FindRequest } from './large-find-wire';
import { blobPath, indexNotSent, poster, toWire } from '../worker-error';

/** Progress without new matches is posted at most this often. */
const QUIET_MS = 100;

let held: { key: number; file: Blob; cols: Partial<FindColumns> & { messageCount: number } } | null = null;
let current = 0;

const post = poster<FindReply>();

self.onmessage = async (e: MessageEvent<FindRequest>) => {
  const m = e.data;
  if (m.type === 'index') return void (held = { key: m.key, file: m.file, cols: { messageCount: m.messageCount } });
  if (m.type === 'column') {
    if (held?.key === m.key) (held.cols as Record<string, unknown>)[m.name] = m.array;
    return;
  }
  if (m.type === 'cancel') return void (current = 0);
  const { id } = m;
  current = id;
  const h = held;
  if (!h || h.key !== m.key || FIND_COLUMNS.some((c) => !h.cols[c])) return post({ id, type: 'error', error: indexNotSent() });
  let posted = 0;
  try {
    const end = await searchFile(h.file, h.cols as FindColumns, {
      query: m.query,
      slice: m.slice,
      limit: m.limit,
      live: () => current === id,
      onSlice: (flat, total, bytes) => {
        const now = performance.now();
        if (flat.length === 0 && now - posted < QUIET_MS) return;
        posted = now;
        post({ id, type: 'slice', flat, total, bytes }, [flat.buffer]);
      },
    });
    if (!end.cancelled) post({ id, type: 'end', total: end.total, bytes: h.file.size, limited: end.limited });
  } catch (err) {
    post({ id, type: 'error', error: toWire(err, 'reading', blobPath(h.file)) });
  }
};
