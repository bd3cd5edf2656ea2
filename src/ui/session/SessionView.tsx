/**
 * The one session page the shell mounts for a file, at every size (SessionShell.tsx: one header,
 * one tab bar, one set of tabs). The store picked how the file is read (`source.stat.kind`): the
 * whole document, opened by the page, fills it here; the line index (large/LargeSession.tsx,
 * loaded only when a file is read that way) fills it from the file's index.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { documentSourceOf } from '../../store/source/document-source';
import { createMemoryAdapter } from '../../store/adapter/memory-adapter';
import type { SessionHostProps } from '../session-host';
import type { OpenedSession } from '../../store/save/sessions';
import { Banners, documentFacts } from './Header';
import { SessionShell, withoutLine, type ShellNav, type ShellReading } from './SessionShell';
import { routeLine, SessionTabs } from './SessionTabs';
import { pg, ui } from '../i18n/text';
import { lazyComponent } from '../shell/lazy';
import { LargeViewOffer } from './large/ViewSwitch';

export { OpeningPreview } from './OpeningPreview';

/** Large-file mode's reading, loaded only when a file is read on its line index. */
const LargeSession = lazyComponent<SessionHostProps>(() => import('./large/LargeSession').then((m) => m.default));

/** The 0-based file line the route points at in the document. */
const lineParam = (p: Record<string, string>, o: OpenedSession) => routeLine(p, Infinity, (k) => o.recovered.messageRecords[k]);

/** The session page the shell mounts for one file. */
export function SessionView(props: SessionHostProps) {
  const { source } = props;
  // The line index's reading needs a storage to hand it the file (the whole document's reads its own bytes).
  if (source.stat.kind === 'index' || !props.opened) return props.reader || props.adapter ? <LargeSession {...props} /> : null;
  return <DocumentSession {...props} opened={props.opened} />;
}
/** The whole document's reading: its facts and banners in the header, its tabs; it keeps the line shown and the "updated" notice. */
function DocumentSession(props: SessionHostProps & { opened: OpenedSession }) {
  const { opened, route, source } = props;
  const [line, setLine] = useState<number | null>(lineParam(route.params, opened));
  const [notice, setNotice] = useState<{ size: number; at: Date } | null>(null);
  const seen = useRef(opened.snapshot);
  const own = useRef(false);
  useEffect(() => {
    const l = lineParam(route.params, opened);
    if (l !== null && l !== line) setLine(l);
  }, [route.tab, route.params.line, route.params.m]);
  useEffect(() => {
    const prev = seen.current;
    seen.current = opened.snapshot;
    const mine = own.current;
    own.current = false;
    if (prev === opened.snapshot || prev.sha256 === opened.snapshot.sha256 || mine) return;
    setNotice({ size: opened.bytes.length, at: new Date(opened.snapshot.lastModified) });
  }, [opened.snapshot]);
  // The tabs read the document the page holds through its source (nothing read again); a page
  // without a folder (a dropped file) reads its own copy of the bytes.
  const held = useMemo(() => documentSourceOf(props.reader ?? props.adapter ?? bytesAdapter(opened), opened, { now: props.now(), version: opened.version }), [opened]);
  const t = pg().session;
  const diags = opened.doc.diagnostics.length;
  const reading = (nav: ShellNav): ShellReading => {
    const { tab, go } = nav;
    const openLine = (l: number) => {
      setLine(l);
      go('file', { ...withoutLine(route.params), line: String(l + 1) });
    };
    return {
      ...documentFacts(opened),
      lens: t.lens[tab],
      ...(diags ? { fileBadge: String(diags) } : {}),
      ...(tab === 'conversation' ? { class: 'sl-fill' } : {}),
      banners: (
        <>
          {source.stat.other === 'index' && props.switchHref !== undefined && <LargeViewOffer size={source.stat.size} href={props.switchHref} />}
          <Banners opened={opened} workspace={props.workspace ?? ''} notice={notice && noticeText(notice.size, notice.at)} onDismiss={() => setNotice(null)} onProblems={() => go('file')} onLine={(l) => openLine(l)} />
        </>
      ),
      body: (
        <SessionTabs
          nav={nav}
          source={held}
          params={route.params}
          line={line}
          onLine={setLine}
          onRoute={props.onRoute}
          adapter={props.adapter}
          reader={props.reader ?? props.adapter}
          now={props.now}
          onForked={props.onForked}
          onSaved={(message) => {
            // The page opens the file again: the new version is this page's own, not a change from outside.
            own.current = true;
            props.onSaved(message);
          }}
          onDeleted={props.onDeleted}
        />
      ),
    };
  };
  return (
    <SessionShell route={route} onRoute={props.onRoute} writable={!!props.adapter}>
      {reading}
    </SessionShell>
  );
}

/** The opened file's bytes as a storage of their own (what the tabs read where the page has no folder). */
function bytesAdapter(o: OpenedSession) {
  const a = createMemoryAdapter();
  a.setFile(o.path, o.bytes, o.snapshot.lastModified);
  return a;
}

/** The "updated from disk" notice in the reader's language (its time too), made at render so a language switch redoes it. */
function noticeText(size: number, at: Date): string {
  const time = Number.isNaN(at.getTime()) ? '?' : at.toLocaleTimeString(ui().common.locale);
  return pg().session.updated(size, time);
}
