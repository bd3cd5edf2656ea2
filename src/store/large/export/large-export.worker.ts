/**
 * Worker that searches or writes a large file's export (large-export-client.ts asks, one worker
 * per run, ended by the page when done or cancelled): for a large file the work is long and its
 * garbage collections would hold the page if it ran there.
 */
import { answerExport, type ExportReply, type ExportRequest } from './large-export';

/** Progress is sent a few times a second, not per message. */
const PROGRESS_MS = 100;

self.onmessage = async (e: MessageEvent<ExportRequest>) => {
  const post = (r: ExportReply) => (self as unknown as Worker).postMessage(r);
  let sent = 0;
  const onProgress = (done: number) => {
    if (performance.now() - sent < PROGRESS_MS) return;
    sent = performance.now();
    post({ type: 'progress', done });
  };
  // No page to keep responsive here: long slices, few yields.
  post(await answerExport(e.data, { onProgress, budgetMs: 250 }));
};
