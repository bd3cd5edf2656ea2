/**
 * The workspace's session list page: search (titles, keys, previews at once; message text as the
 * background check reads each file), a channel filter, "only problems", and the list itself.
 */
import { useComputed } from '@preact/signals';
import { formatCount, plural } from '../format';
import { channelFilter, problemsOnly, query, shown } from './filters';
import { activeVersion, folder, folderIndex, leftovers, listing, scanning, scans, scanSkipped } from './model';
import { buildRows, channelCounts, filterRows, rowHref } from './rows';
import { focusFirstRow, SessionList } from './SessionList';
import { iso } from '../iso';

export function SessionsPage() {
  const rows = useComputed(() => buildRows(listing.value?.summaries ?? [], scans.value, leftovers.value));
  const matches = useComputed(() => filterRows(rows.value, query.value, channelFilter.value, problemsOnly.value));
  const f = folder.value;
  const l = listing.value;
  const all = l?.summaries ?? [];
  const total = all.length;
  const checked = all.filter((s) => scans.value.has(s.path) || scanSkipped.value.has(s.path)).length;
  const problems = rows.value.filter((r) => r.badges.some((b) => b.tone !== 'info')).length;
  const channels = channelCounts(rows.value);
  const folderParam = folderIndex.value > 0 && f ? f.path : null;
  const q = query.value.trim();
  const partial = [...scans.value.values()].filter((x) => x.textTruncated).length;

  return (
    <section class="sessions-page" aria-labelledby="sessions-title">
      <h2 id="sessions-title" class="visually-hidden">
        Sessions
      </h2>
      <div class="toolbar" role="search">
        <label class="search">
          <span class="visually-hidden">Search sessions</span>
          <input
            id="session-search"
            type="search"
            placeholder="Search titles, keys and messages   ( / )"
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
          <span>Channel</span>
          <select class="channel-filter" value={channelFilter.value} onChange={(e) => (channelFilter.value = e.currentTarget.value)}>
            <option value="">All channels ({formatCount(total)})</option>
            {channels.map(([c, n]) => (
              <option key={c} value={c}>
                {c} ({formatCount(n)})
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={problemsOnly.value} onChange={(e) => (problemsOnly.value = e.currentTarget.checked)} />
          <span>Only problems{problems ? ` (${formatCount(problems)})` : ''}</span>
        </label>
      </div>
      <p id="search-scope" class="muted small" aria-live="polite">
        {q ? <>{plural(matches.value.length, 'session')} match “{iso(q)}”. </> : `${plural(total, 'session')} in nanobot’s order (newest updated_at first). `}
        {checked < total && scanning.value
          ? `Checking whole files in the background: ${formatCount(checked)} of ${formatCount(total)} done; message text is searched as each file is read.`
          : total
            ? `Searching titles, keys, previews and message text of ${plural(total - scanSkipped.value.size, 'file')}${partial ? ` (${plural(partial, 'file')} only in part: too much text to keep in memory)` : ''}.`
            : ''}
      </p>
      {l?.sortError && (
        <p class="notice danger" role="alert">
          nanobot’s own session list fails on this folder ({l.sortError.type}: {l.sortError.message}): some file’s updated_at is not text. The order
          below is a best effort.
        </p>
      )}
      {total === 0 ? (
        <p class="empty-state">No session files in this folder.</p>
      ) : matches.value.length === 0 ? (
        <p class="empty-state">No session matches. {checked < total ? 'Some files are still being read; more may appear.' : ''}</p>
      ) : (
        <SessionList
          label="Sessions"
          matches={matches.value}
          limit={shown.value}
          onShowMore={() => (shown.value += 200)}
          href={(m) => rowHref(m.row.summary, activeVersion.value, all, folderParam)}
        />
      )}
    </section>
  );
}
