/**
 * A workspace reopened from its cached listing: which rows are not yet confirmed against the folder.
 * Until the folder is statted every row is unchecked; then rows of unchanged files are current, and
 * only changed (or otherwise unconfirmable) files stay marked until they are read again.
 */
import { signal } from '@preact/signals';
import type { CacheCheck } from '../../../store/listing/cache/listing-reconcile';
import type { Listing } from '../../../store/listing/session-list';

/** How a row shown from the cache stands: not checked yet, changed on disk, or being read again for another reason. */
export type CacheMark = 'unchecked' | 'changed' | 'rereading' | 'noaccess';

export interface CacheMarks {
  /** False until the folder is statted: every row is then unchecked. */
  checked: boolean;
  changed: ReadonlySet<string>;
  rereading: ReadonlySet<string>;
  /** Files being read: changed, re-read and new ones. */
  pending: number;
  /** The folder cannot be read (access not granted): no row can be checked. */
  noAccess?: true;
}

/** The marks of the listing shown now (null: it is current, nothing from the cache). */
export const cacheMarks = signal<CacheMarks | null>(null);

/** Every row unchecked: the cached listing was just put on screen. */
export const UNCHECKED: CacheMarks = { checked: false, changed: new Set(), rereading: new Set(), pending: 0 };

/** Every row unconfirmable: a reload's cached listing whose folder is no longer readable. */
export const NO_ACCESS: CacheMarks = { ...UNCHECKED, noAccess: true };

/** A file's mark, or null when its row is current. */
export function markOf(marks: CacheMarks | null, fileName: string): CacheMark | null {
  if (!marks) return null;
  if (marks.noAccess) return 'noaccess';
  if (!marks.checked) return 'unchecked';
  return marks.changed.has(fileName) ? 'changed' : marks.rereading.has(fileName) ? 'rereading' : null;
}

/** The marks once the folder is statted: only rows that cannot be reused stay marked. */
export function marksAfterCheck(c: CacheCheck): CacheMarks {
  return { checked: true, changed: c.changed, rereading: c.unconfirmed, pending: c.changed.size + c.unconfirmed.size + c.added.length };
}

/** The cached listing without the files that are gone (new ones appear once read, in their place). */
export function withoutVanished(shown: Listing, c: CacheCheck): Listing {
  return { ...shown, summaries: shown.summaries.filter((s) => !c.vanished.has(s.fileName)) };
}
