/**
 * The recovered lens's session: what Session Lens shows when nanobot itself loads nothing, built
 * from every valid record of the document. Kept apart from the edits so opening a file does not
 * pull in the trimming and replay code.
 */
import { metadataIndex, messageRecords, type SessionDocument } from './document';
import { isoRoundTrip } from '../python/isotime';
import { clampLastConsolidated, type NanobotSession } from './load';
import { dictGet, isDict, truthy, type PyDict } from '../python/pyvalue';

/**
 * The session the recovered lens shows: every valid message, the last metadata record, sane times.
 * `recs` (the message records' indices) can come precomputed, from work already done in slices.
 */
export function recoveredSession(doc: SessionDocument, fallbackKey: string, now: string, recs = messageRecords(doc)): NanobotSession & { messageRecords: number[] } {
  const mi = metadataIndex(doc);
  const meta = mi >= 0 ? doc.records[mi]!.value! : null;
  return { ...recoveredHead(meta, fallbackKey, now, recs.length), messages: recs.map((i) => doc.records[i]!.value!), messageLines: recs, messageRecords: recs };
}

/** The recovered session's key, times, `last_consolidated` and metadata, from its last metadata record (a streamed `load` has no document). */
export function recoveredHead(meta: PyDict | null, fallbackKey: string, now: string, messageCount: number): Omit<NanobotSession, 'messages' | 'messageLines'> {
  const time = (f: string) => {
    const v = meta ? dictGet(meta, f) : undefined;
    const r = truthy(v) ? isoRoundTrip(v) : null;
    return r && r.ok ? r.iso : now;
  };
  const key = meta ? dictGet(meta, 'key') : undefined;
  const m = meta ? dictGet(meta, 'metadata') : undefined;
  return {
    key: typeof key === 'string' && key ? key : fallbackKey,
    createdAt: time('created_at'),
    updatedAt: time('updated_at'),
    lastConsolidated: clampLastConsolidated(meta ? dictGet(meta, 'last_consolidated') : 0, messageCount),
    metadata: isDict(m) ? m : {},
  };
}

