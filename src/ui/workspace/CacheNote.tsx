/** The workspace's line while its listing comes from the last visit: checking the folder, then re-reading what changed. */
import { ui } from '../i18n/text';
import { listingFromCache } from './model';
import { cacheMarks } from './scan/reopen';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * When the cached listing was made, in the words the rows' times use: by hand, since the page's first
 * Intl.DateTimeFormat loads the locale's data, and would do so inside the render that shows the cached rows.
 */
function savedWhen(at: number): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '?';
  return ui().common.naiveTime(String(d.getFullYear()), d.getMonth() + 1, d.getDate(), two(d.getHours()), two(d.getMinutes()));
}

export function CacheNote() {
  const at = listingFromCache.value;
  if (at === null) return null;
  const t = ui().cache;
  const m = cacheMarks.value;
  const when = savedWhen(at);
  return (
    <p class={`notice from-cache-note${m?.noAccess ? ' warn' : ''}`} role="status" aria-busy={m?.noAccess ? undefined : 'true'}>
      {m?.noAccess ? t.noAccess(when) : m?.checked ? t.rereading(m.pending) : ui().workspace.fromCache(when)}
    </p>
  );
}
