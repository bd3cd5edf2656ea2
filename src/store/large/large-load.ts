/**
 * nanobot's load of a large file, for the page: the one load over the index (`loadOverIndex`,
 * the CLI's too) reading the file's Blob, so the large view says what nanobot does with the file
 * and, where it raises, its exception's type and text. The strict pass reads back only the
 * metadata records, provider states and damaged lines; only a damaged file's repair pass reads
 * every line (in blocks of about 1 MiB, each read letting the page's other tasks in).
 */
import type { IndexLoad } from '../../core/index/index-load';
import { indexLoadOf, loadOverIndex, type IndexedSession } from '../../core/index/index-nanobot';
import type { LineIndex } from '../../core/index/line-index';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { keyForFile } from '../listing/session-list';
import { eachLineRaw } from './read/large-records';

/** What nanobot holds of the session itself (its key, times and metadata): the File tab's lenses and the Context tab read it. */
type LargeHead = Pick<IndexedSession, 'key' | 'createdAt' | 'updatedAt' | 'metadata' | 'storedLastConsolidated'>;

/** nanobot's load as the large view holds it: the index's summary and, when it loads a session, its head. */
export type LargeLoad = IndexLoad & { head: LargeHead | null };

/** nanobot's `_load` of `file` (indexed as `ix`, named `fileName`) at `version`, at time `now`. */
export async function loadLarge(file: Blob, ix: LineIndex, version: NanobotVersion, now: string, fileName: string): Promise<LargeLoad> {
  const bytes = async (a: number, b: number) => new Uint8Array(await file.slice(a, b).arrayBuffer());
  const n = await loadOverIndex(ix, { now, version, fallbackKey: keyForFile(fileName, version) }, { bytes, lines: (lines, each) => eachLineRaw(bytes, ix, lines, each) });
  const r = n.result;
  return { ...indexLoadOf(n), head: r && { key: r.key, createdAt: r.createdAt, updatedAt: r.updatedAt, metadata: r.metadata, storedLastConsolidated: r.storedLastConsolidated } };
}
