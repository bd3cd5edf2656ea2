/** The workspace's line while its listing comes from the last visit: checking the folder, then re-reading what changed. */
import { ui } from '../i18n/text';
import { listingFromCache } from './model';
import { cacheMarks } from './reopen';

export function CacheNote() {
  const at = listingFromCache.value;
  if (at === null) return null;
  const t = ui().cache;
  const m = cacheMarks.value;
  return (
    <p class="notice from-cache-note" role="status" aria-busy="true">
      {m?.checked ? t.rereading(m.pending) : ui().workspace.fromCache(new Date(at).toLocaleString(ui().common.locale))}
    </p>
  );
}
