/** A session row's word while the listing comes from the last visit: unchecked, changed (re-reading) or re-reading. */
import { ui } from '../i18n/text';
import { cacheMarks, markOf } from './scan/reopen';

/** Rendered in each row; reads the marks signal itself, so confirming rows re-renders only these. */
export function CacheMark({ file }: { file: string }) {
  const mark = markOf(cacheMarks.value, file);
  if (!mark) return null;
  return <span class={`cache-mark cache-${mark}`}>{ui().cache.rows[mark]}</span>;
}
