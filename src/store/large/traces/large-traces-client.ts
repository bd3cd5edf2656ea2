/**
 * The page's side of a large file's save traces: read and found in a worker (every message is
 * decoded once), the page receives only the messages that carry one. In place where there are no
 * workers (Node, tests), through the same request. The source asking keeps its answer.
 */
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { answerTraces, type MessageTraces, type TracesReply, type TracesRequest } from './large-traces';
import { askWorker, blobPath, fromWire, workerOnDemand } from '../worker-error';

const getWorker = workerOnDemand(() => new Worker(new URL('./large-traces.worker.ts', import.meta.url), { type: 'module' }));
let nextId = 1;

/** The save traces of the messages of nanobot's load of `file` (on `lines`), those with any, computed off the page's thread. */
export async function tracesLarge(file: Blob, index: LineIndex, lines: Uint32Array, version: NanobotVersion): Promise<MessageTraces[]> {
  const { start, length, eol, role } = index;
  const req: TracesRequest = { id: nextId++, file, index: { start, length, eol, role }, lines, version };
  const w = getWorker();
  const reply = w ? await askWorker<TracesReply>(w, req) : await answerTraces(req);
  if (reply.type === 'error') throw fromWire(reply.error, blobPath(file));
  return reply.traces;
}
