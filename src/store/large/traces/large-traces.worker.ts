/**
 * Worker that finds a large file's save traces (large-traces-client.ts asks): it reads every message
 * of nanobot's load from the disk-backed Blob, so the page's thread decodes none of them.
 */
import { answerTraces, type TracesRequest } from './large-traces';

self.onmessage = async (e: MessageEvent<TracesRequest>) => {
  (self as unknown as Worker).postMessage(await answerTraces(e.data));
};
