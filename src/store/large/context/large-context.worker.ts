/**
 * Worker that computes a large file's context over time (large-context-client.ts asks): it reads and
 * counts every message of nanobot's load, so the page's thread does neither.
 */
import { answerContext, type ContextRequest } from './large-context';

self.onmessage = async (e: MessageEvent<ContextRequest>) => {
  (self as unknown as Worker).postMessage(await answerContext(e.data));
};
