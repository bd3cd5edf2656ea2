/**
 * Worker that computes a large file's replay (large-replay-client.ts asks): it reads the reachable tail
 * from the disk-backed Blob and runs nanobot's `get_history`, so the page's thread does neither.
 */
import { answerReplay, type ReplayRequest } from './large-replay-answer';

self.onmessage = async (e: MessageEvent<ReplayRequest>) => {
  (self as unknown as Worker).postMessage(await answerReplay(e.data));
};
