/**
 * The workspace level: what was opened and how it is laid out (which session folder is shown),
 * whether edits can be saved, and the Sessions / Health / Leftovers pages. Follows changes on disk.
 */
import { computed } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { allowEditing, closeWorkspaceToStart } from '../open/actions';
import { lazyComponent } from '../shell/lazy';
import { watchFolder } from '../open/live';
import { navigate, type WorkspacePage } from '../shell/router';
import { isChosen, VersionSummary } from './version/version-choice';
import { GatewayNote } from './GatewayNote';
import { folderLabel, layoutText, noSessionsHere } from './version/layout-text';
import { problemCount as countProblems } from './pages/health';
import { activeVersion, verdict, folder, folderCounts, folderIndex, leftovers, listedSignature, listing, listingBusy, listingError, refreshListing, scans, selectFolder, workspace } from './model';
import { SessionsPage } from './SessionsPage';
import { ui } from '../i18n/text';
import { CacheNote } from './CacheNote';

/** The pages' tabs, in order: each at `#/w/<page>` (the sessions at `#/w`). */
const PAGES: WorkspacePage[] = ['sessions', 'health', 'leftovers', 'memory', 'upgrade'];

/** The version panel and a conflict's note load on use: the first screen needs only the one-line summary. */
// Nothing stands in their place meanwhile: the panel is folded, and the one-line summary already names the version.
const VersionLine = lazyComponent(() => import('./version/VersionLine').then((m) => m.VersionLine), () => null);
const NamingLine = lazyComponent(() => import('./version/VersionLine').then((m) => m.NamingLine), () => null);
const VersionConflictNote = lazyComponent(() => import('./version/VersionLine').then((m) => m.VersionConflictNote), () => null);
const UpgradePage = lazyComponent(() => import('./pages/UpgradePage').then((m) => m.UpgradePage));
const HealthPage = lazyComponent(() => import('./pages/HealthPage').then((m) => m.HealthPage));
const LeftoversPage = lazyComponent(() => import('./pages/LeftoversPage').then((m) => m.LeftoversPage));
const MemoryPage = lazyComponent(() => import('./pages/MemoryPage').then((m) => m.MemoryPage));

/** Files with a problem, for the Health tab's count: computed once per listing or scan change, not per render. */
const problemCount = computed(() => countProblems(listing.value?.summaries ?? [], scans.value, leftovers.value));

/** The read-only banner, with the way to allow editing when the browser can ask. */
export function ReadOnlyBanner() {
  const ws = workspace.value;
  if (!ws || ws.writable) return null;
  return (
    <p class="notice warn" role="note">
      <strong>{ui().workspace.readOnly}</strong> {ws.readOnlyReason}{' '}
      {ws.root && ws.kind === 'folder' && (
        <button type="button" class="btn small" onClick={() => void allowEditing()}>
          {ui().workspace.allowEditing}
        </button>
      )}
    </p>
  );
}

/** A folder with no sessions: said once, with where nanobot keeps them, and the way to open another. */
function NoSessionsHere({ name }: { name: string }) {
  const t = ui().workspace.none;
  return (
    <section class="workspace no-sessions" aria-labelledby="no-sessions-title">
      <h1 id="no-sessions-title" class="workspace-title">{t.title(name)}</h1>
      <p>{t.lead}</p>
      <ul>
        {t.where.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      <p class="muted">{t.notKept}</p>
      <p>
        <button type="button" class="btn primary" onClick={closeWorkspaceToStart}>
          {t.another}
        </button>
      </p>
    </section>
  );
}

export function WorkspaceView({ page, folderParam }: { page: WorkspacePage; folderParam?: string }) {
  const ws = workspace.value!;
  if (noSessionsHere(ws.layout)) return <NoSessionsHere name={ws.name} />;
  return <WorkspaceWithSessions page={page} {...(folderParam !== undefined ? { folderParam } : {})} />;
}

function WorkspaceWithSessions({ page, folderParam }: { page: WorkspacePage; folderParam?: string }) {
  const ws = workspace.value!;
  const f = folder.value;
  const l = listing.value;
  const t = ui().workspace;

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

  const counts: Record<WorkspacePage, number | null> = { sessions: l?.summaries.length ?? null, health: l ? problemCount.value : null, leftovers: leftovers.value.length, memory: null, upgrade: null };

  return (
    <div class="workspace">
      <div class="workspace-head">
        <h1 class="workspace-title">{ws.name}</h1>
        <details class="workspace-facts">
          <summary>
            {f ? <VersionSummary /> : <span>{t.about}</span>}
            {ws.layout.notes.length > 0 && <span class="facts-notes">{t.notesN(ws.layout.notes.length)}</span>}
          </summary>
          <div class="facts-panel">
            <p class="layout-text">{layoutText(ws.layout, ws.name, folderCounts.value)}</p>
            {f && <NamingLine naming={f.naming} />}
            {ws.layout.notes.map((n) => (
              <p key={n} class="notice">
                {t.layout.note(n)}
              </p>
            ))}
            {f && <VersionLine />}
          </div>
        </details>
        <div class="workspace-actions">
          <button type="button" class="btn subtle" onClick={() => void refreshListing()} disabled={listingBusy.value}>
            {listingBusy.value ? t.reading : t.reload}
          </button>
          <button type="button" class="btn subtle" onClick={closeWorkspaceToStart}>
            {t.close}
          </button>
        </div>
      </div>
      {ws.layout.folders.length > 1 && (
        <label class="field folder-picker">
          <span>{t.folder}</span>
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
      <GatewayNote ws={ws} />
      <nav class="tabs" aria-label={t.nav}>
        {PAGES.map((p) => (
          <a key={p} href={`#/w${p === 'sessions' ? '' : `/${p}`}${folderIndex.value > 0 && f ? `?folder=${encodeURIComponent(f.path)}` : ''}`} class="tab" aria-current={p === page ? 'page' : undefined}>
            {t.tabs[p]}
            {counts[p] !== null && <span class={`count${p !== 'sessions' && counts[p] ? ' alert' : ''}`}>{counts[p]}</span>}
          </a>
        ))}
      </nav>
      <CacheNote />
      {verdict.value?.status === 'conflicting' && !isChosen() && <VersionConflictNote />}
      {listingError.value && (
        <p class="notice danger" role="alert">
          {listingError.value}
        </p>
      )}
      {!f ? (
        <p class="empty-state">
          {t.noFolder}
          {ws.layout.kind === 'workspace' ? t.openConfig : ''}
        </p>
      ) : !l ? (
        <p class="empty-state" aria-busy="true">
          {t.readingFiles(f.sessions.length)}
        </p>
      ) : page === 'health' ? (
        <HealthPage />
      ) : page === 'leftovers' ? (
        <LeftoversPage />
      ) : page === 'memory' ? (
        <MemoryPage adapter={ws.adapter} dir={f.role === 'workspace' ? f.path.replace(/\/?sessions$/, '') : ''} version={activeVersion.value} />
      ) : page === 'upgrade' ? (
        <UpgradePage />
      ) : (
        <SessionsPage />
      )}
    </div>
  );
}
