/**
 * Worker that plans a large file's trim (large-trim-client.ts asks): walking stand-ins for every
 * message and reading the reachable tail would hold the page's thread for a second at 1 GiB.
 */
import { answerTrim, transferables, type TrimRequest } from './large-trim';

self.onmessage = async (e: MessageEvent<TrimRequest>) => {
  const reply = await answerTrim(e.data);
  (self as unknown as Worker).postMessage(reply, transferables(reply));
};
