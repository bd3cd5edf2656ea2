/**
 * The Replay tab's answer for a large file, as one computation a worker can run: find where the
 * replay starts from the index (stand-ins: index-replay.ts), read only the messages from there, and
 * run the one replay over an index (`replayIndexed`, the CLI's) on the messages' replay facts; keep
 * what the page shows (the entries as Python JSON text, their sources, the left-out counts, the
 * error). Fates of hundreds of thousands of messages never cross to the page; only their summary does.
 */
import type { LineIndex } from './line-index';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import { replayReach, standIns } from './index-replay';
import { pyDumps } from '../python/pyjson';
import type { PyDict } from '../python/pyvalue';
import type { DropReason, Fate, ReplayOptions, ReplayResult, TokenCounter } from '../replay/replay';
import { replayIndexed, ReplayIndexer, type IndexedReplay } from '../replay/indexed-replay';

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
      /** Each entry's token estimate (nanobot's budget walk's), or null when the replay had no budget. */
      tokens: number[] | null;
    };

/** Reads the values of message lines (ascending); null where a line is not an object. */
export type TailReader = (lines: Uint32Array) => Promise<(PyDict | null)[]>;

/** Left-out counts per reason, in the order the reasons first appear, of `n` messages' fates. */
function countDropped(n: number, fate: (i: number) => Fate): [DropReason, number][] {
  const dropped = new Map<DropReason, number>();
  for (let i = 0; i < n; i++) {
    const f = fate(i);
    if (!f.kept) dropped.set(f.reason, (dropped.get(f.reason) ?? 0) + 1);
  }
  return [...dropped];
}

/** Left-out counts per reason of a whole-session replay (what the large answer must equal). */
export function droppedCounts(result: ReplayResult): [DropReason, number][] {
  return countDropped(result.fates.length, (i) => result.fates[i]!);
}

/**
 * The whole session's replay from stand-ins for its messages before `from` (at most `replayReach`)
 * and the values `tail` of the rest: each message's replay facts (a stand-in's where the start rules
 * leave it out whatever it holds), then the one replay over them, reading only `tail`.
 */
export function replayFromTail(stand: PyDict[], lines: Uint32Array, from: number, tail: PyDict[], lastConsolidated: number, opts: ReplayOptions, version: NanobotVersion, count?: TokenCounter): Promise<IndexedReplay> {
  if (from + tail.length !== lines.length) throw new Error(`the tail must reach the last message (${from} + ${tail.length} ≠ ${lines.length})`);
  const facts = new ReplayIndexer(opts, version);
  for (let i = 0; i < lines.length; i++) facts.add(i < from ? stand[i]! : tail[i - from]!, lines[i]!);
  return replayIndexed(facts.finish(), lastConsolidated, opts, version, async (i) => tail[i - from]!, count);
}

/**
 * nanobot's replay under `opts` (get_history's own defaults when none: the page passes the agent
 * loop's, as the full view does) of the messages on `lines`, reading at most `max` of them through
 * `read`; `too-far` when the start rules reach further back than that. A budget needs `count`.
 */
export async function largeReplay(ix: Pick<LineIndex, 'role' | 'flags'>, lines: Uint32Array, lastConsolidated: number, version: NanobotVersion, max: number, read: TailReader, opts: ReplayOptions = {}, count?: TokenCounter): Promise<LargeReplayAnswer> {
  const stand = standIns(ix, lines);
  const from = replayReach(stand, lastConsolidated, opts, version);
  if (lines.length - from > max) return { step: 'too-far', reach: lines.length - from };
  const tail = (await read(lines.subarray(from))).map((v) => v ?? ({} as PyDict));
  const result = await replayFromTail(stand, lines, from, tail, lastConsolidated, opts, version, count);
  return { step: 'done', from, entries: result.entries.map(pyDumps), sources: result.sources, dropped: countDropped(lines.length, result.fate), error: result.error, tokens: result.tokens };
}
