/**
 * The workspace level: what was opened and how it is laid out (which session folder is shown),
 * whether edits can be saved, and the Sessions / Health / Leftovers pages. Follows changes on disk.
 */
import { computed } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { allowEditing, closeWorkspaceToStart } from '../actions';
import { plural } from '../format';
import { lazyComponent } from '../lazy';
import { watchFolder } from '../live';
import { navigate, type WorkspacePage } from '../router';
import { VersionLine } from './VersionLine';
import { folderLabel, layoutText, namingText } from './layout-text';
import { hasProblems, healthReport } from './health';
import { folder, folderCounts, folderIndex, leftovers, listedSignature, listing, listingBusy, listingError, listingFromCache, refreshListing, scans, scanSkipped, selectFolder, workspace } from './model';
import { SessionsPage } from './SessionsPage';

const PAGES: { page: WorkspacePage; label: string; href: string }[] = [
  { page: 'sessions', label: 'Sessions', href: '#/w' },
  { page: 'health', label: 'Health', href: '#/w/health' },
  { page: 'leftovers', label: 'Leftovers', href: '#/w/leftovers' },
  { page: 'upgrade', label: 'Upgrade', href: '#/w/upgrade' },
];

const UpgradePage = lazyComponent(() => import('./UpgradePage').then((m) => m.UpgradePage));
const HealthPage = lazyComponent(() => import('./HealthPage').then((m) => m.HealthPage));
const LeftoversPage = lazyComponent(() => import('./LeftoversPage').then((m) => m.LeftoversPage));

/** Files with a problem, for the Health tab's count: computed once per listing or scan change, not per render. */
const problemCount = computed(() => healthReport(listing.value?.summaries ?? [], scans.value, scanSkipped.value, leftovers.value, false).filter(hasProblems).length);

/** The read-only banner, with the way to allow editing when the browser can ask. */
export function ReadOnlyBanner() {
  const ws = workspace.value;
  if (!ws || ws.writable) return null;
  return (
    <p class="notice warn" role="note">
      <strong>Read-only.</strong> {ws.readOnlyReason}{' '}
      {ws.root && ws.kind === 'folder' && (
        <button type="button" class="btn small" onClick={() => void allowEditing()}>
          Allow editing
        </button>
      )}
    </p>
  );
}

export function WorkspaceView({ page, folderParam }: { page: WorkspacePage; folderParam?: string }) {
  const ws = workspace.value!;
  const f = folder.value;
  const l = listing.value;

  // A `folder=` link (from a deep link or the folder picker) selects that session folder.
  useEffect(() => {
    if (folderParam === undefined) return;
    const i = ws.layout.folders.findIndex((x) => x.path === folderParam);
    if (i >= 0 && i !== folderIndex.value) void selectFolder(i);
  }, [folderParam, ws]);

  useEffect(() => {
    if (!f) return;
    return watchFolder({ adapter: ws.adapter, root: ws.root, path: f.path }, () => listedSignature, () => void refreshListing());
  }, [ws, f]);

  const counts: Record<WorkspacePage, number | null> = { sessions: l?.summaries.length ?? null, health: l ? problemCount.value : null, leftovers: leftovers.value.length, upgrade: null };

  return (
    <div class="workspace">
      <div class="workspace-head">
        <div>
          <h1 class="workspace-title">{ws.name}</h1>
          <p class="layout-text">{layoutText(ws.layout, ws.name, folderCounts.value)}</p>
          {f && (
            <details class="naming">
              <summary>{namingText(f.naming).short}</summary>
              <p class="muted small">{namingText(f.naming).long}</p>
            </details>
          )}
          {f && <VersionLine />}
          {ws.layout.notes.map((n) => (
            <p key={n} class="notice">
              {n}
            </p>
          ))}
        </div>
        <div class="workspace-actions">
          <button type="button" class="btn subtle" onClick={() => void refreshListing()} disabled={listingBusy.value}>
            {listingBusy.value ? 'Reading…' : 'Reload'}
          </button>
          <button type="button" class="btn subtle" onClick={closeWorkspaceToStart}>
            Close
          </button>
        </div>
      </div>
      {ws.layout.folders.length > 1 && (
        <label class="field folder-picker">
          <span>Session folder</span>
          <select
            value={String(folderIndex.value)}
            onChange={(e) => {
              const i = Number(e.currentTarget.value);
              navigate({ view: 'workspace', page, params: i > 0 ? { folder: ws.layout.folders[i]!.path } : {} }, { replace: true });
              void selectFolder(i);
            }}
          >
            {ws.layout.folders.map((x, i) => (
              <option key={x.path} value={String(i)}>
                {folderLabel(x, folderCounts.value)}
              </option>
            ))}
          </select>
        </label>
      )}
      <ReadOnlyBanner />
      {ws.writable && ws.kind !== 'demo' && (
        <p class="notice gateway" role="note">
          Edits are saved straight into the folder {ws.name}. A running nanobot gateway keeps sessions in memory
          and re-saves them when it shuts down, which can overwrite edits made here: stop it first.
        </p>
      )}
      <nav class="tabs" aria-label="Workspace">
        {PAGES.map((p) => (
          <a key={p.page} href={p.href + (folderIndex.value > 0 && f ? `?folder=${encodeURIComponent(f.path)}` : '')} class="tab" aria-current={p.page === page ? 'page' : undefined}>
            {p.label}
            {counts[p.page] !== null && <span class={`count${p.page !== 'sessions' && counts[p.page] ? ' alert' : ''}`}>{counts[p.page]}</span>}
          </a>
        ))}
      </nav>
      {listingFromCache.value !== null && (
        <p class="notice from-cache-note" role="status" aria-busy="true">
          Shown as it was on your last visit ({new Date(listingFromCache.value).toLocaleString()}); reading the folder again for changes…
        </p>
      )}
      {listingError.value && (
        <p class="notice danger" role="alert">
          {listingError.value}
        </p>
      )}
      {!f ? (
        <p class="empty-state">No session folder here. {ws.layout.kind === 'workspace' ? 'Open nanobot’s config folder (usually ~/.nanobot) to see this workspace’s sessions.' : ''}</p>
      ) : !l ? (
        <p class="empty-state" aria-busy="true">
          Reading {plural(f.sessions.length, 'session file')}…
        </p>
      ) : page === 'health' ? (
        <HealthPage />
      ) : page === 'leftovers' ? (
        <LeftoversPage />
      ) : page === 'upgrade' ? (
        <UpgradePage />
      ) : (
        <SessionsPage />
      )}
    </div>
  );
}
