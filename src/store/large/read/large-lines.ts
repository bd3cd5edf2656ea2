/**
 * Reading the raw bytes of a large file's lines for display: only the first bytes of each line a
 * row shows, neighbouring lines joined into one slice of the file (read-runs.ts).
 */
import type { LineIndex } from '../../../core/index/line-index';
import { readRuns } from '../../../core/bytes/read-runs';

/** Bytes between two wanted ranges worth reading rather than starting another slice. */
const MAX_GAP = 4096;
/** The most one slice reads for many lines (a long line's own head may be more). */
const MAX_SPAN = 1 << 20;

/** The first `limit` bytes of each of `lines` (ascending; a line's terminator never included), read in as few slices as their places allow. */
export async function readLineHeads(file: Blob, ix: Pick<LineIndex, 'start' | 'length'>, lines: ArrayLike<number>, limit: number): Promise<Uint8Array[]> {
  const starts = new Float64Array(lines.length);
  const ends = new Float64Array(lines.length);
  for (let k = 0; k < lines.length; k++) {
    starts[k] = ix.start[lines[k]!]!;
    ends[k] = starts[k]! + Math.min(ix.length[lines[k]!]!, limit);
  }
  const out: Uint8Array[] = new Array(lines.length);
  await Promise.all(
    readRuns(starts, ends, MAX_GAP, MAX_SPAN).map(async (r) => {
      const bytes = new Uint8Array(await file.slice(r.from, r.to).arrayBuffer());
      for (let k = r.first; k < r.last; k++) out[k] = bytes.subarray(starts[k]! - r.from, ends[k]! - r.from);
    }),
  );
  return out;
}
