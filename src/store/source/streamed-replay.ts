/**
 * nanobot's replay of an indexed file: loaded with each message noted as its replay facts
 * (`loadNoted`), then replayed reading back only the messages the replay keeps (and those its
 * budget walk counts), in blocks.
 */
import { replayIndexed, ReplayIndexer, type EntrySink, type IndexedReplay, type ReplayIndex } from '../../core/replay/indexed-replay';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { PyDict } from '../../core/python/pyvalue';
import type { ReplayOptions, TokenCounter } from '../../core/replay/replay';
import type { LoadOutcome } from '../../core/lens/load';
import { keyForFile } from '../listing/session-list';
import { loadNoted, type IndexedLoad } from './indexed-load';
import { lineValue } from './line-reads';
import { unchangedSince, type SourceAdapter } from './source-adapter';

const BLOCK_BYTES = 256 << 10;
const BLOCK_MESSAGES = 2048;

/** nanobot's load of the file (its messages as a replay index) and its replay, or null when it loads nothing. */
export interface IndexedReplayRead {
  load: LoadOutcome<{ lastConsolidated: number; index: ReplayIndex }> & { key: string };
  /** nanobot's load as the index answered it (its head and its messages' lines). */
  nanobot: IndexedLoad;
  replay: IndexedReplay | null;
}


/**
 * Loads `path` as nanobot does on its line index (`loadNoted`, each message noted as its replay
 * facts), then replays it reading back only the messages the replay keeps (and those its budget
 * walk counts). With `emit`, each kept entry goes there as it is made and none is held (a file that
 * changes meanwhile is then found out after them).
 */
export async function replayStreamed(adapter: SourceAdapter, path: string, opts: { now: string; version: NanobotVersion; key?: string; replay: ReplayOptions; count?: TokenCounter; emit?: EntrySink }): Promise<IndexedReplayRead> {
  const fileName = path.split('/').pop()!;
  const loadOpts = { now: opts.now, version: opts.version, fallbackKey: keyForFile(fileName, opts.version), ...(opts.key !== undefined ? { key: opts.key } : {}) };
  const { index: lineIx, stat, load: loaded, notes } = await loadNoted(adapter, path, loadOpts, () => new ReplayIndexer(opts.replay, opts.version));
  const result = loaded.result && { lastConsolidated: loaded.result.lastConsolidated, index: notes.finish() };
  const starts = lineIx.start;
  const lengths = lineIx.length;
  const value = { ...loaded, result };
  const s = value.result;
  if (!s) return { load: { ...value, result: null }, nanobot: loaded, replay: null };
  const ix = s.index;
  const lineOf = (i: number) => ix.lines[i]!;
  const depth = rulesOf(opts.version).depthBudget.jsonLoads;
  // One block of consecutive messages in hand: the budget walk reads backwards, the kept replay forwards.
  let block: { first: number; last: number; at: number; bytes: Uint8Array } | null = null;
  let lastAsked = -1;
  const at = async (i: number): Promise<PyDict> => {
    if (!block || i < block.first || i > block.last) {
      const backwards = i < lastAsked;
      let first = i;
      let last = i;
      const end = (k: number) => starts[lineOf(k)]! + lengths[lineOf(k)]!;
      if (backwards) while (first > 0 && i - first < BLOCK_MESSAGES && end(i) - starts[lineOf(first - 1)]! <= BLOCK_BYTES) first--;
      else while (last < ix.count - 1 && last - i < BLOCK_MESSAGES && end(last + 1) - starts[lineOf(i)]! <= BLOCK_BYTES) last++;
      const from = starts[lineOf(first)]!;
      block = { first, last, at: from, bytes: await adapter.readRange(path, from, end(last)) };
    }
    lastAsked = i;
    const l = lineOf(i);
    const off = starts[l]! - block.at;
    return lineValue(path, block.bytes.subarray(off, off + lengths[l]!), false, depth) as PyDict;
  };
  const replay = await replayIndexed(ix, s.lastConsolidated, opts.replay, opts.version, at, opts.count, opts.emit);
  block = null;
  await unchangedSince(adapter, path, stat);
  return { load: { ...value, result: { lastConsolidated: s.lastConsolidated, index: ix } }, nanobot: loaded, replay };
}
