/**
 * nanobot's load of a file's Blob over its index (`loadOverIndex`, the app's and the CLI's), summed up
 * with the session's head: what the large-file store tests hand the workers' answers they check.
 */
import { loadOverIndex, type IndexedSession } from '../../src/core/index/index-nanobot';
import type { LineIndex } from '../../src/core/index/line-index';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { keyForFile } from '../../src/core/nanobot/keys';
import { eachLineBytes } from '../../src/store/large/read/large-records';
import { indexLoadOf, type IndexLoad } from '../core/index-cut';

/** What nanobot holds of the session itself (its key, times and metadata). */
type LargeHead = Pick<IndexedSession, 'key' | 'createdAt' | 'updatedAt' | 'metadata' | 'storedLastConsolidated'>;

/** nanobot's load: the index's summary and, when it loads a session, its head. */
type LargeLoad = IndexLoad & { head: LargeHead | null };

/** nanobot's `_load` of `file` (indexed as `ix`, named `fileName`) at `version`, at time `now`. */
export async function loadLarge(file: Blob, ix: LineIndex, version: NanobotVersion, now: string, fileName: string): Promise<LargeLoad> {
  const bytes = async (a: number, b: number) => new Uint8Array(await file.slice(a, b).arrayBuffer());
  const n = await loadOverIndex(ix, { now, version, fallbackKey: keyForFile(fileName, version) }, { bytes, lines: (lines, each) => eachLineBytes(bytes, ix, lines, each) });
  const r = n.result;
  return { ...indexLoadOf(n), head: r && { key: r.key, createdAt: r.createdAt, updatedAt: r.updatedAt, metadata: r.metadata, storedLastConsolidated: r.storedLastConsolidated } };
}
