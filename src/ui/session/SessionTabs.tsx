/**
 * The active tab's body, the same for both readings of a file (SessionView.tsx's whole document,
 * large/LargeSession.tsx's line index): every tab takes the file's source and nothing else of the
 * reading, so a tab never asks which one it has. The reading hands over the line it shows and what a
 * save or a move does on its side.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { StorageAdapter } from '../../store/adapter/adapter';
import type { SessionSource } from '../../store/source/session-source';
import { ContextTab } from './context/ContextTab';
import { ConversationTab } from './conversation/ConversationTab';
import type { Shown } from './edit/EditCard';
import { EditTab } from './edit/EditTab';
import { LazyExportTab } from './export/LazyExportTab';
import { FileTab } from './file/FileTab';
import { ReplayTab } from './replay/ReplayTab';
import { withoutLine, type ShellNav, type TabId } from './SessionShell';

export interface SessionTabsProps {
  nav: ShellNav;
  source: SessionSource;
  params: Record<string, string>;
  /** The 0-based file line the Conversation and File tabs show (a link's or a jump's), and where a jump puts it. */
  line: number | null;
  onLine: (line: number) => void;
  /** A tab's settings changed: the page puts them in the URL. */
  onRoute: (tab: TabId, params: Record<string, string>) => void;
  /** Where edits save (null: they are downloads), and the folder the Context tab reads the workspace's files from. */
  adapter: StorageAdapter | null;
  reader: StorageAdapter | null;
  now: () => string;
  onForked: (path: string) => void;
  /** A save went through: the reading opens the file again. */
  onSaved: (message: string) => void;
  onDeleted: (message: string) => void;
  /** The Edit tab's last result, where the reading keeps it across a save (the line index redraws the tab while it indexes again). */
  outcome?: { shown: Shown | null; show: (s: Shown | null) => void };
}

/** The tab `nav.tab` over `source`. */
export function SessionTabs(p: SessionTabsProps) {
  const { tab, go } = p.nav;
  const params = p.params;
  const openLine = (l: number, where: TabId = 'file') => {
    p.onLine(l);
    go(where, { ...withoutLine(params), line: String(l + 1) });
  };
  // A tab's settings go in the link under that tab; a tab just left writes its last ones under the tab now shown,
  // and none once the page itself is left (its cleanup runs before its tabs').
  const shown = useRef({ tab, params, live: true });
  shown.current = { tab, params, live: true };
  useEffect(() => () => void (shown.current.live = false), []);
  const onParams = (t: TabId) => (next: Record<string, string>) => {
    const now = shown.current;
    if (!now.live) return;
    if (now.tab === t) p.onRoute(t, next);
    else p.onRoute(now.tab, { ...now.params, ...next });
  };
  return (
    <>
      {tab === 'conversation' && <ConversationTab source={p.source} line={p.line} onOpenLine={(l) => openLine(l)} onLine={p.onLine} onArchive={() => go('context', { ...withoutLine(params), show: 'archive' })} />}
      {tab === 'replay' && <ReplayTab source={p.source} params={params} onParams={onParams('replay')} onOpenLine={(l) => openLine(l, 'conversation')} onExport={(q) => go('export', { ...q, src: 'replay' })} />}
      {tab === 'context' && <ContextTab source={p.source} reader={p.reader} params={params} onParams={onParams('context')} />}
      {tab === 'export' && <LazyExportTab source={p.source} params={params} onParams={onParams('export')} />}
      {tab === 'file' && <FileTab source={p.source} line={p.line} onLine={(l) => openLine(l)} />}
      {tab === 'edit' && <EditTab source={p.source} adapter={p.adapter} now={p.now} onForked={p.onForked} onSaved={p.onSaved} onDeleted={p.onDeleted} {...(p.outcome ? { outcome: p.outcome } : {})} />}
    </>
  );
}

/** The 0-based file line a route points at: `line` (1-based, below `lines`), else the permalink's message `m` (1-based) through `messageLine`. */
export function routeLine(params: Record<string, string>, lines: number, messageLine: (k: number) => number | undefined): number | null {
  const l = Number(params.line);
  if (params.line !== undefined && Number.isInteger(l) && l >= 1 && l <= lines) return l - 1;
  const m = Number(params.m);
  return params.m !== undefined && Number.isInteger(m) && m >= 1 ? (messageLine(m - 1) ?? null) : null;
}
