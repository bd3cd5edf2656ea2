/**
 * What saving changed, for a large file: nanobot's save traces (core/turn/save-traces.ts) of each of
 * its messages, read back from the file in blocks, with only the tool results read first (the calls
 * they answer). Only the messages that carry a trace are kept: memory follows the answer, not the
 * file. The body of the traces worker, and what runs in place where there are no workers.
 */
import { ROLE } from '../../../core/index/fact-codes';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { dictGet, type PyDict } from '../../../core/python/pyvalue';
import { messageTraces, type SaveTrace } from '../../../core/turn/save-traces';
import { decodeRecord, eachLineBytes } from '../read/large-records';
import { blobPath, toWire, type ErrorReply } from '../worker-error';

/** The index columns the traces read. */
type TraceColumns = Pick<LineIndex, 'start' | 'length' | 'eol' | 'role'>;

/** A message of nanobot's load (its place among them) and its traces. */
export type MessageTraces = [number, SaveTrace[]];

export interface TracesRequest {
  id: number;
  file: Blob;
  index: TraceColumns;
  /** The line of each message nanobot loads. */
  lines: Uint32Array;
  version: NanobotVersion;
}

export type TracesReply = { id: number; type: 'traces'; traces: MessageTraces[] } | ({ id: number } & ErrorReply);

/** The save traces of the messages on `lines` (nanobot's load of `file`), those with any. */
async function largeTraces(file: Blob, ix: TraceColumns, lines: Uint32Array, version: NanobotVersion): Promise<MessageTraces[]> {
  const value = (raw: Uint8Array): PyDict => decodeRecord(raw, version) ?? {};
  // The tool-call ids a result answers somewhere in the session: the tool results alone are read.
  const tools = lines.filter((l) => ix.role[l] === ROLE.tool);
  const answered = new Set<string>();
  await eachLineBytes(file, ix, tools, (raw) => {
    const m = value(raw);
    const id = dictGet(m, 'tool_call_id');
    if (dictGet(m, 'role') === 'tool' && typeof id === 'string') answered.add(id);
  });
  const out: MessageTraces[] = [];
  let prev: PyDict | null = null;
  await eachLineBytes(file, ix, lines, (raw, k) => {
    const m = value(raw);
    // A message's traces look at it and the one before it.
    const t = prev ? messageTraces([prev, m], 1, version, answered) : messageTraces([m], 0, version, answered);
    if (t.length) out.push([k, t]);
    prev = m;
  });
  return out;
}

/** Answers one request (the worker's body, and the fallback without workers). */
export async function answerTraces(req: TracesRequest): Promise<TracesReply> {
  try {
    return { id: req.id, type: 'traces', traces: await largeTraces(req.file, req.index, req.lines, req.version) };
  } catch (err) {
    return { id: req.id, type: 'error', error: toWire(err, 'reading', blobPath(req.file)) };
  }
}
