/**
 * One large-file replay request and its answer: the body of the replay worker, and what runs in
 * place where there are no workers. Kept apart from the client so the worker does not bundle it.
 */
import { largeReplay, type LargeReplayAnswer } from '../../../core/index/large-replay';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { pySliceStart, SLICE_TYPE_ERROR, type ReplayOptions, type TokenCounter } from '../../../core/replay/replay';
import type { PyValue } from '../../../core/python/pyvalue';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../core/tokens/tokens';
import { readRecords } from '../read/large-records';
import { blobPath, toWire, type ErrorReply } from '../worker-error';

/** What the replay worker needs: the file, the index's columns it reads, and the load. */
export interface ReplayRequest {
  id: number;
  file: Blob;
  index: Pick<LineIndex, 'start' | 'length' | 'eol' | 'role' | 'flags'>;
  lines: Uint32Array;
  lastConsolidated: number;
  /** The stored last_consolidated where the version slices with it unchecked (replayLastConsolidated), else undefined. */
  stored?: PyValue;
  version: NanobotVersion;
  max: number;
  /** get_history's arguments (the page's: the agent loop's by default, as in the full view). */
  opts: ReplayOptions;
}

export type ReplayReply = { id: number; type: 'replay'; answer: LargeReplayAnswer } | ({ id: number } & ErrorReply);

/** Answers one request (the worker's body, and the fallback without workers). */
export async function answerReplay(req: ReplayRequest): Promise<ReplayReply> {
  try {
    // Python slices these messages with the stored value: where it starts, or the slice's TypeError before any message.
    const lc = req.stored === undefined ? req.lastConsolidated : pySliceStart(req.stored, req.lines.length);
    if (lc === null) return { id: req.id, type: 'replay', answer: { step: 'done', from: 0, entries: [], sources: [], dropped: req.lines.length ? [['consolidated', req.lines.length]] : [], error: { ...SLICE_TYPE_ERROR }, tokens: null } };
    const answer = await largeReplay(req.index, req.lines, lc, req.version, req.max, (lines) => readRecords(req.file, req.index, lines, req.version), req.opts, await budgetCounter(req));
    return { id: req.id, type: 'replay', answer };
  } catch (err) {
    return { id: req.id, type: 'error', error: toWire(err, 'reading', blobPath(req.file)) };
  }
}

/** nanobot's token estimate when the replay has a budget to walk (the tokenizer loads only then). */
async function budgetCounter(req: ReplayRequest): Promise<TokenCounter | undefined> {
  if (!(req.opts.maxTokens && req.opts.maxTokens > 0)) return undefined;
  const count = await loadTokenizer();
  return (entry) => estimateMessageTokens(entry, count, req.version);
}
