/**
 * English words of storage errors (a StoreError's reason; its path, keys and native texts as values),
 * the CLI's own words (src/words/store-error-en.ts). Loaded after the first paint, not in the initial
 * JavaScript (see i18n/text.ts); every other language's `errors.ts` has exactly these keys.
 */
import type { NameProblem, SnapshotChange, StoreReason } from '../../../store/adapter/errors';
import type { DroppedFolder } from '../../../store/listing/handles';
import { leftoverEn, nameProblemEn, snapshotChangeEn, storeErrorEn } from '../../../words/store-error-en';

const errors = {
  storeError: (r: StoreReason, path?: string): string => storeErrorEn(r, path),
  snapshotChange: (c: SnapshotChange): string => snapshotChangeEn(c),
  /** Why a name cannot be a file name, after “which” or “it”. */
  nameProblem: (p: NameProblem): string => nameProblemEn(p),
  storeLeftover: (path: string): string => leftoverEn(path),
  /** Remembered-folder records read back from IndexedDB that are not folder records (left out). */
  droppedFolders: (d: DroppedFolder[]): string =>
    `${d.map((f) => `remembered folder ${f.id !== null ? `"${f.id}"` : `#${f.at}`} is not a folder record (${f.field || 'record'}${f.problem ? `: ${f.problem}` : ''}), left out`).join('; ')}.`,
};

export type ErrorText = typeof errors;
export default errors;
