/**
 * The workspace's session list page: search (titles, keys, previews at once; message text as the
 * background check reads each file), a channel filter, "only problems", and the list itself.
 */
import { useComputed, useSignalEffect } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { navigate, parseHash, route } from '../shell/router';
import { groupDigits } from '../i18n/numbers';
import { ui } from '../i18n/text';
import { lazyComponent } from '../shell/lazy';
import { applyListParams, channelFilter, hasListParams, listParams, problemsOnly, query, shown, SORTS, sortOrder, type SortOrder } from './filters';
import { activeVersion, firstScreenTotal, folder, folderIndex, leftovers, listing, scanning, scans, scanSkipped } from './model';
import { buildRows, channelCounts, filterRows, rowHref, sortMatches } from './rows';
import { focusFirstRow, SessionList } from './SessionList';
import { iso } from '../parts/iso';
import { rulesOf } from '../../core/nanobot/nanobot-version';

/**
 * Only a folder nanobot's listing fails on needs its files named and the save it offers: loaded
 * then, the failure said in one line meanwhile.
 */
const ListingFailure = lazyComponent(() => import('./version/ListingFailure').then((m) => m.ListingFailure), () => <p class="notice danger listing-failure">{ui().workspace.sortErrorShort}</p>);

/** The list's parameters this page last wrote into the link. */
let written = '';
const pickList = (p: Record<string, string>) => ({ q: p.q, channel: p.channel, problems: p.problems, sort: p.sort });

export function SessionsPage() {
  const rows = useComputed(() => buildRows(listing.value?.summaries ?? [], scans.value, leftovers.value));
  const matches = useComputed(() => sortMatches(filterRows(rows.value, query.value, channelFilter.value, problemsOnly.value), sortOrder.value));
  // The search, filters and sort live in the link: a link sets them; without any, the ones kept from before go into it.
  // (A link written here is not read back: typing runs ahead of the route it writes.)
  const params = route.value.params;
  useEffect(() => {
    if (hasListParams(params) && JSON.stringify(pickList(params)) !== written) applyListParams(params);
  }, [params.q, params.channel, params.problems, params.sort]);
  useSignalEffect(() => {
    const wanted = listParams();
    const r = route.peek();
    if (r.view !== 'workspace' || r.page !== 'sessions') return;
    // A link just followed may not have reached the route yet (its hashchange still queued): never write over it.
    const live = parseHash(location.hash);
    if (live.view !== 'workspace' || live.page !== 'sessions') return;
    const { q: _q, channel: _c, problems: _p, sort: _s, ...rest } = r.params;
    const next = { ...rest, ...wanted };
    written = JSON.stringify(pickList(next));
    if (JSON.stringify(next) !== JSON.stringify(r.params)) navigate({ ...r, params: next }, { replace: true });
  });
  const f = folder.value;
  const l = listing.value;
  const all = l?.summaries ?? [];
  // Only the first screen of a cached listing is shown yet: the counts are the whole listing's.
  const total = firstScreenTotal.value ?? all.length;
  const listed = all.filter((s) => s.row).length;
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
                {c} ({groupDigits(n)})
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          <span>{t.sort}</span>
          <select class="sort-control" value={sortOrder.value} onChange={(e) => (sortOrder.value = e.currentTarget.value as SortOrder)}>
            {SORTS.map((o) => (
              <option key={o} value={o}>
                {t.sorts[o]}
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
        ) : sortOrder.value === 'nanobot' ? (
          // nanobot's order is the order of what it lists: say how much of the folder that is.
          listed === all.length ? t.inOrder(total) : t.inOrderPart(total, listed, rulesOf(activeVersion.value).label)
        ) : (
          t.sortedBy(total, t.sorts[sortOrder.value])
        )}
        {checked < total && scanning.value ? t.checking(checked, total) : total ? t.searching(total - scanSkipped.value.size, partial) : ''}
      </p>
      {l?.sortError && <ListingFailure listing={l} />}
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
