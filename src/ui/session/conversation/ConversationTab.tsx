/**
 * The Conversation tab at every size: every line of the file as a row (virtualized), in file order,
 * through the file's SessionSource. Its rows and the tool-call pairing over the whole file come
 * from `source.conversation()` (store/source/conversation/rows.ts): the rows at once, the marker,
 * the pairing and the corrupt lines' diagnostics after them. Messages are read by ranges only as
 * their rows come into view, in blocks of neighbours, and kept in a bounded cache: at 40 MiB only
 * the rows in and near view are decoded. Rows go in pages of 20,000 (a browser lays out ~33.5 million px in
 * one box; the virtualizer's work grows with the rows it holds).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Diagnostic } from '../../../core/lens/document';
import type { PyDict } from '../../../core/python/pyvalue';
import { messageTraces } from '../../../core/turn/save-traces';
import type { SessionSource } from '../../../store/source/session-source';
import { ROW, type PairCounts, type SourceConversation } from '../../../store/source/conversation/rows';
import { pg } from '../../i18n/text';
import { errorText } from '../../shell/status';
import { VirtualList } from '../parts/VirtualList';
import { PageNav } from '../parts/PageNav';
import { useAnswer } from '../parts/answer';
import { count } from '../text';
import { rowHeight } from '../parts/row-height';
import { CorruptRow, MarkerRow, ProviderRow } from './OtherRows';
import { MessageRow } from './MessageRow';
import { loadMarkdown } from '../markdown/loader';
import { rawEverywhere, rawOverrides, RawOverridesContext } from '../markdown/prefs';
import { RawSwitch } from '../markdown/RawSwitch';
import { FindBar } from '../find/FindBar';
import { JumpBar } from '../find/JumpBar';
import { findOpen, openFind } from '../find/state';
import { firstReplayedLine } from '../find/first-replayed';
import { copyPermalink } from './permalink';

export interface ConversationTabProps {
  /** The file as the page reads it, at any size. */
  source: SessionSource;
  /** 0-based file line to scroll to and highlight. */
  line: number | null;
  onOpenLine: (line: number) => void;
  onLine: (line: number) => void;
  /** Opens the session's archive entries (the Context tab), from the archived messages' boundary. */
  onArchive?: () => void;
}

/** Messages read per block, and blocks kept decoded (older ones are dropped: a 1 GB file must not end up decoded on the page). */
const BLOCK = 32;
const KEPT_BLOCKS = 64;
/** Rows per page of the list. */
const PAGE = 20_000;
/** How long after a jump the list keeps aiming at its row as rows are read and measured. */
const AIM_MS = 2000;

/** A block of messages read: their values, and the message before the first (a card's save traces look at it). */
interface Block {
  values: PyDict[];
  prev: PyDict | null;
}

/**
 * The source's conversation once its rows are in (null until then), then the same rows with the
 * last_consolidated marker in place once nanobot's load places it; or the error it failed with.
 */
function useConversation(source: SessionSource): { conv: SourceConversation | null; error: string | null } {
  const [state, setState] = useState<{ source: SessionSource; conv: SourceConversation | null; error: string | null }>({ source, conv: null, error: null });
  useEffect(() => {
    let live = true;
    const failed = (e: unknown) => live && setState({ source, conv: null, error: errorText(e) });
    void source.conversation().then((conv) => {
      if (!live) return;
      setState({ source, conv, error: null });
      void conv.marked().then((marked) => live && marked !== conv && setState({ source, conv: marked, error: null }), failed);
    }, failed);
    return () => void (live = false);
  }, [source]);
  return state.source === source ? state : { conv: null, error: null };
}

/** The message blocks of `source`, read when a row asks and kept in a bounded cache; `onRead` is told when one comes in. */
function useBlocks(source: SessionSource, onRead: () => void) {
  const blocks = useRef(new Map<number, Block>());
  const pending = useRef(new Set<number>());
  useEffect(() => {
    blocks.current.clear();
    pending.current.clear();
  }, [source]);
  return (k: number): { m: PyDict; prev: PyDict | null } | null => {
    const b = Math.floor(k / BLOCK);
    const block = blocks.current.get(b);
    if (block) return { m: block.values[k - b * BLOCK] ?? {}, prev: k === b * BLOCK ? block.prev : (block.values[k - b * BLOCK - 1] ?? null) };
    if (!pending.current.has(b)) {
      pending.current.add(b);
      const from = b * BLOCK;
      void source.messages('recovered', Math.max(0, from - 1), from + BLOCK).then(
        (r) => {
          pending.current.delete(b);
          const values = from > 0 ? r.values.slice(1) : r.values;
          blocks.current.set(b, { values, prev: from > 0 ? (r.values[0] ?? null) : null });
          while (blocks.current.size > KEPT_BLOCKS) blocks.current.delete(blocks.current.keys().next().value!);
          onRead();
        },
        () => pending.current.delete(b),
      );
    }
    return null;
  };
}

/** Messages, corrupt rows and the consolidation marker; tool results link to their calls. */
export function ConversationTab({ source, line, onOpenLine, onLine, onArchive }: ConversationTabProps) {
  const { conv, error } = useConversation(source);
  // The pairing over the whole file and the corrupt lines' diagnostics follow the rows (on the index, passes over the file).
  const paired = useAnswer(conv ? conv.pairs : null).value ?? null;
  const diagnostics = useAnswer(conv && conv.corrupt > 0 ? conv.diagnostics : null).value ?? null;
  const overrides = useMemo(rawOverrides, [source]);
  const raw = rawEverywhere.value;
  const t = pg().conversation;
  useEffect(() => {
    if (!raw) void loadMarkdown();
  }, [raw]);
  const [, setTick] = useState(0);
  const [nonce, setNonce] = useState(0);
  // While the rows around a jump's target are read and drawn their heights change from the guess:
  // each block read in the next moments aims at it again (the list would otherwise land beside it).
  // Reading on (a wheel, a touch, a key, a click) ends the aiming at once.
  const [aim, setAim] = useState(0);
  const aimUntil = useRef(0);
  const stopAiming = () => void (aimUntil.current = 0);
  const message = useBlocks(source, () => {
    setTick((n) => n + 1);
    if (performance.now() < aimUntil.current) setAim((a) => a + 1);
  });
  const [page, setPage] = useState<number | null>(null);
  // A new line (a jump's, the route's: a permalink) shows its own page, and the list aims at it while the rows around it are read.
  useEffect(() => {
    setPage(null);
    if (line !== null) aimUntil.current = performance.now() + AIM_MS;
  }, [line]);
  // A match found before the rows are in: gone to once they are.
  const [waiting, setWaiting] = useState<number | null>(null);
  const goLine = (c: SourceConversation, l: number) => {
    const r = c.rowOfLine(l);
    if (r >= 0 && l === line) setPage(Math.floor(r / PAGE));
    aimUntil.current = performance.now() + AIM_MS;
    onLine(l);
    setNonce((n) => n + 1);
  };
  const jump = (k: number) => (conv ? goLine(conv, conv.lineOfMessage(k)) : setWaiting(k));
  useEffect(() => {
    if (conv && waiting !== null) {
      setWaiting(null);
      goLine(conv, conv.lineOfMessage(waiting));
    }
  }, [conv, waiting]);
  const jumpLine = (l: number): boolean => {
    if (!conv || conv.rowOfLine(l) < 0) return false;
    goLine(conv, l);
    return true;
  };
  const [copied, setCopied] = useState<(() => string) | null>(null);
  // The key nanobot loads the session under names it in the link.
  const copyLink = (k: number) => void source.load().then((l) => copyPermalink(l.key, k + 1)).then((say) => setCopied(() => say));
  const read = useCallback(async (l: number) => (await source.lines(l, l + 1))[0] ?? new Uint8Array(0), [source]);
  return (
    <RawOverridesContext.Provider value={overrides}>
      <section class="sl-conversation" aria-labelledby="sl-conv-h" onWheel={stopAiming} onTouchStart={stopAiming} onMouseDown={stopAiming} onKeyDown={stopAiming}>
        <h2 id="sl-conv-h" class="sl-h">{t.heading}</h2>
        {conv && (
          <p class="sl-muted sl-summary" aria-busy={paired ? undefined : 'true'}>
            {t.summary(conv.messages)}
            {conv.corrupt ? ` · ${t.corrupt(conv.corrupt)}` : ''}
            {paired?.orphans ? ` · ${t.orphans(paired.orphans)}` : ''}
            {paired?.unanswered ? ` · ${t.unanswered(paired.unanswered)}` : ''}
          </p>
        )}
        {/* A card may be read from the file and decoded first: the current match waits for it up to about 10 s. */}
        {findOpen.value && <FindBar source={source} onGoto={jump} card={(m) => `.sl-conversation article[data-message="${m}"]`} frames={600} />}
        <div class="sl-conv-tools">
          {!findOpen.value && (
            <button type="button" class="sl-link" title={t.findTitle} onClick={openFind}>
              {t.find}
            </button>
          )}
          <RawSwitch overrides={overrides} />
          {conv && <JumpBar total={conv.messages} lines={conv.lines} firstReplayed={() => firstReplayedLine(source)} onMessage={jump} onLine={jumpLine} />}
        </div>
        {copied && <p class="sl-muted sl-small" role="status">{copied()}</p>}
        {error ? (
          <p class="notice danger" role="alert">{error}</p>
        ) : !conv ? (
          <p class="sl-muted" aria-busy="true" role="status">{pg().conversation.reading}</p>
        ) : conv.count === 0 ? (
          <p class="sl-empty">{t.noMessages}</p>
        ) : (
          <Rows conv={conv} paired={paired} diagnostics={diagnostics} line={line} page={page} onPage={setPage} scroll={nonce * 1e6 + aim} message={message} read={read} version={source.stat.version} onOpenLine={onOpenLine} onArchive={onArchive} onJump={jump} onCopyLink={copyLink} />
        )}
      </section>
    </RawOverridesContext.Provider>
  );
}

interface RowsProps {
  conv: SourceConversation;
  /** The pairing (null while it is built: the cards show their calls without links). */
  paired: PairCounts | null;
  diagnostics: Map<number, Diagnostic[]> | null;
  line: number | null;
  /** The page shown (null: the route's line's, else the first). */
  page: number | null;
  onPage: (page: number) => void;
  scroll: number;
  message: (k: number) => { m: PyDict; prev: PyDict | null } | null;
  read: (line: number) => Promise<Uint8Array>;
  version: SessionSource['stat']['version'];
  onOpenLine: (line: number) => void;
  onArchive?: () => void;
  onJump: (message: number) => void;
  onCopyLink: (message: number) => void;
}

/** The rows of one page in the virtual list, and the pages when there are more than one. */
function Rows({ conv, paired, diagnostics, line, page: chosen, onPage, scroll, message, read, version, onOpenLine, onArchive, onJump, onCopyLink }: RowsProps) {
  const target = line === null ? -1 : conv.rowOfLine(line);
  const pages = Math.max(1, Math.ceil(conv.count / PAGE));
  const page = chosen ?? (target >= 0 ? Math.floor(target / PAGE) : 0);
  const first = page * PAGE;
  const keyOf = useCallback((i: number) => (conv.kind[first + i] === ROW.marker ? 'marker' : conv.line[first + i]!), [conv, first]);
  const estimate = useCallback((i: number) => (conv.kind[first + i] === ROW.marker ? 60 : rowHeight(conv.length(conv.line[first + i]!))), [conv, first]);
  const marker = conv.marker;
  const render = (i: number) => {
    const r = first + i;
    const kind = conv.kind[r];
    const l = conv.line[r]!;
    if (kind === ROW.marker && marker) return <MarkerRow archived={marker.archived} total={marker.total} stored={marker.stored} lens={marker.lens} onArchive={onArchive} />;
    if (kind === ROW.corrupt) return <CorruptRow line={l} read={read} diagnostics={diagnostics?.get(l) ?? []} onOpenLine={onOpenLine} />;
    if (kind === ROW.provider) return <ProviderRow line={l} />;
    const k = conv.message[r]!;
    const got = message(k);
    if (!got) return <PendingRow index={k} line={l} height={estimate(i)} />;
    const pairs = paired?.pairs;
    // A message's save traces look at it, the one before it, and the calls answered anywhere in the file.
    const traces = !pairs ? [] : got.prev ? messageTraces([got.prev, got.m], 1, version, pairs.answered) : messageTraces([got.m], 0, version, pairs.answered);
    return <MessageRow m={got.m} index={k} line={l} read={read} pairs={pairs} highlighted={l === line} onJump={onJump} onCopyLink={onCopyLink} traces={traces} />;
  };
  const inPage = target >= first && target < first + PAGE ? target - first : null;
  return (
    <>
      {pages > 1 && <PageNav page={page} pages={pages} range={pg().conversation.pageOf(count(first + 1), count(Math.min(conv.count, first + PAGE)), count(conv.count))} onPage={onPage} />}
      <VirtualList key={page} label={pg().conversation.listLabel} count={Math.min(PAGE, conv.count - first)} estimateSize={estimate} getKey={keyOf} scrollTo={inPage} scrollNonce={scroll} overscan={2} render={render} />
    </>
  );
}

/** A message card whose record is still being read, as tall as the list guessed it (the rows around a jump's target keep their places). */
function PendingRow({ index, line, height }: { index: number; line: number; height: number }) {
  return (
    <article class="sl-msg" aria-busy="true" data-pending={index} style={{ minHeight: `${height}px`, boxSizing: 'border-box' }}>
      <header class="sl-msg-head">
        <span class="sl-muted">{pg().conversation.position(index + 1, line + 1)}</span>
        <span class="sl-muted">{pg().conversation.reading}</span>
      </header>
    </article>
  );
}
