/**
 * A whole file held in memory indexed on this thread, in chunks of `chunkSize`, by the product's
 * LineIndexer (the app's worker and the CLI push the slices they read the same way).
 */
import { LineIndexer, type LineIndex } from '../src/core/index/line-index';
import type { NanobotVersion } from '../src/core/nanobot/nanobot-version';

/** Indexes `bytes` as the worker would have, slice by slice (`dumps`: note FLAG.dumps, as a printer's index does). */
export function indexBytes(bytes: Uint8Array, version: NanobotVersion, chunkSize = 4 << 20, dumps = false): LineIndex {
  const ix = new LineIndexer(version, 0, dumps);
  for (let a = 0; a < bytes.length; a += chunkSize) ix.push(bytes.subarray(a, Math.min(bytes.length, a + chunkSize)));
  return ix.finish();
}
