/**
 * Reading a large file's records back by their byte ranges in the index, decoding only those.
 * Apart from the client so a worker can read records without bundling another worker.
 */
import { lineEnd, type LineIndex } from '../../../core/index/line-index';
import { decodeRecord } from '../../../core/index/record-facts';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';

export { decodeRecord } from '../../../core/index/record-facts';

/** Bytes [a, b) of the file, as an adapter's `readRange` gives them. */
export type RangeRead = (a: number, b: number) => Promise<Uint8Array>;

/**
 * The values of lines `lines` (ascending), read from the file in one slice spanning them: only
 * those bytes are read and only those lines decoded (with `version`, as its `json.loads` reads them).
 */
export async function readRecords(file: Blob | RangeRead, ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, lines: ArrayLike<number>, version?: NanobotVersion): Promise<(PyDict | null)[]> {
  if (lines.length === 0) return [];
  const a = ix.start[lines[0]!]!;
  const b = lineEnd(ix, lines[lines.length - 1]!);
  const bytes = typeof file === 'function' ? await file(a, b) : new Uint8Array(await file.slice(a, b).arrayBuffer());
  const out: (PyDict | null)[] = new Array(lines.length);
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    const s = ix.start[l]! - a;
    out[k] = decodeRecord(bytes.subarray(s, s + ix.length[l]!), version);
  }
  return out;
}

/** Bytes of line content read at once when reading lines' bytes back, and the gap between lines a read spans rather than seeking. */
const RAW_BLOCK_BYTES = 1 << 20;
const RAW_GAP_BYTES = 64 << 10;

/**
 * The content bytes of lines `lines` (ascending), handed to `each` in order (a view valid during the
 * call): lines close together are read in one range of about 1 MiB at most, lines far apart each on
 * their own, so a load that reads a few lines of a large file never reads the file between them.
 */
export async function eachLineBytes(file: Blob | RangeRead, ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void> {
  const read = typeof file === 'function' ? file : async (a: number, b: number) => new Uint8Array(await file.slice(a, b).arrayBuffer());
  for (const [k, e, a, b] of lineRanges(ix, lines)) {
    const bytes = await read(a, b);
    for (let j = k; j < e; j++) {
      const s = ix.start[lines[j]!]! - a;
      each(bytes.subarray(s, s + ix.length[lines[j]!]!), j);
    }
  }
}

/** The ranges `eachLineBytes` reads for `lines`: lines k..e-1 as bytes a..b (close lines merged, up to about 1 MiB). */
export function* lineRanges(ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, lines: ArrayLike<number>): Generator<[number, number, number, number]> {
  let k = 0;
  while (k < lines.length) {
    const a = ix.start[lines[k]!]!;
    let e = k + 1;
    while (e < lines.length && lineEnd(ix, lines[e]!) - a <= RAW_BLOCK_BYTES && ix.start[lines[e]!]! - lineEnd(ix, lines[e - 1]!) <= RAW_GAP_BYTES) e++;
    yield [k, e, a, ix.start[lines[e - 1]!]! + ix.length[lines[e - 1]!]!];
    k = e;
  }
}
