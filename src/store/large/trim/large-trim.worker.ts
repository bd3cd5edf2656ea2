/**
 * Worker that plans a large file's trim (large-trim-client.ts asks): walking stand-ins for every
 * message and reading the reachable tail would hold the page's thread for a second at 1 GiB. It
 * keeps the index last sent (its columns arrive one message each) for the plans asked of it.
 */
import type { EditIndex } from '../../../core/edit/large-edit';
import { answerTrim, TRIM_COLUMNS, transferables, type TrimMessage, type TrimReply } from './large-trim';
import { indexNotSent } from '../worker-error';

let held: { key: number; file: Blob; ix: Record<string, unknown> } | null = null;

self.onmessage = async (e: MessageEvent<TrimMessage>) => {
  const m = e.data;
  if (m.type === 'index') return void (held = { key: m.key, file: m.file, ix: { count: m.count, size: m.size, messageCount: m.messageCount } });
  if (m.type === 'column') {
    if (held?.key === m.key) held.ix[m.name] = m.array;
    return;
  }
  const { type: _t, ix, ...ask } = m;
  const h = held;
  const reply: TrimReply =
    h && h.key === ix && TRIM_COLUMNS.every((c) => h.ix[c])
      ? await answerTrim({ ...ask, file: h.file, index: h.ix as unknown as EditIndex })
      : { id: m.id, type: 'error', error: indexNotSent() };
  (self as unknown as Worker).postMessage(reply, transferables(reply));
};
