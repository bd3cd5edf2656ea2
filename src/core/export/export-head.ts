/**
 * The title and key an export states, found from a large file's index as the full view finds them
 * from the whole file: the title from nanobot's session when it loads one (else the recovered
 * lens's), the key from the last metadata record (else the file name's). Only those records are decoded.
 */
import type { LineIndex } from '../index/line-index';
import { FLAG, KIND } from '../index/fact-codes';
import { dictGet, type PyDict } from '../python/pyvalue';
import { sessionTitle } from '../listing/title';

/**
 * The metadata line whose `metadata` names the session: when nanobot loads the file, the last one
 * its `json.loads` reads (a line with a byte-order mark fails it); else the recovered lens's last. -1: none.
 */
export function titleLine(ix: Pick<LineIndex, 'count' | 'kind' | 'flags'>, load: { loaded: boolean }): number {
  for (let i = ix.count - 1; i >= 0; i--) {
    if (ix.kind[i] !== KIND.metadata) continue;
    if (load.loaded && ix.flags[i]! & FLAG.nanobotBad) continue;
    return i;
  }
  return -1;
}

/** The session's title from the record on `titleLine` (null: there is none). */
export function exportTitle(record: PyDict | null): string {
  return record ? sessionTitle(dictGet(record, 'metadata') ?? {}) : '';
}

/** The key from the last metadata record (null: none): its `key` when non-empty text, else the file name's. */
export function exportKey(record: PyDict | null, fallback: string): string {
  const key = record ? dictGet(record, 'key') : undefined;
  return typeof key === 'string' && key ? key : fallback;
}
