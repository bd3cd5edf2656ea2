/**
 * The page's side of a large file's trim plan: computed in a worker (large-trim.ts), the page
 * sending the index once (its columns one per task, worker-columns.ts) and receiving only the
 * plan; in place where there are no workers (Node, tests).
 */
import type { EditIndex } from '../../../core/edit/large-edit';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { answerTrim, TRIM_COLUMNS, type TrimAnswer, type TrimMessage, type TrimReply } from './large-trim';
import { sendColumnsOnce, type ColumnChannel } from '../worker-columns';
import { askWorker, blobPath, fromWire, workerOnDemand } from '../worker-error';

let nextId = 1;
const channel: ColumnChannel = { sent: null };

const getWorker = workerOnDemand(() => new Worker(new URL('./large-trim.worker.ts', import.meta.url), { type: 'module' }));

/**
 * Plans the trim of `file` to its last `max` messages off the page's thread. The index's columns
 * are copied to the worker, not moved (the page keeps using them), one column per task: copied
 * in one message, a large file's columns would hold the page as the plan is asked.
 */
export async function planTrimOffThread(file: Blob, index: EditIndex, key: string, max: number, extendToUser: boolean, now: string, version: NanobotVersion): Promise<TrimAnswer> {
  const id = nextId++;
  const w = getWorker();
  let reply: TrimReply;
  if (!w) reply = await answerTrim({ id, file, index, key, max, extendToUser, now, version });
  else {
    const sent = sendColumnsOnce(channel, w, index, TRIM_COLUMNS,
      (k) => ({ type: 'index', key: k, file, count: index.count, size: index.size, messageCount: index.messageCount }) satisfies TrimMessage,
      (k, name, array) => ({ type: 'column', key: k, name, array }) as TrimMessage,
    );
    await sent.ready;
    const req: Extract<TrimMessage, { type: 'trim' }> = { type: 'trim', ix: sent.key, id, key, max, extendToUser, now, version };
    reply = await askWorker<TrimReply>(w, req);
  }
  if (reply.type === 'error') throw fromWire(reply.error, blobPath(file));
  return reply.answer;
}
