/**
 * The second pass of a streamed command that prints messages: the file streams past again and each
 * noted message line comes out as its `json.dumps` text, copied from the file's bytes where the
 * first pass found that text to be the line itself, else parsed and dumped again.
 */
import { LineSplitter } from './line-stream';
import { decodeStrict } from '../python/lines';
import type { MessageLines } from './message-lines';
import { pyDumps, pyLoads } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import type { PyValue } from '../python/pyvalue';

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }

/** The value nanobot parses from a line's text (the message was valid on the first pass). */
export function nanobotValue(text: string): PyValue {
  const r = pyLoads(pyStrip(text));
  if (!r.ok) throw new Error('a message line no longer parses');
  return r.value;
}

/** The value the recovered lens reads from a line's text: a byte-order mark set aside first. */
export function recoveredValue(text: string): PyValue {
  return nanobotValue(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * Streams `chunks` (the file again) and calls `emit` with message k's dumps text, k = 0, 1, … in
 * order: the line's own bytes (valid only during the call) or a string. `valueOf` re-reads a line
 * that must be dumped again.
 */
export async function emitDumpedLines(chunks: AsyncIterable<Uint8Array>, ml: MessageLines, valueOf: (text: string) => PyValue, emit: (piece: Uint8Array | string, k: number) => void): Promise<void> {
  let k = 0;
  const splitter = new LineSplitter((l) => {
    if (k >= ml.count || l.index !== ml.lines[k]) return;
    const raw = l.bytes.subarray(0, l.contentLength);
    // Unpadded and canonical: the bytes are the dumps text (a dict's text starts and ends with braces).
    if (ml.canonical[k] && raw[0] === OPEN && raw[raw.length - 1] === CLOSE) emit(raw, k);
    else emit(pyDumps(valueOf(decodeStrict(raw))), k);
    k++;
  });
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  if (k !== ml.count) throw new Error(`the file changed between two reads: ${k} of ${ml.count} messages found again`);
}
