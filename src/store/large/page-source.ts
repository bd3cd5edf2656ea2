/**
 * A file the page reads on its line index: the index built in the index worker (its progress told,
 * the bytes' hashes kept for a later save's guard), and the one source over it with the browser's
 * workers for the heavy passes (export, find, a trim's plan). Every tab of the page reads this source.
 */
import type { LineIndex } from '../../core/index/line-index';
import type { FileStat, StorageAdapter } from '../adapter/adapter';
import { indexedSourceOf } from '../source/indexed-source';
import type { SessionSource, SourceStat } from '../source/session-source';
import { exportWorkers } from './export/export-workers';
import { findInFile } from './find/large-find-client';
import { indexFile, readProofOf } from './large-client';
import { planTrimOffThread } from './trim/large-trim-client';

/**
 * Indexes `file` (the file at `stat.path` as `at` found it) and opens the source over that index;
 * `now`: the clock nanobot's edits write.
 */
export async function indexInPage(adapter: StorageAdapter, file: Blob, at: FileStat, stat: Omit<SourceStat, 'kind' | 'other' | 'size' | 'lastModified'>, now: string, onProgress?: (bytes: number, lines: number) => void): Promise<{ index: LineIndex; source: SessionSource }> {
  const index = await indexFile(file, stat.version, onProgress);
  const proof = readProofOf(index, at);
  const held = { file, index, planTrim: planTrimOffThread, ...(proof ? { proof } : {}) };
  const source = indexedSourceOf(adapter, { ...stat, size: at.size, lastModified: at.lastModified, kind: 'index', other: null }, { now, version: stat.version, workers: exportWorkers, finding: { find: findInFile } }, held);
  return { index, source };
}
