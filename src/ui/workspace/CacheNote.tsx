/** The workspace's line while its listing comes from the last visit: checking the folder, then re-reading what changed. */
import { ui } from '../i18n/text';
import { listingFromCache } from './model';
import { cacheMarks } from './reopen';

export function CacheNote() {
  const at = listingFromCache.value;
  if (at === null) return null;
  const t = ui().cache;
  const m = cacheMarks.value;
  const d = new Date(at);
  const when = Number.isNaN(d.getTime()) ? '?' : new Intl.DateTimeFormat(ui().common.locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
  return (
    <p class={`notice from-cache-note${m?.noAccess ? ' warn' : ''}`} role="status" aria-busy={m?.noAccess ? undefined : 'true'}>
      {m?.noAccess ? t.noAccess(when) : m?.checked ? t.rereading(m.pending) : ui().workspace.fromCache(when)}
    </p>
  );
}
