/**
 * Worker that computes the Replay tab's answer for a file read on its line index (replay-view.ts,
 * through the indexed source), reading the disk-backed Blob, so the page's thread does not.
 */
import { answerView, type ViewRequest } from './replay-view';

self.onmessage = async (e: MessageEvent<ViewRequest>) => {
  (self as unknown as Worker).postMessage(await answerView(e.data));
};
