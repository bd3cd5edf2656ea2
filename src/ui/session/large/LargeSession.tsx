/**
 * A session read on its line index (large-file mode), in the one page (SessionShell.tsx): the
 * header's facts, the index's counts and nanobot's load, the first messages while the file is
 * indexed (useLargeFile.ts), then the one page's tabs (SessionTabs.tsx) over the source built on
 * that index (store/large/page-source.ts). A save opens the file again. The file is never read whole into the page.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { NanobotVersion } from '../../../core/nanobot/nanobot-version';
import type { PyDict } from '../../../core/python/pyvalue';
import { keyForFile } from '../../../store/listing/session-list';
import { KIND, ROLE } from '../../../core/index/record-facts';
import type { LineIndex } from '../../../core/index/line-index';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { pg } from '../../i18n/text';
import { SessionShell, type ShellNav, type ShellReading } from '../SessionShell';
import { routeLine, SessionTabs } from '../SessionTabs';
import { bytes, count } from '../text';
import type { Shown } from '../edit/EditCard';
import { MessageRow } from '../conversation/MessageRow';
import type { SourceLoad, SourceMeta } from '../../../store/source/session-source';
import { errorText } from '../../shell/status';
import { nowIso } from '../../workspace/model';
import { screenful } from './head';
import { loadText } from '../load-text';
import { useLargeFile } from './useLargeFile';
import { FullViewOffer } from './ViewSwitch';
import type { SourceOpener } from '../../session-host';
import './large.css';

export interface LargeSessionProps {
  /** Reads the file (also when the folder is read-only). */
  adapter: StorageAdapter;
  path: string;
  fileName: string;
  version: NanobotVersion;
  size: number;
  /** Edits save only with write access (otherwise they are downloads). */
  writable?: boolean;
  /** An edit was saved, or the file is to be read again after a conflict (the page says so and opens the file again; this reading indexes it again). */
  onSaved?: (message: string) => void;
  /** The route's parameters: a permalink's message (`m`) or a file line (`line`) opens there. */
  params?: Record<string, string>;
  /** The route's tab: `file` (with `line=N`, the File tab at that line), `replay`, `edit`, `export`; others open the Conversation. */
  tab?: string;
  /** The link that opens this file in the full view (the route with `full=1`); absent: no switch shown. */
  fullViewHref?: string;
  /** Whether the store offers the full view of this file (below what a page may hold); otherwise the switch says why not. */
  fullViewOffered?: boolean;
  /** Opens the file again as the page's SessionSource, under the page's line (what the edits plan and save through). */
  open: SourceOpener;
  /** A fork was written (its path): the page says so and links it, as the full view does. */
  onForked?: (path: string) => void;
  /** The file was deleted from the Edit tab: the page leaves it, as the full view does. */
  onDeleted?: (message: string) => void;
  /** Another tab was chosen, or a tab's settings changed: the page puts them in the URL, as the full view does. */
  onRoute?: (tab: string, params: Record<string, string>) => void;
}


/** The line index's reading of the one session page: its header facts and counts, its tabs. */
export default function LargeSession(p: LargeSessionProps) {
  // Edits: a save (or a conflict's "reload") opens the file again under a new generation.
  const [generation, setGeneration] = useState(0);
  const s = useLargeFile(p.adapter, p.path, p.version, generation);
  // The Edit tab's last result, kept here while a saved file is indexed again (the tab is redrawn then).
  const [shown, setShown] = useState<Shown | null>(null);
  // The line shown: a jump's, else the route's (`line`, or a permalink's message `m`), new each time the route names one.
  const [line, setLine] = useState<number | null>(null);
  useEffect(() => setLine(null), [p.params?.line, p.params?.m]);
  const held = s.source;

  // The last metadata record (nanobot's: undefined while unknown, null when the file has none) and
  // nanobot's load, both the source's answers over the index (the one load every tab reads).
  const [meta, setMeta] = useState<SourceMeta | null | undefined>(undefined);
  const [load, setLoad] = useState<SourceLoad | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setLoad(null);
    void held?.meta().then((m) => live && setMeta(m), () => live && setMeta(null));
    void held?.load().then((l) => live && setLoad(l), (e: unknown) => live && setFailed(errorText(e)));
    return () => void (live = false);
  }, [held]);
  const t = pg().large;
  if (s.problem === 'no-file') return <p class="notice danger">{t.noFile}</p>;
  const error = s.error ?? failed;
  if (error) return <p class="notice danger" role="alert">{t.failed(error)}</p>;
  const ready = s.index && s.file ? { index: s.index, file: s.file } : null;
  const title = meta?.title ?? '';
  const key = meta?.key ?? keyForFile(p.fileName, p.version);
  const params = p.params ?? {};
  const route = { ...(p.tab ? { tab: p.tab } : {}), params };
  const reading = (nav: ShellNav): ShellReading => ({
    title: title || (meta === undefined ? p.fileName : ''),
    sessionKey: key,
    fileName: p.fileName,
    size: p.size,
    ...(ready ? { messages: count(ready.index.messageCount) } : {}),
    version: p.version,
    lens: t.lens,
    class: 'sl-fill sl-large',
    headClass: 'sl-large-head',
    banners: (
      <div class="sl-large-bar">
        {ready ? <Counts index={ready.index} load={load} /> : <p aria-busy="true" role="status">{s.progress ? t.progress(bytes(s.progress.bytes), bytes(p.size), count(s.progress.lines)) : t.opening(p.fileName)}</p>}
        {p.fullViewHref !== undefined && <FullViewOffer size={p.size} offered={!!p.fullViewOffered} href={p.fullViewHref} />}
      </div>
    ),
    // The tabs are there from the first moment (and while a save is indexed again): the first messages fill them until the index is in.
    body: !ready ? (
      s.head && <Head messages={s.head} />
    ) : (
      held && (
        <SessionTabs
          nav={nav}
          source={held}
          params={params}
          line={line ?? routeLine(params, ready.index.count, (k) => (k < ready.index.messageCount ? ready.index.messages[k] : undefined))}
          onLine={setLine}
          onRoute={(tab, next) => p.onRoute?.(tab, next)}
          adapter={p.writable ? p.adapter : null}
          reader={p.adapter}
          now={nowIso}
          onForked={(path) => p.onForked?.(path)}
          onSaved={(message) => {
            p.onSaved?.(message);
            setGeneration((g) => g + 1);
          }}
          onDeleted={(message) => p.onDeleted?.(message)}
          outcome={{ shown, show: setShown }}
        />
      )
    ),
  });
  return (
    <SessionShell route={route} onRoute={(tab, next) => p.onRoute?.(tab, next)} writable={!!p.writable}>
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
  const [roles, corrupt] = useMemo(() => tally(index), [index]);
  return (
    <div class="sl-large-counts" data-testid="large-counts">
      <p {...(load ? {} : { 'aria-busy': 'true' })}>{load ? loadText(load) : '…'}</p>
      <details class="sl-large-more">
        <summary>{t.more}</summary>
        <p>{t.summary(bytes(index.size), count(index.count), count(index.messageCount))}</p>
        <p>{t.roles(count(roles[0]!), count(roles[1]!), count(roles[2]!), count(roles[3]!))}</p>
        {corrupt > 0 && <p>{t.corrupt(count(corrupt))}</p>}
        <p class="sl-muted sl-large-why">{t.why}</p>
      </details>
    </div>
  );
}


/** What the Edit tab's edits over the held index use: its read hashes (what a save is checked against), the trim's worker. */

/** Messages by role (user, assistant, tool, other) and lines that are not records, from the index. */
function tally(index: LineIndex): [number[], number] {
  const roles = [0, 0, 0, 0];
  for (let k = 0; k < index.messageCount; k++) {
    const r = index.role[index.messages[k]!]!;
    roles[r === ROLE.user ? 0 : r === ROLE.assistant ? 1 : r === ROLE.tool ? 2 : 3]!++;
  }
  let corrupt = 0;
  for (let i = 0; i < index.count; i++) if (index.kind[i] === KIND.corrupt || index.kind[i] === KIND.blank) corrupt++;
  return [roles, corrupt];
}
