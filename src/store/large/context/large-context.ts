/**
 * Context over time of a large file: every message of nanobot's load read back in blocks and fed to
 * `ContextOverTimeStream` with nanobot's token estimate, none kept; the answer is the turns' points.
 * The body of the context worker, and what runs in place where there are no workers.
 */
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict, PyValue } from '../../../core/python/pyvalue';
import { ContextOverTimeStream, type ContextOverTime } from '../../../core/replay/context-over-time';
import type { ReplayOptions } from '../../../core/replay/replay';
import { loadTokenizer } from '../../../core/tokens/tokenizer';
import { estimateMessageTokens } from '../../../core/tokens/tokens';
import { decodeRecord, eachLineBytes } from '../read/large-records';
import { blobPath, toWire, type ErrorReply } from '../worker-error';

export interface ContextRequest {
  id: number;
  file: Blob;
  index: Pick<LineIndex, 'start' | 'length' | 'eol'>;
  /** The line of each message nanobot loads. */
  lines: Uint32Array;
  lastConsolidated: number;
  /** The stored last_consolidated where the version slices with it unchecked (replayLastConsolidated), else undefined. */
  stored?: PyValue;
  version: NanobotVersion;
  /** The Replay tab's settings: the chart answers for them. */
  opts: ReplayOptions;
}

/** The points, or null where nanobot raises at some turn (only its exact path, every prefix replayed, answers then). */
export type ContextReply = { id: number; type: 'context'; data: ContextOverTime | null } | ({ id: number } & ErrorReply);

/** Answers one request, the context over time of the messages on `lines` of `file` under `opts` (the worker's body, and the fallback without workers). */
export async function answerContext(req: ContextRequest): Promise<ContextReply> {
  try {
    const count = await loadTokenizer();
    const stream = new ContextOverTimeStream(req.opts, req.version, (e) => estimateMessageTokens(e, count, req.version));
    await eachLineBytes(req.file, req.index, req.lines, (raw) => stream.add(decodeRecord(raw, req.version) ?? ({} as PyDict)));
    return { id: req.id, type: 'context', data: stream.finish(req.stored === undefined ? req.lastConsolidated : req.stored) };
  } catch (err) {
    return { id: req.id, type: 'error', error: toWire(err, 'reading', blobPath(req.file)) };
  }
}
