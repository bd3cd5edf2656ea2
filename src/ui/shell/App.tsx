/**
 * The shell: header, the routed view (start, guide, workspace pages, a session), the footer (version), the drop zone
 * over the whole page, keyboard shortcuts, the status line, and reopening the last workspace
 * when the page loads on a deep link.
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { LENS_VERSION } from '../../core/lens-version';
import { applyUpdate, updateReady } from '../../pwa/register';
import { loadRemembered, openDropped } from '../open/actions';
import { installDropZone } from '../open/drop';
import { lazyComponent } from './lazy';
import { Header } from './Header';
import { RestoreGate } from '../open/RestoreGate';
import { arrivals, navigate, route, type Route } from './router';
import type { Workspace } from '../workspace/workspace';
import { StartScreen } from '../start/StartScreen';
import { arrival, status } from './status';
import { applyTheme } from './theme';
import { focusSearch } from '../workspace/filters';
import { workspace } from '../workspace/model';
import { ui } from '../i18n/text';
import { WorkspaceView } from '../workspace/WorkspaceView';

function isTyping(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** `/` (outside text fields) or Ctrl/⌘+K: go to the session search. */
function onShortcut(e: KeyboardEvent): void {
  const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target);
  const ctrlK = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';
  if ((!slash && !ctrlK) || !workspace.value) return;
  e.preventDefault();
  const r = route.value;
  if (!(r.view === 'workspace' && r.page === 'sessions')) navigate({ view: 'workspace', page: 'sessions', params: r.view === 'workspace' || r.view === 'session' ? (r.params.folder ? { folder: r.params.folder } : {}) : {} });
  focusSearch();
}

/** The shell's one polite live region: results and errors (the status line) and where a navigation arrived. */
function StatusLine() {
  const s = status.value;
  return (
    <div class="status-region" role="status" aria-live="polite">
      <p class="visually-hidden" data-arrival="">
        {arrival.value}
      </p>
      {s && (
        <p class={`status tone-${s.tone}${s.quiet ? ' visually-hidden' : ''}`}>
          <span>
            {s.text}
            {s.link && (
              <>
                {' '}
                <a href={s.link.href} onClick={() => (status.value = null)}>
                  {s.link.label}
                </a>
              </>
            )}
          </span>
          <button type="button" class="btn subtle small" aria-label={ui().start.dismiss} onClick={() => (status.value = null)}>
            ×
          </button>
        </p>
      )}
      {updateReady.value && (
        <p class="status tone-info">
          <span>{ui().start.update}</span>
          <button type="button" class="btn small" onClick={applyUpdate}>
            {ui().start.reload}
          </button>
        </p>
      )}
    </div>
  );
}

type SessionPageProps = { r: Extract<ReturnType<typeof route.peek>, { view: 'session' }> };
/**
 * The session page, loaded on first use or ahead of it (`preload`, in the workspace's idle time) with
 * its views: opening a session then waits on its file, not on ~300 KB of modules (a 1 GiB file's first
 * message came ~130 ms after the link, most of it that code).
 */
const LazySessionPage = lazyComponent<SessionPageProps>(
  () => import('../SessionPage').then((m) => (m.preloadSessionViews(), m.SessionPage)),
  () => ui().start.openingSession,
);
const LazyGuide = lazyComponent(() => import('./Guide').then((m) => m.Guide));

/** Runs `f` once the page is idle (nothing where the browser cannot say); returns the cancel. */
const whenIdle = (f: () => void): (() => void) => {
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  const id = requestIdleCallback(f, { timeout: 3000 });
  return () => cancelIdleCallback(id);
};

function Routed() {
  const r = route.value;
  const ws = workspace.value;
  if (r.view === 'guide') return <LazyGuide />;
  if (r.view === 'start') return <StartScreen />;
  if (!ws) return <RestoreGate />;
  if (r.view === 'workspace') return <WorkspaceView page={r.page} folderParam={r.params.folder} />;
  return <LazySessionPage r={r} />;
}

/** Where a route is, in words: the page's name in the title and in what the live region says on arrival ('' for the start screen). */
function placeName(r: Route, ws: Workspace | null): string {
  const t = ui();
  return r.view === 'session' ? r.key : r.view === 'workspace' ? `${ws?.name ?? t.header.workspace}${r.page === 'sessions' ? '' : ` · ${t.workspace.tabs[r.page]}`}` : r.view === 'guide' ? t.header.guide : '';
}

export function App() {
  const dragging = useSignal(false);

  useEffect(() => {
    applyTheme();
    void loadRemembered(); // a workspace or session link is reopened by <RestoreGate>
    const stopDrop = installDropZone(window, (d) => void openDropped(d), (over) => (dragging.value = over));
    window.addEventListener('keydown', onShortcut);
    return () => {
      stopDrop();
      window.removeEventListener('keydown', onShortcut);
    };
  }, []);

  // Titles say where you are (screen readers announce them, tabs show them).
  const r = route.value;
  const ws = workspace.value;
  // A workspace shown: the session page's code next, once the page is idle.
  const listed = !!ws && r.view === 'workspace';
  useEffect(() => (listed ? whenIdle(LazySessionPage.preload) : undefined), [listed]);
  useEffect(() => {
    const where = placeName(r, ws);
    document.title = where ? `${where} — Session Lens` : 'Session Lens';
  }, [r, ws, ui()]);

  // After each navigation (not the first load), the new page's heading takes focus once drawn, and the live region says where.
  const arrived = arrivals.value;
  const atFirstLoad = useRef(arrived);
  useEffect(() => {
    if (arrived !== atFirstLoad.current) void import('./focus').then((f) => f.followArrival(placeName));
  }, [arrived]);

  return (
    <>
      <a
        class="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {ui().start.skip}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Routed />
      </main>
      {/* The version a person runs (to name in a report, to compare with CHANGELOG.md) and where their files go: nowhere. */}
      <footer class="app-footer">
        <p>
          <span data-version={LENS_VERSION}>{ui().footer.version(LENS_VERSION)}</span> · {ui().footer.local}
        </p>
      </footer>
      <StatusLine />
      {dragging.value && (
        <div class="drop-overlay" aria-hidden="true">
          <p>{ui().start.dropHere}</p>
        </div>
      )}
    </>
  );
}
