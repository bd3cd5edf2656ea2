/**
 * A large file's message records read in slices of whole lines, in order, the next slice read
 * while the caller works on this one: what the find and the export of large-file mode go through.
 */
import { lineEnd, type LineIndex } from '../../../core/index/line-index';

/** The index columns a slice is cut by. */
export type SliceColumns = Pick<LineIndex, 'start' | 'length' | 'eol' | 'messages' | 'messageCount'>;

/** Messages [k, end) and the bytes from the start of message k's line (file offset `at`) to the end of message end − 1's. */
export interface MessageSlice {
  k: number;
  end: number;
  at: number;
  bytes: Uint8Array;
}

/** The message range [k, end) of the slice starting at message k: whole lines, about `slice` bytes (at least one line, however long). */
export function sliceEnd(ix: SliceColumns, k: number, slice: number): number {
  const a = ix.start[ix.messages[k]!]!;
  let end = k + 1;
  while (end < ix.messageCount && lineEnd(ix, ix.messages[end]!) - a <= slice) end++;
  return end;
}

/** The bytes of message `i` within slice `s` (its line's content, no terminator). */
export function messageBytes(ix: SliceColumns, s: MessageSlice, i: number): Uint8Array {
  const from = ix.start[ix.messages[i]!]! - s.at;
  return s.bytes.subarray(from, from + ix.length[ix.messages[i]!]!);
}

/** Every message of `file` in slices of about `slice` bytes, each slice's read started before the one before is handed over. */
export async function* messageSlices(file: Blob, ix: SliceColumns, slice: number): AsyncGenerator<MessageSlice> {
  const read = (k: number) => {
    if (k >= ix.messageCount) return null;
    const end = sliceEnd(ix, k, slice);
    const at = ix.start[ix.messages[k]!]!;
    const bytes = file.slice(at, lineEnd(ix, ix.messages[end - 1]!)).arrayBuffer();
    // A caller that stops early leaves the read ahead unawaited: its failure is not an error then.
    bytes.catch(() => undefined);
    return { k, end, at, bytes };
  };
  let next = read(0);
  while (next) {
    const { k, end, at } = next;
    const bytes = new Uint8Array(await next.bytes);
    next = read(end);
    yield { k, end, at, bytes };
  }
}
