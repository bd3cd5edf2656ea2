/**
 * The page's side of a large file's trim plan: computed in a worker (large-trim.ts), the page
 * receiving only the plan; in place where there are no workers (Node, tests).
 */
import type { EditIndex } from '../core/large-edit';
import type { NanobotVersion } from '../core/nanobot-version';
import { answerTrim, type TrimAnswer, type TrimReply, type TrimRequest } from './large-trim';

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('./large-trim.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

/**
 * Plans the trim of `file` to its last `max` messages off the page's thread. The index's columns
 * are copied to the worker, not moved: the page keeps using them.
 */
export async function planTrimOffThread(file: Blob, index: EditIndex, key: string, max: number, extendToUser: boolean, now: string, version: NanobotVersion): Promise<TrimAnswer> {
  const { count, size, start, length, eol, kind, role, flags, messages, messageCount } = index;
  const req: TrimRequest = { id: nextId++, file, index: { count, size, start, length, eol, kind, role, flags, messages, messageCount }, key, max, extendToUser, now, version };
  const w = getWorker();
  const reply = w ? await ask(w, req) : await answerTrim(req);
  if (reply.type === 'error') throw new Error(reply.message);
  return reply.answer;
}

function ask(w: Worker, req: TrimRequest): Promise<TrimReply> {
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent<TrimReply>) => {
      if (e.data.id !== req.id) return;
      w.removeEventListener('message', onMessage);
      resolve(e.data);
    };
    w.addEventListener('message', onMessage);
    w.postMessage(req);
  });
}
