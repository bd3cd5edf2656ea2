/**
 * A session read on its line index (large-file mode), in the one page (SessionShell.tsx): the
 * header's facts, the index's counts and nanobot's load, the first messages while the source builds
 * the index in the page's worker (useLargeFile.ts), then the one page's tabs (SessionTabs.tsx) over
 * that source. A save hands the page a new source. The file is never read whole into the page.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { PyDict } from '../../../core/python/pyvalue';
import { roleCounts } from '../../../core/index/index-health';
import type { LineIndex } from '../../../core/index/line-index';
import type { SourceLoad, SourceMeta } from '../../../store/source/session-source';
import type { SessionHostProps } from '../../session-host';
import { pg } from '../../i18n/text';
import { errorText } from '../../shell/status';
import { SessionShell, type ShellNav, type ShellReading } from '../SessionShell';
import { routeLine, SessionTabs } from '../SessionTabs';
import { bytes, count } from '../text';
import type { Shown } from '../edit/EditCard';
import { MessageRow } from '../conversation/MessageRow';
import { screenful } from '../parts/row-height';
import { loadText } from '../load-text';
import { useLargeFile } from './useLargeFile';
import { FullViewOffer } from './ViewSwitch';
import './large.css';
import { keyForFile } from '../../../core/nanobot/keys';

/** The line index's reading of the one session page, over the page's source. */
export default function LargeSession(p: SessionHostProps) {
  const { source } = p;
  const { stat } = source;
  const reader = (p.reader ?? p.adapter)!;
  const s = useLargeFile(source, reader);
  // The Edit tab's last result, kept here while a saved file is indexed again (the tab is redrawn then).
  const [shown, setShown] = useState<Shown | null>(null);
  // The line shown: a jump's, else the route's (`line`, or a permalink's message `m`), new each time the route names one.
  const [line, setLine] = useState<number | null>(null);
  const params = p.route.params;
  useEffect(() => setLine(null), [params.line, params.m]);

  // The last metadata record (undefined while unknown, null when the file has none) and nanobot's load: the source's answers, read once.
  const [meta, setMeta] = useState<SourceMeta | null | undefined>(undefined);
  const [load, setLoad] = useState<SourceLoad | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setLoad(null);
    void source.meta().then((m) => live && setMeta(m), () => live && setMeta(null));
    void source.load().then((l) => live && setLoad(l), (e: unknown) => live && setFailed(errorText(e)));
    return () => void (live = false);
  }, [source]);
  const t = pg().large;
  const error = s.error ?? failed;
  if (error) return <p class="notice danger" role="alert">{t.failed(error)}</p>;
  const index = s.index;
  const reading = (nav: ShellNav): ShellReading => ({
    title: meta?.title || (meta === undefined ? stat.fileName : ''),
    sessionKey: meta?.key ?? keyForFile(stat.fileName, stat.version),
    fileName: stat.fileName,
    size: stat.size,
    ...(index ? { messages: count(index.messageCount) } : {}),
    version: stat.version,
    lens: t.lens,
    class: 'sl-fill sl-large',
    headClass: 'sl-large-head',
    banners: (
      <div class="sl-large-bar">
        {index ? <Counts index={index} load={load} /> : <p aria-busy="true" role="status">{s.progress ? t.progress(bytes(s.progress.bytes), bytes(stat.size), count(s.progress.lines)) : t.opening(stat.fileName)}</p>}
        {p.switchHref !== undefined && <FullViewOffer size={stat.size} offered={stat.other === 'document'} href={p.switchHref} />}
      </div>
    ),
    // The tabs are there from the first moment (and while a save is indexed again): the first messages fill them until the index is in.
    body: !index ? (
      s.head && <Head messages={s.head} />
    ) : (
      <SessionTabs
        nav={nav}
        source={source}
        params={params}
        line={line ?? routeLine(params, index.count, (k) => (k < index.messageCount ? index.messages[k] : undefined))}
        onLine={setLine}
        onRoute={p.onRoute}
        adapter={p.adapter}
        reader={reader}
        now={p.now}
        onForked={p.onForked}
        onSaved={p.onSaved}
        onDeleted={p.onDeleted}
        outcome={{ shown, show: setShown }}
      />
    ),
  });
  return (
    <SessionShell route={p.route} onRoute={p.onRoute} writable={!!p.adapter}>
      {reading}
    </SessionShell>
  );
}

/** The first messages, before the index is in. */
function Head({ messages }: { messages: PyDict[] }) {
  return (
    <section class="sl-conversation sl-opening" aria-busy="true" aria-labelledby="sl-large-head-h">
      <h2 id="sl-large-head-h" class="sl-h">
        {pg().large.firstMessages}
      </h2>
      {screenful(messages, window.innerHeight || 900).map((m, i) => (
        <MessageRow key={i} index={i} m={m} plain />
      ))}
    </section>
  );
}

/** nanobot's load in one line; the counts by role and how this view reads the file one click away. */
function Counts({ index, load }: { index: LineIndex; load: SourceLoad | null }) {
  const t = pg().large;
  // Counted when first opened: a pass over every line, kept out of the task that shows the index.
  const [open, setOpen] = useState(false);
  const counted = useMemo(() => (open ? roleCounts(index) : null), [open, index]);
  return (
    <div class="sl-large-counts" data-testid="large-counts">
      <p {...(load ? {} : { 'aria-busy': 'true' })}>{load ? loadText(load) : '…'}</p>
      <details class="sl-large-more" onToggle={(e) => e.currentTarget.open && setOpen(true)}>
        <summary>{t.more}</summary>
        <p>{t.summary(bytes(index.size), count(index.count), count(index.messageCount))}</p>
        {counted && <p>{t.roles(...(counted.roles.map(count) as [string, string, string, string]))}</p>}
        {counted && counted.notRecords > 0 && <p>{t.corrupt(count(counted.notRecords))}</p>}
        <p class="sl-muted sl-large-why">{t.why}</p>
      </details>
    </div>
  );
}
