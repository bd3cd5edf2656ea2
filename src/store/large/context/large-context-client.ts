/**
 * The page's side of a large file's context over time: computed in a worker (every message read and
 * counted once per setting), the page receives only the turns' points. In place where there are no
 * workers (Node, tests), through the same request.
 */
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { ContextOverTime } from '../../../core/replay/context-over-time';
import type { ReplayOptions } from '../../../core/replay/replay';
import type { PyValue } from '../../../core/python/pyvalue';
import { answerContext, type ContextReply, type ContextRequest } from './large-context';
import { askWorker, blobPath, fromWire, workerOnDemand } from '../worker-error';

const getWorker = workerOnDemand(() => new Worker(new URL('./large-context.worker.ts', import.meta.url), { type: 'module' }));
let nextId = 1;
const asked = new WeakMap<ContextLoad, Map<string, Promise<ContextOverTime | null>>>();

/**
 * What the context worker reads of nanobot's load (its answers are kept per such object): its
 * messages' lines, its last_consolidated, and the stored value where the version slices with it unchecked.
 */
export interface ContextLoad {
  messageLines: Uint32Array;
  lastConsolidated: number;
  head?: { storedLastConsolidated?: PyValue } | null;
}
/** Answers kept per load: the settings tried last. */
const KEPT = 4;

/** Context over time of the messages `load` holds under `opts`; null where only nanobot's exact path answers. */
export function contextLarge(file: Blob, index: LineIndex, load: ContextLoad, version: NanobotVersion, opts: ReplayOptions): Promise<ContextOverTime | null> {
  let answers = asked.get(load);
  if (!answers) asked.set(load, (answers = new Map()));
  const key = `${version}:${JSON.stringify(opts)}`;
  let answer = answers.get(key);
  if (!answer) {
    answers.set(key, (answer = compute({ id: nextId++, file, index: { start: index.start, length: index.length, eol: index.eol }, lines: load.messageLines, lastConsolidated: load.lastConsolidated, stored: load.head?.storedLastConsolidated, version, opts })));
    if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
  }
  return answer;
}

async function compute(req: ContextRequest): Promise<ContextOverTime | null> {
  const w = getWorker();
  const reply = w ? await askWorker<ContextReply>(w, req) : await answerContext(req);
  if (reply.type === 'error') throw fromWire(reply.error, blobPath(req.file));
  return reply.data;
}
