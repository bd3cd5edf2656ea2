/**
 * The Replay tab's answer for a large file, as one computation a worker can run: find where the
 * replay starts from the index, read only the messages from there, run `getHistory`, and keep what
 * the page shows (the entries as Python JSON text, their sources, the left-out counts, the error).
 * Fates of hundreds of thousands of messages never cross to the page; only their summary does.
 */
import type { LineIndex } from './line-index';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import { replayReach, replayWithTail, standIns } from './index-replay';
import { pyDumps } from '../python/pyjson';
import type { PyDict } from '../python/pyvalue';
import type { DropReason, ReplayResult } from '../replay/replay';

/** The replay as the page shows it: small, and plain data (it crosses from a worker). */
export type LargeReplayAnswer =
  | { step: 'too-far'; reach: number }
  | {
      step: 'done';
      /** First message the replay reads (messages before it were left out by the start rules). */
      from: number;
      /** Each entry as `json.dumps` text: a PyDict's float and key order do not survive a postMessage. */
      entries: string[];
      /** Index among the session's messages of each entry. */
      sources: number[];
      /** How many messages were left out, per reason, in order of first appearance. */
      dropped: [DropReason, number][];
      error: ReplayResult['error'];
    };

/** Reads the values of message lines (ascending); null where a line is not an object. */
export type TailReader = (lines: Uint32Array) => Promise<(PyDict | null)[]>;

/** Left-out counts per reason, in the order the reasons first appear. */
export function droppedCounts(result: ReplayResult): [DropReason, number][] {
  const dropped = new Map<DropReason, number>();
  for (const f of result.fates) if (!f.kept) dropped.set(f.reason, (dropped.get(f.reason) ?? 0) + 1);
  return [...dropped];
}

/**
 * nanobot's replay (default settings of `version`) of the messages on `lines`, reading at most
 * `max` of them through `read`; `too-far` when the start rules reach further back than that.
 */
export async function largeReplay(ix: Pick<LineIndex, 'role' | 'flags'>, lines: Uint32Array, lastConsolidated: number, version: NanobotVersion, max: number, read: TailReader): Promise<LargeReplayAnswer> {
  const stand = standIns(ix, lines);
  const from = replayReach(stand, lastConsolidated, {}, version);
  if (lines.length - from > max) return { step: 'too-far', reach: lines.length - from };
  const tail = (await read(lines.subarray(from))).map((v) => v ?? ({} as PyDict));
  const result = replayWithTail(stand, from, tail, lastConsolidated, {}, version);
  return { step: 'done', from, entries: result.entries.map(pyDumps), sources: result.sources, dropped: droppedCounts(result), error: result.error };
}
