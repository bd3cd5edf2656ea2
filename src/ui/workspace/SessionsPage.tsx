/**
 * The workspace's session list page: search (titles, keys, previews at once; message text as the
 * background check reads each file), a channel filter, "only problems", and the list itself.
 */
import { useComputed } from '@preact/signals';
import { formatCount } from '../format';
import { ui } from '../i18n/text';
import { channelFilter, problemsOnly, query, shown } from './filters';
import { activeVersion, firstScreenTotal, folder, folderIndex, leftovers, listing, scanning, scans, scanSkipped } from './model';
import { buildRows, channelCounts, filterRows, rowHref } from './rows';
import { focusFirstRow, SessionList } from './SessionList';
import { iso } from '../iso';

export function SessionsPage() {
  const rows = useComputed(() => buildRows(listing.value?.summaries ?? [], scans.value, leftovers.value));
  const matches = useComputed(() => filterRows(rows.value, query.value, channelFilter.value, problemsOnly.value));
  const f = folder.value;
  const l = listing.value;
  const all = l?.summaries ?? [];
  // Only the first screen of a cached listing is shown yet: the counts are the whole listing's.
  const total = firstScreenTotal.value ?? all.length;
  const checked = all.filter((s) => scans.value.has(s.path) || scanSkipped.value.has(s.path)).length;
  const problems = rows.value.filter((r) => r.badges.length > 0).length;
  const channels = channelCounts(rows.value);
  const folderParam = folderIndex.value > 0 && f ? f.path : null;
  const q = query.value.trim();
  const partial = [...scans.value.values()].filter((x) => x.textTruncated).length;
  const t = ui().workspace;

  return (
    <section class="sessions-page" aria-labelledby="sessions-title">
      <h2 id="sessions-title" class="visually-hidden">
        {t.sessions}
      </h2>
      <div class="toolbar" role="search">
        <label class="search">
          <span class="visually-hidden">{t.search}</span>
          <input
            id="session-search"
            type="search"
            placeholder={t.placeholder}
            value={query.value}
            onInput={(e) => {
              query.value = e.currentTarget.value;
              shown.value = 200;
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                focusFirstRow();
              }
            }}
            aria-describedby="search-scope"
          />
        </label>
        <label class="field">
          <span>{t.channel}</span>
          <select class="channel-filter" value={channelFilter.value} onChange={(e) => (channelFilter.value = e.currentTarget.value)}>
            <option value="">{t.allChannels(total)}</option>
            {channels.map(([c, n]) => (
              <option key={c} value={c}>
                {c} ({formatCount(n)})
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={problemsOnly.value} onChange={(e) => (problemsOnly.value = e.currentTarget.checked)} />
          <span>{t.onlyProblems(problems)}</span>
        </label>
      </div>
      <p id="search-scope" class="muted small" aria-live="polite">
        {q ? (
          <>
            {t.matchQ(matches.value.length)}
            {iso(q)}
            {t.matchEnd}
          </>
        ) : (
          t.inOrder(total)
        )}
        {checked < total && scanning.value ? t.checking(checked, total) : total ? t.searching(total - scanSkipped.value.size, partial) : ''}
      </p>
      {l?.sortError && (
        <div class="notice danger one-line" role="alert">
          <details>
            <summary>{t.sortErrorShort}</summary>
            <p>{t.sortError(`${l.sortError.type}: ${l.sortError.message}`)}</p>
          </details>
        </div>
      )}
      {total === 0 ? (
        <p class="empty-state">{t.noFiles}</p>
      ) : matches.value.length === 0 ? (
        <p class="empty-state">
          {t.noMatch}
          {checked < total ? t.stillReading : ''}
        </p>
      ) : (
        <SessionList
          label={t.sessions}
          matches={matches.value}
          limit={shown.value}
          onShowMore={() => (shown.value += 200)}
          href={(m) => rowHref(m.row.summary, activeVersion.value, all, folderParam)}
        />
      )}
    </section>
  );
}
