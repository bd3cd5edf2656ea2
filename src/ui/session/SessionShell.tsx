/**
 * The one session page at every size: one header (SessionHead), one tab bar with the same tabs in
 * the same order and words, the route's tab followed and put back, Ctrl/⌘+F to the find bar. What
 * fills it comes from the reading the store picked for the file (SessionView.tsx: the whole
 * document; large/LargeSession.tsx: the line index), as a `ShellReading` made on every render.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { pg } from '../i18n/text';
import { guardFocus } from '../shell/focus';
import { closeFind, openFind } from './find/state';
import { SessionHead, type SessionHeadProps } from './SessionHead';
import { Tabs, type TabDef } from './Tabs';
import './session.css';

export type TabId = 'conversation' | 'replay' | 'context' | 'file' | 'edit' | 'export';
const TAB_IDS: readonly TabId[] = ['conversation', 'replay', 'context', 'file', 'edit', 'export'];

/** The route's tab, or the Conversation for none (or one this page does not have). */
const routeTab = (tab: string | undefined): TabId => (tab && (TAB_IDS as readonly string[]).includes(tab) ? (tab as TabId) : 'conversation');

/** What a reading gives the page: the header's facts (as `SessionHead` takes them) and banners, the File tab's badge, and the active tab's body. */
export interface ShellReading extends Pick<SessionHeadProps, 'title' | 'sessionKey' | 'fileName' | 'size' | 'messages' | 'version' | 'lens'> {
  /** Under the facts: the banners a person must see first, the reading's counts. */
  banners?: ComponentChildren;
  fileBadge?: string;
  /** Classes of the page's root besides `sl-session`, and of its header (large-file mode's). */
  class?: string;
  headClass?: string;
  body: ComponentChildren;
}

/** Where a reading moves the page: another tab (its own parameters, or the route's without the line). */
export interface ShellNav {
  tab: TabId;
  go: (tab: TabId, params?: Record<string, string>) => void;
}

export interface SessionShellProps {
  route: { tab?: string; params: Record<string, string> };
  /** A tab was chosen (with the parameters it shows): the page puts them in the URL. */
  onRoute: (tab: TabId, params: Record<string, string>) => void;
  /** Edits save (else they are downloads: the Edit tab says so in its name). */
  writable: boolean;
  children: (nav: ShellNav) => ShellReading;
}

/** The route's parameters without the line it points at (a tab change leaves the line behind). */
export function withoutLine(p: Record<string, string>): Record<string, string> {
  const { line: _l, m: _m, ...rest } = p;
  return rest;
}

/** The page: header, tab bar, the active tab. */
export function SessionShell(p: SessionShellProps) {
  const [tab, setTab] = useState<TabId>(() => routeTab(p.route.tab));
  // A new link (another tab) while the file is open shows its tab.
  useEffect(() => {
    if (p.route.tab && routeTab(p.route.tab) !== tab) setTab(routeTab(p.route.tab));
  }, [p.route.tab, p.route.params.line, p.route.params.m]);
  // Cards drawn anew after a save, a removed line: focus is kept off <body> (focus.ts).
  useEffect(guardFocus, []);
  const go = (next: TabId, params: Record<string, string> = withoutLine(p.route.params)) => {
    setTab(next);
    p.onRoute(next, params);
  };
  const goRef = useRef(go);
  goRef.current = go;
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
  const r = p.children({ tab, go });
  const t = pg().session;
  const tabs: TabDef[] = [
    { id: 'conversation', label: t.tabs.conversation },
    { id: 'replay', label: t.tabs.replay },
    { id: 'context', label: t.tabs.context },
    { id: 'file', label: t.tabs.file, ...(r.fileBadge ? { badge: r.fileBadge } : {}) },
    { id: 'edit', label: p.writable ? t.tabs.edit : t.tabs.editDownload },
    { id: 'export', label: t.tabs.export },
  ];
  return (
    <div class={`sl-session${r.class ? ` ${r.class}` : ''}`}>
      <SessionHead {...(r.headClass ? { class: r.headClass } : {})} title={r.title} sessionKey={r.sessionKey} fileName={r.fileName} size={r.size} {...(r.messages !== undefined ? { messages: r.messages } : {})} version={r.version} lens={r.lens} onExport={() => go('export', p.route.params)}>
        {r.banners}
      </SessionHead>
      <Tabs tabs={tabs} active={tab} onSelect={(id) => go(id as TabId)} idPrefix="sl" label={t.tabsLabel}>
        {r.body}
      </Tabs>
    </div>
  );
}
