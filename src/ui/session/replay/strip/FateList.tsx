/** Every message of the session with its fate in words, the changes replay made, and its token estimate. */
import type { VNode } from 'preact';
import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { messagePreview } from '../../../../core/listing/preview';
import { pyDumps } from '../../../../core/python/pyjson';
import { dictGet, type PyDict } from '../../../../core/python/pyvalue';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import type { Fate } from '../../../../core/replay/replay';
import type { Lens, SessionSource } from '../../../../store/source/session-source';
import type { ReplayView } from '../../../../store/source/replay/replay-answers';
import { language, pg } from '../../../i18n/text';
import { Fold } from '../../parts/Fold';
import { count } from '../../text';
import { VirtualList } from '../../parts/VirtualList';
import { changeLabel, fateKey, fateText, type FateKey } from './fates';
import { foldFates, runLabel } from './fold-runs';

export interface FateListProps {
  /** The messages are read from here, a block at a time as their rows come into view. */
  source: SessionSource;
  lens: Lens;
  view: ReplayView;
  fates: Fate[];
  scrollTo: number | null;
  nonce: number;
  onOpenLine: (line: number) => void;
  version: NanobotVersion;
}

interface RowProps {
  index: number;
  /** Undefined while it is being read. */
  message: PyDict | undefined;
  line: number;
  fate: Fate;
  tokens: number | undefined;
  raised: boolean;
  /** The provider entry as json.dumps text, only while the row is open. */
  entry: string | undefined;
  onToggle: (index: number) => void;
  onOpenLine: (line: number) => void;
  version: NanobotVersion;
}

/** What a row shows, as one string: equal strings (same message, same language) render the same row. */
function rowSignature(r: RowProps, lang: string): string {
  const f = r.fate;
  return `${fateKey(f)}|${f.kept ? `${f.entry}|${f.changes.join(',')}` : ''}|${r.tokens ?? ''}|${r.raised ? 1 : 0}|${r.line}|${r.version}|${lang}`;
}

/** One message's fate; a kept row opens to show the exact provider entry. */
function FateRow(r: RowProps) {
  const { fate: f, index: i } = r;
  const m = r.message ?? {};
  const role = dictGet(m, 'role');
  const k = fateKey(f);
  const t = pg().replay.list;
  return (
    <div class={`sl-fate-row ${f.kept ? 'sl-kept' : 'sl-dropped'} ${r.raised ? 'sl-hl' : ''}`} data-message={i} aria-busy={r.message ? undefined : 'true'}>
      <div class="sl-fate-head">
        <span class={`sl-swatch sl-fate-${k}`} aria-hidden="true" />
        <span class="sl-muted">#{count(i + 1)}</span>
        <span class="sl-role">{!r.message ? '…' : typeof role === 'string' ? role : role === undefined ? t.noRole : pyDumps(role)}</span>
        <span class={f.kept ? 'sl-ok-text' : 'sl-muted'}>{f.kept ? t.keptEntry(f.entry + 1) : t.dropped(fateText(k, r.version))}</span>
        {f.kept && f.changes.map((c) => <span key={c} class="sl-tag">{changeLabel(c, r.version)}</span>)}
        {r.tokens !== undefined && <span class="sl-tokens">{t.tokens(r.tokens)}</span>}
        {r.raised && <span class="sl-tag sl-tag-danger">{t.raisesHere}</span>}
        <button type="button" class="sl-link" onClick={() => r.onOpenLine(r.line)}>{t.line(r.line + 1)}</button>
        {f.kept && (
          <button type="button" class="sl-link" aria-expanded={r.entry !== undefined} onClick={() => r.onToggle(i)}>
            {r.entry !== undefined ? t.hideEntry : t.entry}
          </button>
        )}
      </div>
      <div class="sl-fate-preview">{r.message ? messagePreview(m, r.version) || <span class="sl-muted">{t.noText}</span> : null}</div>
      {r.entry !== undefined && <Fold text={r.entry} class="sl-code" limit={3000} />}
    </div>
  );
}

/** Messages read per block as rows come into view, and the blocks kept. */
const BLOCK = 64;
const KEPT_BLOCKS = 32;

/**
 * Message `i` of the lens, or undefined while its block is read (the list renders again once it is
 * in): only the rows in and near view are ever read, at every size.
 */
function useMessageRows(source: SessionSource, lens: Lens): (i: number) => PyDict | undefined {
  const [, setTick] = useState(0);
  const blocks = useMemo(() => new Map<number, PyDict[] | null>(), [source, lens]);
  return useCallback(
    (i: number) => {
      const b = Math.floor(i / BLOCK);
      const got = blocks.get(b);
      if (got) return got[i - b * BLOCK];
      if (got === undefined) {
        blocks.set(b, null);
        source.messages(lens, b * BLOCK, (b + 1) * BLOCK).then(
          (r) => {
            blocks.set(b, r.values);
            for (const [k, v] of blocks) {
              if (blocks.size <= KEPT_BLOCKS) break;
              if (v && k !== b) blocks.delete(k);
            }
            setTick((t) => t + 1);
          },
          () => blocks.delete(b),
        );
      }
      return undefined;
    },
    [blocks],
  );
}

/** The header of a run of left-out messages: folded into one row, or open above its messages. */
function RunRow({ k, from, to, open, version, onToggle }: { k: FateKey; from: number; to: number; open: boolean; version: NanobotVersion; onToggle: (from: number) => void }) {
  return (
    <div class="sl-fate-run sl-dropped" data-run={from}>
      <span class={`sl-swatch sl-fate-${k}`} aria-hidden="true" />
      <strong>{count(to - from + 1)}</strong> <span title={fateText(k, version)}>{runLabel(k)}</span>{' '}
      <span class="sl-muted">(#{count(from + 1)}–{count(to + 1)})</span>{' '}
      <button type="button" class="sl-link" aria-expanded={open} onClick={() => onToggle(from)}>
        {open ? pg().replay.list.foldRun : pg().replay.list.showRun}
      </button>
    </div>
  );
}

/** `set` with `i` taken out where it is in it, else added. */
function toggled(set: ReadonlySet<number>, i: number): Set<number> {
  const next = new Set(set);
  if (!next.delete(i)) next.add(i);
  return next;
}

/**
 * One row per message, long runs of left-out messages folded into one. A replay change re-renders only the rows whose fate, entry or tokens
 * changed: an unchanged row hands Preact the same element as before, which it skips.
 */
export function FateList(p: FateListProps) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [runsOpen, setRunsOpen] = useState<Set<number>>(new Set());
  const folded = useMemo(() => foldFates(p.fates, runsOpen), [p.fates, runsOpen]);
  const messageAt = useMessageRows(p.source, p.lens);
  // One key function per fold: a new one would make the list re-measure every row.
  const keyOf = useMemo(() => (j: number): string | number => {
    const it = folded.items[j]!;
    return it.kind === 'run' ? `run${it.from}` : it.index;
  }, [folded]);
  const openLine = useRef(p.onOpenLine);
  openLine.current = p.onOpenLine;
  // Made once: re-used rows keep the handlers they were rendered with.
  const [stable] = useState(() => ({
    toggle: (i: number) => setOpen((was) => toggled(was, i)),
    openLine: (line: number) => openLine.current(line),
    toggleRun: (from: number) => setRunsOpen((was) => toggled(was, from)),
  }));
  const rows = useRef(new Map<number, { sig: string; message: PyDict | undefined; entry: string | undefined; node: VNode }>()).current;
  if (rows.size > 1000) rows.clear();
  const lang = language.value;
  return (
    <VirtualList
      label={pg().replay.list.label}
      count={folded.items.length}
      estimateSize={(j) => {
        const it = folded.items[j]!;
        return it.kind === 'run' ? 40 : open.has(it.index) ? 220 : 64;
      }}
      getKey={keyOf}
      scrollTo={p.scrollTo === null || p.scrollTo >= folded.itemOf.length ? null : folded.itemOf[p.scrollTo]!}
      scrollNonce={p.nonce}
      render={(j) => {
        const it = folded.items[j]!;
        if (it.kind === 'run') return <RunRow k={it.key} from={it.from} to={it.to} open={it.open} version={p.version} onToggle={stable.toggleRun} />;
        const i = it.index;
        const fate = p.fates[i]!;
        const props: RowProps = {
          index: i,
          message: messageAt(i),
          line: p.view.lines[i]!,
          fate,
          tokens: fate.kept && p.view.tokens ? p.view.tokens[fate.entry] : undefined,
          raised: p.view.error?.message_index === i,
          entry: fate.kept && open.has(i) ? p.view.texts[fate.entry] : undefined,
          onToggle: stable.toggle,
          onOpenLine: stable.openLine,
          version: p.version,
        };
        const sig = rowSignature(props, lang);
        const seen = rows.get(i);
        if (seen && seen.sig === sig && seen.message === props.message && seen.entry === props.entry) return seen.node;
        const node = <FateRow {...props} />;
        rows.set(i, { sig, message: props.message, entry: props.entry, node });
        return node;
      }}
    />
  );
}
