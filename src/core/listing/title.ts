/** The sidebar title nanobot shows for a session (contract D15). */
import { dictGet, isDict, type PyValue } from '../python/pyvalue';
import type { VersionRules } from '../nanobot/nanobot-version';
import { stripThink } from './think';

/**
 * nanobot `metadata_title`: `""` unless metadata is a dict with a string `title`; a title the user
 * edited (`title_user_edited is True`, not merely truthy) is shown raw, a generated one through
 * `strip_think`, since models leak reasoning into generated titles. `rules`: the version's (v0.2's when absent).
 */
export function sessionTitle(metadata: PyValue, rules?: Pick<VersionRules, 'titleStripsThink' | 'thinkTags'>): string {
  if (!isDict(metadata)) return '';
  const title = dictGet(metadata, 'title');
  if (typeof title !== 'string') return '';
  // 0.2.0 shows the stored title as it is.
  if (rules && !rules.titleStripsThink) return title;
  return dictGet(metadata, 'title_user_edited') === true ? title : stripThink(title, rules?.thinkTags);
}
