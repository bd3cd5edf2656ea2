/**
 * English words of storage errors (a StoreError's reason; its path, keys and native texts as values),
 * the CLI's own words (src/words/store-error-en.ts). Loaded after the first paint, not in the initial
 * JavaScript (see i18n/text.ts); every other language's `errors.ts` has exactly these keys.
 */
import type { NameProblem, SnapshotChange, StoreReason } from '../../../store/adapter/errors';
import { leftoverEn, nameProblemEn, snapshotChangeEn, storeErrorEn } from '../../../words/store-error-en';

const errors = {
  storeError: (r: StoreReason, path?: string): string => storeErrorEn(r, path),
  snapshotChange: (c: SnapshotChange): string => snapshotChangeEn(c),
  /** Why a name cannot be a file name, after “which” or “it”. */
  nameProblem: (p: NameProblem): string => nameProblemEn(p),
  storeLeftover: (path: string): string => leftoverEn(path),
};

export type ErrorText = typeof errors;
export default errors;
