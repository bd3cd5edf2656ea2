/**
 * The page's side of a large file's replay: the Replay tab's answer (replay-view.ts, through the
 * indexed source) is computed in a worker, and the page receives only the answer. In place where
 * there are no workers (Node, tests), through the same request.
 */
import { askWorker, fromWire, workerOnDemand } from '../worker-error';
import type { ReplayView } from '../../source/replay/replay-answers';
import type { ViewReply, ViewRequest } from './replay-view';

let nextId = 1;

const getWorker = workerOnDemand(() => new Worker(new URL('./large-replay.worker.ts', import.meta.url), { type: 'module' }));

/**
 * The Replay tab's answer over a file read on its line index (replay-view.ts), computed in the
 * replay worker; in place where there are no workers.
 */
export async function replayViewOf(req: Omit<ViewRequest, 'kind' | 'id'>): Promise<ReplayView> {
  const full: ViewRequest = { ...req, kind: 'view', id: nextId++ };
  const w = getWorker();
  const reply = w ? await askWorker<ViewReply>(w, full) : await (await import('./replay-view')).answerView(full);
  if (reply.type === 'error') throw fromWire(reply.error, req.path);
  return reply.view;
}
