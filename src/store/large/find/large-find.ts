/**
 * The find of large-file mode, over the file on disk: the message records are read in slices of
 * whole lines, a byte filter (core/find-filter.ts) passes only the lines that may hold the query,
 * and only those are decoded and searched as the full view searches a message. Matches come out
 * slice by slice, in message order, so a caller can show the first ones while the rest is read.
 */
import { findPlan, sliceFilter } from '../../../core/find/find-filter';
import { messageFindText } from '../../../core/find/find-text';
import { FLAG, ROLE } from '../../../core/index/fact-codes';
import type { LineIndex } from '../../../core/index/line-index';
import { decodeRecord } from '../read/large-records';
import { messageSlices } from '../read/message-slices';

/** The index columns the search reads. */
export type FindColumns = Pick<LineIndex, 'start' | 'length' | 'eol' | 'role' | 'flags' | 'messages' | 'messageCount'>;

export interface FindRun {
  query: string;
  /** Bytes read per slice (a slice holds whole lines: at least one, however long). */
  slice: number;
  /** Matches counted at most. */
  limit: number;
  /** Each slice's matches as flat pairs [message, nth, …], the count so far and the bytes searched. */
  onSlice: (flat: Uint32Array, total: number, bytes: number) => void;
  /** False once the search is no longer wanted: it stops before the next slice. */
  live: () => boolean;
}

export interface FindEnd {
  total: number;
  /** The limit was reached: there are more matches than counted. */
  limited: boolean;
  /** Stopped because it was no longer wanted. */
  cancelled: boolean;
}

/**
 * Every occurrence of `run.query` in `file`'s messages (case-insensitive, literal), in message order,
 * reported slice by slice: the same matches as the full view's find over the same file.
 */
export async function searchFile(file: Blob, ix: FindColumns, run: FindRun): Promise<FindEnd> {
  const plan = findPlan(run.query);
  const q = plan.query;
  let total = 0;
  if (!q || ix.messageCount === 0) return { total, limited: false, cancelled: false };
  for await (const { k, end, at: a, bytes } of messageSlices(file, ix, run.slice)) {
    if (!run.live()) return { total, limited: false, cancelled: true };
    const found: number[] = [];
    const mayHold = sliceFilter(bytes, plan);
    for (let i = k; i < end && total < run.limit; i++) {
      const line = ix.messages[i]!;
      const from = ix.start[line]! - a;
      const to = from + ix.length[line]!;
      const calls = ix.role[line] === ROLE.assistant && (ix.flags[line]! & FLAG.toolCalls) !== 0;
      if (!mayHold(from, to, calls)) continue;
      const value = decodeRecord(bytes.subarray(from, to));
      if (!value) continue;
      const t = messageFindText(value).toLowerCase();
      let nth = 0;
      for (let at = t.indexOf(q); at >= 0 && total < run.limit; at = t.indexOf(q, at + q.length)) {
        found.push(i, nth++);
        total++;
      }
    }
    run.onSlice(Uint32Array.from(found), total, a + bytes.length);
    if (total >= run.limit) return { total, limited: true, cancelled: false };
  }
  return { total, limited: false, cancelled: false };
}
