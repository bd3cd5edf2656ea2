/**
 * A large file's trim, planned where it is asked (the worker, large-trim.worker.ts, or in place):
 * stand-ins for every message find how far back the trim may read, only those messages and the
 * metadata record are read from the disk-backed Blob, and core/large-edit.ts plans the pieces.
 * Apart from the client so the worker does not bundle another worker.
 */
import type { EditChange, EditRefusal } from '../../../core/edit/edits';
import { lastMetadataLine, needsFacts, NO_FACTS, planTrim, retainFacts, trimReach, type EditIndex, type LineRaises, type TrimPlan } from '../../../core/edit/large-edit';
import type { PyDict } from '../../../core/python/pyvalue';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { readRecords } from '../read/large-records';
import { blobPath, toWire, type ErrorReply } from '../worker-error';

export interface TrimRequest {
  id: number;
  file: Blob;
  index: EditIndex;
  /** The key a metadata record made anew would hold (the file has none). */
  key: string;
  max: number;
  extendToUser: boolean;
  now: string;
  version: NanobotVersion;
}

/** The index columns the plan reads, sent to the worker one per message (worker-columns.ts). */
export const TRIM_COLUMNS = ['start', 'length', 'eol', 'kind', 'role', 'flags', 'messages'] as const;
type TrimColumn = (typeof TRIM_COLUMNS)[number];

/** The messages to the trim worker: the index once (its head, then its columns), then plans by the index's key. */
export type TrimMessage =
  | { type: 'index'; key: number; file: Blob; count: number; size: number; messageCount: number }
  | { type: 'column'; key: number; name: TrimColumn; array: EditIndex[TrimColumn] }
  | ({ type: 'trim'; ix: number } & Omit<TrimRequest, 'file' | 'index'>);

/** The plan as it crosses to the page: the dropped messages' indices as one typed array (a million numbers clone slowly); a refusal its save would give, with its change. */
export type TrimAnswer = (Omit<TrimPlan, 'dropped'> & { dropped: Uint32Array }) | { error: EditRefusal } | (LineRaises & { change: EditChange }) | { nothing: EditChange };
export type TrimReply = { id: number; type: 'plan'; answer: TrimAnswer } | ({ id: number } & ErrorReply);

/** The buffers a reply can move rather than copy. */
export function transferables(reply: TrimReply): ArrayBuffer[] {
  return reply.type === 'plan' && 'dropped' in reply.answer ? [reply.answer.dropped.buffer as ArrayBuffer] : [];
}

/** Plans the trim `req` asks for; failures come back as a reply, not a throw. */
export async function answerTrim(req: TrimRequest): Promise<TrimReply> {
  try {
    const ix = req.index;
    // The metadata value is read here, not sent: structured cloning would strip its Python floats' boxes.
    const line = lastMetadataLine(ix);
    const meta = line < 0 ? null : { line, value: (await readRecords(req.file, ix, [line]))[0] ?? {} };
    const from = trimReach(ix, meta, req.max, req.extendToUser, req.version);
    // Only the messages whose facts the legality check reads are decoded (the index says which).
    const wanted: number[] = [];
    for (let i = from; i < ix.messageCount; i++) if (needsFacts(ix, ix.messages[i]!)) wanted.push(i);
    const values = await readRecords(req.file, ix, wanted.map((i) => ix.messages[i]!));
    const tail: PyDict[] = new Array<PyDict>(ix.messageCount - from).fill(NO_FACTS);
    wanted.forEach((i, k) => (tail[i - from] = retainFacts(values[k] ?? {})));
    const plan = planTrim(ix, meta, req.key, req.max, req.extendToUser, req.now, req.version, from, tail);
    return { id: req.id, type: 'plan', answer: plan };
  } catch (e) {
    return { id: req.id, type: 'error', error: toWire(e, 'reading', blobPath(req.file)) };
  }
}
