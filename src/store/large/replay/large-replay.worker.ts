/**
 * Worker that computes a large file's replay: the Replay tab's answer (replay-view.ts, through the
 * indexed source) and the reachable tail's replay other tabs ask (large-replay-client.ts), reading
 * the disk-backed Blob, so the page's thread does neither.
 */
import { answerReplay, type ReplayRequest } from './large-replay-answer';
import { answerView, type ViewRequest } from './replay-view';

self.onmessage = async (e: MessageEvent<ReplayRequest | ViewRequest>) => {
  const req = e.data;
  (self as unknown as Worker).postMessage('kind' in req ? await answerView(req) : await answerReplay(req));
};
