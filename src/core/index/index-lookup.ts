/** Finding a message in a large file's index by its file line, for jumps and links that name a line. */
import type { LineIndex } from './line-index';

/** The 0-based message whose record is on 0-based file line `line`, or -1 when that line holds no message. */
export function messageAtLine(ix: Pick<LineIndex, 'messages' | 'messageCount'>, line: number): number {
  let lo = 0;
  let hi = ix.messageCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ix.messages[mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  return lo < ix.messageCount && ix.messages[lo] === line ? lo : -1;
}
