/**
 * The views of one opened session: header and banners, then the Conversation, Replay, File and
 * Edit tabs. Everything shown is computed by src/core; this only arranges it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionHostProps } from '../session-host';
import type { OpenedSession } from '../../store/save/sessions';
import { ConversationTab } from './conversation/ConversationTab';
import { EditTab } from './edit/EditTab';
import { LazyExportTab } from './export/LazyExportTab';
import { FileTab } from './file/FileTab';
import { Header } from './Header';
import { ReplayTab } from './replay/ReplayTab';
import { ContextTab } from './context/ContextTab';
import { Tabs, type TabDef } from './Tabs';
import { pg, ui } from '../i18n/text';
import './session.css';

export { OpeningPreview } from './OpeningPreview';
export { prepareConversation as prepareView } from './conversation/model';

type TabId = 'conversation' | 'replay' | 'context' | 'file' | 'edit' | 'export';

import { closeFind, openFind } from './find/state';
import { guardFocus } from '../shell/focus';

/** The 0-based file line the route points at: `line` (1-based), else the permalink's message `m` (1-based). */
function lineParam(p: Record<string, string>, o: OpenedSession): number | null {
  const n = Number(p.line);
  if (Number.isInteger(n) && n >= 1) return n - 1;
  const m = Number(p.m);
  if (p.m !== undefined && Number.isInteger(m) && m >= 1) return o.recovered.messageRecords[m - 1] ?? null;
  return null;
}

/** The session page the shell mounts for one file. */
export function SessionView(props: SessionHostProps) {
  const { opened, route } = props;
  const [tab, setTab] = useState<TabId>(route.tab ?? 'conversation');
  const [line, setLine] = useState<number | null>(lineParam(route.params, opened));
  const [notice, setNotice] = useState<{ size: number; at: Date } | null>(null);
  const seen = useRef(opened.snapshot);
  const own = useRef<string | null>(null);
  useEffect(() => {
    if (route.tab && route.tab !== tab) setTab(route.tab);
    const l = lineParam(route.params, opened);
    if (l !== null && l !== line) setLine(l);
  }, [route.tab, route.params.line, route.params.m]);
  // Cards drawn anew after a save, a removed line: focus is kept off <body> (focus.ts).
  useEffect(guardFocus, []);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  // Ctrl/⌘+F finds inside the session (the browser's own find cannot see rows the list has not drawn).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'f') return;
      e.preventDefault();
      if (tabRef.current !== 'conversation') goRef.current('conversation');
      openFind();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      closeFind();
    };
  }, []);
  useEffect(() => {
    const prev = seen.current;
    seen.current = opened.snapshot;
    if (prev === opened.snapshot || prev.sha256 === opened.snapshot.sha256) return;
    if (own.current === opened.snapshot.sha256) return;
    const at = new Date(opened.snapshot.lastModified);
    setNotice({ size: opened.bytes.length, at });
  }, [opened.snapshot]);
  const go = (next: TabId, params: Record<string, string> = withoutLine(route.params)) => {
    setTab(next);
    props.onRoute(next, params);
  };
  const goRef = useRef(go);
  goRef.current = go;
  const openLine = (l: number, where: TabId = 'file') => {
    setLine(l);
    go(where, { ...withoutLine(route.params), line: String(l + 1) });
  };
  const diags = opened.doc.diagnostics.length;
  const t = pg().session;
  const tabs: TabDef[] = [
    { id: 'conversation', label: t.tabs.conversation },
    { id: 'replay', label: t.tabs.replay },
    { id: 'context', label: t.tabs.context },
    { id: 'file', label: t.tabs.file, badge: diags ? String(diags) : undefined },
    { id: 'edit', label: props.adapter ? t.tabs.edit : t.tabs.editDownload },
    { id: 'export', label: t.tabs.export },
  ];
  return (
    <div class={`sl-session ${tab === 'conversation' ? 'sl-fill' : ''}`}>
      <Header opened={opened} workspace={props.workspace ?? ''} lens={t.lens[tab]} notice={notice && noticeText(notice.size, notice.at)} onDismiss={() => setNotice(null)} onProblems={() => go('file')} onLine={(l) => openLine(l)} onExport={() => go('export', route.params)} />
      <Tabs tabs={tabs} active={tab} onSelect={(id) => go(id as TabId)} idPrefix="sl" label={t.tabsLabel}>
        {tab === 'conversation' && <ConversationTab opened={opened} line={line} onOpenLine={(l) => openLine(l)} onLine={(l) => setLine(l)} onArchive={() => go('context', { ...withoutLine(route.params), show: 'archive' })} />}
        {tab === 'replay' && <ReplayTab opened={opened} params={route.params} onParams={(p) => props.onRoute('replay', p)} onOpenLine={(l) => openLine(l, 'conversation')} onExport={(p) => go('export', { ...p, src: 'replay' })} />}
        {tab === 'context' && <ContextTab opened={opened} reader={props.reader ?? props.adapter} params={route.params} onParams={(p) => props.onRoute('context', p)} />}
        {tab === 'export' && <LazyExportTab opened={opened} params={route.params} onParams={(p) => props.onRoute('export', p)} />}
        {tab === 'file' && <FileTab opened={opened} line={line} onLine={(l) => openLine(l)} />}
        {tab === 'edit' && (
          <EditTab
            opened={opened}
            adapter={props.adapter}
            now={props.now}
            onForked={props.onForked}
            onChanged={(next, message) => {
              own.current = next ? next.snapshot.sha256 : null;
              props.onChanged(next, message);
            }}
          />
        )}
      </Tabs>
    </div>
  );
}

/** The "updated from disk" notice in the reader's language (its time too), made at render so a language switch redoes it. */
function noticeText(size: number, at: Date): string {
  const time = Number.isNaN(at.getTime()) ? '?' : at.toLocaleTimeString(ui().common.locale);
  return pg().session.updated(size, time);
}

function withoutLine(p: Record<string, string>): Record<string, string> {
  const { line: _l, m: _m, ...rest } = p;
  return rest;
}
