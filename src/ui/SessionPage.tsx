/**
 * Hosts one session: finds the file a `#/s/<key>` route means, opens it through the session store,
 * follows changes on disk (re-opening and handing the view the new session), and mounts the
 * session views (loaded on demand, so the start screen stays small).
 */
import type { FunctionComponent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { isBusy } from '../store/save/save-queue';
import { openSession, type OpenedSession } from '../store/save/sessions';
import { formatBytes } from './parts/format';
import { watchFile } from './open/live-file';
import { formatRoute, navigate, type Route } from './shell/router';
import type { SessionHostProps } from './session-host';
import { errorText, say } from './shell/status';
import { activeVersion, folder, folderIndex, listing, nowIso, refreshListing, selectFolder, workspace } from './workspace/model';
import { resolveSession, rowHref } from './workspace/rows';
import { ReadOnlyBanner } from './workspace/WorkspaceView';
import { workspaceId } from './workspace/workspace';
import { iso, visible } from './parts/iso';
import { GatewayNote } from './workspace/GatewayNote';
import { pg, ui } from './i18n/text';
import { fill } from './session/parts/fill';
import type { OpeningPreviewProps } from './session/OpeningPreview';
import type { PyDict } from '../core/python/pyvalue';
import { pickOf, withFullView } from './session/large/threshold';
import { openSource } from '../store/source/open-source';
import type { SessionSource } from '../store/source/session-source';
import { loadOnce } from './shell/lazy';

type SessionRoute = Extract<Route, { view: 'session' }>;

/** The browser's workers a file read on its line index builds its index in (their modules fetched with the first such file). */
const pageWorkers = () => import('../store/large/page-source').then((m) => m.pageWorkers);

/** The route's parameters the page owns, kept when the view changes its tab or settings (the file, the view's mode). */
const KEPT_PARAMS = ['file', 'full', 'large'] as const;

/** The entries of `params` named in `keys`. */
function pick(params: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => keys.includes(k)));
}

interface Views {
  SessionView: FunctionComponent<SessionHostProps>;
  /** Absent in tests that stand in a fake view module. */
  OpeningPreview?: FunctionComponent<OpeningPreviewProps>;
  /** Work done in slices before a file is shown, so its first render is short (also absent in those tests). */
  prepareView?: (o: OpenedSession) => Promise<void>;
}

/** The session views, loaded once: on first use, or ahead of it (`preloadSessionViews`); a load that failed is tried again. */
const loadSessionView: () => Promise<Views> = loadOnce(() => import('./session/SessionView'));

/** Fetches and runs the session views' modules ahead of a session's opening (the list's idle time: App.tsx). */
export function preloadSessionViews(): void {
  void loadSessionView().catch(() => undefined);
}

/** Resolves with `o` once the views have prepared it (a 50,000-message file: in slices, not in the render). */
async function readyToShow(o: OpenedSession): Promise<OpenedSession> {
  const v = await loadSessionView();
  await v.prepareView?.(o);
  return o;
}

function useSessionView(): Views | null {
  const [View, setView] = useState<Views | null>(null);
  useEffect(() => {
    let live = true;
    loadSessionView().then(
      (v) => live && setView(() => v),
      (e) => say(pg().session.viewsFailed(errorText(e)), 'error'),
    );
    return () => void (live = false);
  }, []);
  return View;
}

export function SessionPage({ r }: { r: SessionRoute }) {
  const ws = workspace.value!;
  const f = folder.value;
  const l = listing.value;
  const View = useSessionView();
  // The file as the one SessionSource its size and the route's line pick (openSource decides, once).
  const [source, setSource] = useState<SessionSource | null>(null);
  const [opened, setOpened] = useState<OpenedSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A big file's first messages and parse progress, from the worker, until it is open.
  const [preview, setPreview] = useState<PyDict[] | null>(null);
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const current = useRef<OpenedSession | null>(null);
  current.current = opened;
  /** Shows a new version once prepared, unless another file (or version) took its place meanwhile. */
  const showWhenReady = async (next: OpenedSession): Promise<boolean> => {
    const was = current.current;
    await readyToShow(next);
    if (current.current !== was) return false;
    setOpened(next);
    return true;
  };

  // A `folder=` link selects that session folder of the workspace first.
  useEffect(() => {
    const want = r.params.folder;
    if (want === undefined) return;
    const i = ws.layout.folders.findIndex((x) => x.path === want);
    if (i >= 0 && i !== folderIndex.value) void selectFolder(i);
  }, [r.params.folder, ws]);

  const folderPending = r.params.folder !== undefined && f?.path !== r.params.folder && ws.layout.folders.some((x) => x.path === r.params.folder);
  const summary = l && f && !folderPending ? resolveSession(l.summaries, r.key, activeVersion.value, r.params.file) : undefined;
  const path = summary?.path;
  /** The file opened again as a source under the same line (an edit's plan and save read it as it is now). */
  const reopen = (key?: string) => openSource(ws.adapter, path!, { version: activeVersion.value, now: nowIso(), pick: pickOf(r.params), page: pageWorkers, ...(key !== undefined ? { key } : {}) });
  /** This route with the full view asked or not: the links between the two views. */
  const switchHref = (full: boolean) => formatRoute({ view: 'session', key: r.key, ...(r.tab ? { tab: r.tab } : {}), params: withFullView(r.params, full) });

  useEffect(() => {
    if (!path || !f) return;
    let live = true;
    setError(null);
    reopen().then(
      (s) => {
        if (!live) return;
        setSource(s);
        // Large-file mode's reading is a chunk of its own: fetched now, beside the page's, not after it.
        if (s.stat.kind === 'index') void import('./session/large/LargeSession');
      },
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
      setSource(null);
    };
  }, [ws, path, activeVersion.value, r.params.large, r.params.full]);

  // The file opened again after this page's own save: its source and session, shown together.
  const reopened = useRef<{ source: SessionSource; opened: OpenedSession } | null>(null);
  // Which file at which version, read which way (the route's large/full), the page shows: a save's reopening that
  // finds another there does nothing (one under the old reading could replace the reading a link asks for).
  const shownFile = useRef('');
  shownFile.current = `${workspaceId(ws)}\u0000${path}\u0000${activeVersion.value}\u0000${r.params.large ?? ''}\u0000${r.params.full ?? ''}`;
  useEffect(() => {
    if (!path || !f || source?.stat.kind !== 'document') return;
    if (reopened.current?.source === source) {
      setOpened(reopened.current.opened);
      reopened.current = null;
      return () => setOpened(null);
    }
    let live = true;
    let shown = 0;
    openSession(ws.adapter, path, {
      now: nowIso(),
      version: activeVersion.value,
      onPreview: (ms) => live && setPreview(ms),
      onProgress: (done, total) => {
        // A render per 1 MB batch would add up; a few updates a second say enough.
        if (!live || (done < total && performance.now() - shown < 250)) return;
        shown = performance.now();
        setProgress([done, total]);
      },
    })
      .then(readyToShow)
      .then(
        (o) => live && setOpened(o),
        (e) => live && setError(errorText(e)),
      );
    return () => {
      live = false;
      setOpened(null);
      setPreview(null);
      setProgress(null);
    };
  }, [ws, path, activeVersion.value, source]);

  // Live: re-open when the file changes on disk; the view shows its own notice for a new snapshot.
  const watcher = useRef<ReturnType<typeof watchFile> | null>(null);
  useEffect(() => {
    if (!path || !f || !opened) return;
    const w = watchFile(
      { adapter: ws.adapter, root: ws.root, path },
      { size: opened.snapshot.size, lastModified: opened.snapshot.lastModified },
      () => {
        openSession(ws.adapter, path, { now: nowIso(), version: activeVersion.value }).then(
          (next) => {
            if (current.current && next.snapshot.sha256 === current.current.snapshot.sha256) return;
            // the session view announces the new version itself
            void showWhenReady(next).then((shown) => shown && void refreshListing());
          },
          (e) => setError(pg().session.unreadable(path, errorText(e))),
        );
      },
      () => isBusy(ws.adapter, path),
    );
    watcher.current = w;
    return () => {
      w.stop();
      watcher.current = null;
    };
  }, [ws, path, !!opened]);

  const folderParams: Record<string, string> = folderIndex.value > 0 && f ? { folder: f.path } : {};
  const back = `#/w${folderIndex.value > 0 && f ? `?folder=${encodeURIComponent(f.path)}` : ''}`;

  const t = pg().session;
  if (!l || folderPending) return <p class="empty-state" aria-busy="true">{t.readingWorkspace}</p>;
  if (!summary) {
    return (
      <div class="session-missing">
        <h1>{t.missingTitle}</h1>
        <p>
          {fill(t.missing, {
            key: <code>{iso(r.key)}</code>,
            file: r.params.file ? fill(t.missingFile, { name: <code>{iso(r.params.file)}</code> }) : null,
            where: f ? ui().workspace.layout.label(f.label) : t.thisWorkspace,
          })}
        </p>
        <a class="btn" href={back}>
          {t.back}
        </a>
      </div>
    );
  }

  /**
   * The file opened again after an edit saved it (or a conflict's reload), at either size: the
   * watcher told the new file is this page's own, the page shown as it was until the new one is ready.
   */
  const reopenSaved = async () => {
    const was = shownFile.current;
    // Unless another file (or version) took this one's place meanwhile.
    const still = () => shownFile.current === was;
    try {
      const next = await reopen();
      if (!still()) return;
      watcher.current?.setKnown({ size: next.stat.size, lastModified: next.stat.lastModified });
      if (next.stat.kind === 'document') {
        const o = await readyToShow(await openSession(ws.adapter, path!, { now: nowIso(), version: activeVersion.value }));
        if (!still()) return;
        reopened.current = { source: next, opened: o };
      }
      setSource(next);
    } catch (e) {
      if (still()) setError(pg().session.unreadable(path!, errorText(e)));
    }
  };

  /** A fork was written (at either size): said, with the link that opens it once the listing has it. */
  const onForked = (forkPath: string) => {
    say(pg().session.forkWritten(forkPath), 'success');
    void refreshListing().then(() => {
      const all = listing.value?.summaries ?? [];
      const fork = all.find((s) => s.path === forkPath);
      if (fork && f) say(pg().session.forkWritten(forkPath), 'success', { label: pg().session.openFork, href: rowHref(fork, activeVersion.value, all, folderIndex.value > 0 ? f.path : null) });
    });
  };

  // The page once the store has picked the reading: the whole document once it is open, the line index at once (it opens step by step).
  const props: SessionHostProps | null = source && path && (opened || source.stat.kind === 'index')
    ? {
        source,
        opened: source.stat.kind === 'document' ? opened : null,
        adapter: ws.writable ? ws.adapter : null,
        reader: ws.adapter,
        open: reopen,
        now: nowIso,
        onSaved: (message) => {
          say(message, 'success');
          void reopenSaved().then(() => refreshListing());
        },
        onDeleted: (message) => {
          navigate({ view: 'workspace', page: 'sessions', params: folderParams });
          say(message, 'success');
          void refreshListing();
        },
        workspace: workspaceId(ws),
        onForked,
        route: { ...(r.tab ? { tab: r.tab } : {}), params: r.params },
        onRoute: (tab, params) => navigate({ view: 'session', key: r.key, tab: tab as SessionRoute['tab'], params: { ...folderParams, ...pick(r.params, KEPT_PARAMS), ...params } }, { replace: true }),
        ...(source.stat.other ? { switchHref: switchHref(source.stat.kind === 'index') } : {}),
      }
    : null;

  return (
    <div class="session-page">
      <nav class="crumbs" aria-label={t.breadcrumb}>
        <a href={back}>← {ws.name}</a>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">
          {iso(visible(summary.fileName))} <span class="muted">({formatBytes(opened?.bytes.length ?? summary.size)})</span>
        </span>
      </nav>
      <ReadOnlyBanner />
      <GatewayNote ws={ws} />
      {error && (
        <p class="notice danger" role="alert">
          {error}
        </p>
      )}
      {!props || !View ? (
        !error && (
          <>
            <p class="empty-state" aria-busy="true">
              {fill(t.opening, { name: iso(summary.fileName) })}
            </p>
            {preview && View?.OpeningPreview && <View.OpeningPreview messages={preview} progress={progress} />}
          </>
        )
      ) : (
        <View.SessionView {...props} />
      )}
    </div>
  );
}
