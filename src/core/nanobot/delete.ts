/**
 * What nanobot's `delete_session(key)` removes at each version (spec §13): the files a key can
 * live in. Session Lens deletes only the file that is open; this says what nanobot would also take.
 */
import { base64urlKey, safeKey } from './keys';
import { rulesOf, type NanobotVersion } from './nanobot-version';

/** A file nanobot's delete removes: in the session folder, or in the global legacy folder (~/.nanobot/sessions). */
export interface DeleteTarget {
  where: 'sessions' | 'legacy';
  fileName: string;
}

/**
 * The files `delete_session(key)` removes at a version (a lone-surrogate key names only the lossy ones): none
 * before 0.1.5.post2 (no such call), the sessions folder's only up to 0.2.1, the legacy one too from 0.2.2.
 */
export function deleteTargets(key: string, version: NanobotVersion): DeleteTarget[] {
  const rules = rulesOf(version);
  if (!rules.deleteSession) return [];
  const lossy = `${safeKey(key)}.jsonl`;
  let canonical: string | null = null;
  try {
    canonical = `${base64urlKey(key)}.jsonl`;
  } catch {
    canonical = null; // Python's key.encode() would raise first
  }
  const legacy: DeleteTarget[] = rules.deleteLegacy ? [{ where: 'legacy', fileName: lossy }] : [];
  if (rules.deleteNames === 'lossy') return [{ where: 'sessions', fileName: lossy }, ...legacy];
  return [...(canonical ? [{ where: 'sessions' as const, fileName: canonical }] : []), { where: 'sessions', fileName: lossy }, ...legacy];
}
