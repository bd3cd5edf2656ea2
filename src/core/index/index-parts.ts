/**
 * A line index built in parts, so that two threads can index one file: the file is cut only just
 * after a line's terminator (`wholeLinesEnd`), each part is indexed on its own from its file offset
 * (`LineIndexer` with `at`), and the parts are joined in order (`joinIndexes`). A cut just after a
 * `\n`, or just after a `\r` whose next byte is known not to be `\n`, ends a line in every reading
 * of the file, so the joined index is the one a single pass gives.
 */
import type { LineIndex } from './line-index';

const LF = 10;
const CR = 13;

/**
 * Where the last whole line of `bytes` ends (more bytes of the file follow them): just after its
 * last `\n`, else just after its last `\r` that is not its final byte; 0 when no line ends in it.
 */
export function wholeLinesEnd(bytes: Uint8Array): number {
  const lf = bytes.lastIndexOf(LF);
  if (lf !== -1) return lf + 1;
  // No `\n` at all: a `\r` followed by a byte is a whole line's end (that byte is not `\n`).
  const cr = bytes.subarray(0, bytes.length - 1).lastIndexOf(CR);
  return cr + 1;
}

/** The index of the whole file from the indexes of its consecutive parts (`size`: the file's size, for none). */
export function joinIndexes(parts: readonly LineIndex[], size: number): LineIndex {
  let count = 0;
  let messageCount = 0;
  for (const p of parts) {
    count += p.count;
    messageCount += p.messageCount;
  }
  const ix: LineIndex = {
    count,
    size: parts.length ? parts[parts.length - 1]!.size : size,
    start: new Float64Array(count),
    length: new Uint32Array(count),
    eol: new Uint8Array(count),
    kind: new Uint8Array(count),
    role: new Uint8Array(count),
    flags: new Uint16Array(count),
    messages: new Uint32Array(messageCount),
    messageCount,
  };
  let line = 0;
  let msg = 0;
  for (const p of parts) {
    ix.start.set(p.start.subarray(0, p.count), line);
    ix.length.set(p.length.subarray(0, p.count), line);
    ix.eol.set(p.eol.subarray(0, p.count), line);
    ix.kind.set(p.kind.subarray(0, p.count), line);
    ix.role.set(p.role.subarray(0, p.count), line);
    ix.flags.set(p.flags.subarray(0, p.count), line);
    // A part numbers its messages' lines from its own first line.
    for (let m = 0; m < p.messageCount; m++) ix.messages[msg++] = p.messages[m]! + line;
    line += p.count;
  }
  return ix;
}
