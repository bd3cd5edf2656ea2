/// <reference lib="webworker" />
/** Worker that checks whole session files off the main thread, so a big workspace stays responsive. */
import { scanFile, type ScanInput } from './scan';

self.onmessage = (e: MessageEvent<{ id: number; input: ScanInput }>) => {
  const { id, input } = e.data;
  try {
    (self as unknown as Worker).postMessage({ id, scan: scanFile(input) });
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
