/**
 * The browser's workers for a file the page reads on its line index (`PageWorkers`, handed to
 * `openSource`): the index built in the index worker (its progress told, the bytes' hashes kept for
 * a later save's guard), and the heavy passes (a trim's plan, export, find) in workers of their own.
 */
import type { PageWorkers } from '../source/indexed-source';
import { exportWorkers } from './export/export-workers';
import { findInFile } from './find/large-find-client';
import { indexFile, readProofOf } from './large-client';
import { planTrimOffThread } from './trim/large-trim-client';

/** The page's workers, one set for every file it reads on its index. */
export const pageWorkers: PageWorkers = {
  async index(file, at, version, onProgress) {
    const index = await indexFile(file, version, onProgress);
    const proof = readProofOf(index, at);
    return { index, ...(proof ? { proof } : {}) };
  },
  planTrim: planTrimOffThread,
  workers: exportWorkers,
  finding: { find: findInFile },
};
