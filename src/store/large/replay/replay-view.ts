/**
 * The Replay tab's answer over a file read on its line index, as one request the replay worker
 * answers: the file is a Blob (left on disk), read by ranges and streamed through the one indexed
 * source (`SessionSource.replay`, streamed-replay.ts: bounded memory, any window), each entry
 * counted by nanobot's estimate. What runs in place where there are no workers, too.
 */
import type { LineIndex } from '../../../core/index/line-index';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { ReplayOptions } from '../../../core/replay/replay';
import type { StorageAdapter } from '../../adapter/adapter';
import { normalised } from '../../source/source-adapter';
import { indexedSource } from '../../source/indexed-source';
import { estimator, replayAnswer, type ReplayView } from '../../source/replay/replay-answers';
import { toWire, type ErrorReply } from '../worker-error';

/** What the worker needs: the file, what it was when opened, nanobot's load's options, and the replay's. */
export interface ViewRequest {
  kind: 'view';
  id: number;
  file: Blob;
  path: string;
  lastModified: number;
  version: NanobotVersion;
  now: string;
  key?: string;
  /** The file's index the page built (copied here: the page keeps using it). */
  index?: LineIndex;
  opts: ReplayOptions;
  upto: number | null;
}

export type ViewReply = { id: number; type: 'view'; view: ReplayView } | ({ id: number } & ErrorReply);

/** A read-only adapter over one Blob: the file as it was when the page indexed it. */
function blobAdapter(path: string, file: Blob, lastModified: number): StorageAdapter {
  const stat = { size: file.size, lastModified };
  // Nothing is written here: a replay only reads.
  const readOnly = async (): Promise<never> => {
    throw new Error(`'${path}' is read only in the replay worker`);
  };
  const bytes = async (a: number, b: number) => new Uint8Array(await file.slice(a, b).arrayBuffer());
  return {
    label: 'blob',
    list: async () => [],
    stat: async () => stat,
    read: async () => file.stream(),
    readHead: (_p, n) => bytes(0, n),
    readRange: (_p, a, b) => bytes(a, b),
    file: async () => file,
    writeAtomic: readOnly,
    remove: readOnly,
    rename: readOnly,
  };
}

/** Answers one request (the worker's body, and the fallback without workers). */
export async function answerView(req: ViewRequest): Promise<ViewReply> {
  try {
    const stat = { path: req.path, fileName: req.path.split('/').pop()!, size: req.file.size, lastModified: req.lastModified, version: req.version, kind: 'index' as const, other: null };
    const opts = { now: req.now, version: req.version, ...(req.key !== undefined ? { key: req.key } : {}) };
    // A replay never asks for the whole document.
    const held = req.index ? { file: req.file, index: req.index } : undefined;
    const source = indexedSource(normalised(blobAdapter(req.path, req.file, req.lastModified)), stat, opts, () => Promise.reject(new Error('the replay worker holds no whole document')), held);
    return { id: req.id, type: 'view', view: await replayAnswer(source, req.opts, req.upto, await estimator(req.version)) };
  } catch (err) {
    return { id: req.id, type: 'error', error: toWire(err, 'reading', req.path) };
  }
}
