/**
 * The page's side of a large file's replay: the computation (stand-ins for every message,
 * `getHistory`, reading the tail) runs in a worker, and the page receives only the answer.
 * In place where there are no workers (Node, tests), through the same request.
 */
import type { IndexLoad } from '../../../core/index/index-load';
import type { LargeReplayAnswer } from '../../../core/index/large-replay';
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { ReplayOptions } from '../../../core/replay/replay';
import type { LargeHead } from '../large-load';
import { answerReplay, type ReplayReply, type ReplayRequest } from './large-replay-answer';
import { blobPath, fromWire } from '../worker-error';
import type { ReplayView } from '../../source/replay/replay-answers';
import type { ViewReply, ViewRequest } from './replay-view';

/** nanobot's load over the index, with the stored last_consolidated where its version slices with it unchecked (LargeLoad's head). */
export type ReplayLoad = IndexLoad & { head?: Pick<LargeHead, 'storedLastConsolidated'> | null };

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('./large-replay.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

/**
 * The replay of a loaded large file under get_history's arguments `opts` (at most `max` messages
 * read), computed off the page's thread, once per load and settings. The index's columns are
 * copied to the worker, not moved: the page keeps using them.
 */
export function replayLarge(file: Blob, index: LineIndex, load: ReplayLoad, version: NanobotVersion, max: number, opts: ReplayOptions): Promise<LargeReplayAnswer> {
  // One answer per load and settings: the Replay tab and the "first replayed" jump share it.
  const key = `${version}:${max}:${JSON.stringify(opts)}`;
  let answers = asked.get(load);
  if (!answers) asked.set(load, (answers = new Map()));
  let answer = answers.get(key);
  if (!answer) {
    answers.set(key, (answer = computeReplay(file, index, load, version, max, opts)));
    // The controls ask one answer per setting tried: only the last few are kept.
    if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  }
  return answer;
}

/** Answers kept per load: the agent loop's (which the "first replayed" jump asks) and a few settings tried. */
const KEPT_ANSWERS = 4;

const asked = new WeakMap<IndexLoad, Map<string, Promise<LargeReplayAnswer>>>();

async function computeReplay(file: Blob, index: LineIndex, load: ReplayLoad, version: NanobotVersion, max: number, opts: ReplayOptions): Promise<LargeReplayAnswer> {
  const { start, length, eol, role, flags } = index;
  const req: ReplayRequest = { id: nextId++, file, index: { start, length, eol, role, flags }, lines: load.messageLines, lastConsolidated: load.lastConsolidated, stored: load.head?.storedLastConsolidated, version, max, opts };
  const w = getWorker();
  const reply = w ? await ask(w, req) : await answerReplay(req);
  if (reply.type === 'error') throw fromWire(reply.error, blobPath(file));
  return reply.answer;
}

/**
 * The Replay tab's answer over a file read on its line index (replay-view.ts), computed in the
 * replay worker; in place where there are no workers.
 */
export async function replayViewOf(req: Omit<ViewRequest, 'kind' | 'id'>): Promise<ReplayView> {
  const full: ViewRequest = { ...req, kind: 'view', id: nextId++ };
  const w = getWorker();
  const reply = w ? await ask<ViewReply>(w, full) : await (await import('./replay-view')).answerView(full);
  if (reply.type === 'error') throw fromWire(reply.error, req.path);
  return reply.view;
}

function ask<R extends { id: number } = ReplayReply>(w: Worker, req: ReplayRequest | ViewRequest): Promise<R> {
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent<R>) => {
      if (e.data.id !== req.id) return;
      w.removeEventListener('message', onMessage);
      resolve(e.data);
    };
    w.addEventListener('message', onMessage);
    w.postMessage(req);
  });
}
