/**
 * The session list, in nanobot's order: title (or key), preview, key, channel, time, size, message
 * count and badges. A `ul` of rows whose links are one roving tab stop: arrow keys, Home/End and
 * PageUp/PageDown move between sessions, Enter opens one.
 */
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatBytes, formatTime } from '../parts/format';
import type { Badge, Match } from './rows';
import { iso, showControls, visible } from '../parts/iso';
import { shownValue } from '../../store/listing/listed-row';
import { highlighted } from '../parts/highlight';
import { query } from './filters';
import { ui } from '../i18n/text';
import { CacheMark } from './CacheMark';
import { afterNextPaint } from '../shell/paint';
import { skipOf } from '../shell/status';

export interface SessionListProps {
  matches: Match[];
  /** How many to render (the rest behind "Show more"). */
  limit: number;
  onShowMore: () => void;
  href: (m: Match) => string;
  /** The list's accessible name. */
  label: string;
}

function BadgeList({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul class="badges" aria-label={ui().workspace.problems}>
      {badges.map((b) => (
        <li key={b.id} class={`badge tone-${b.tone}`} title={showControls(b.explain)}>
          {b.label}
          <span class="visually-hidden">: {showControls(b.explain)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Whether a search hit's excerpt only repeats the row's preview line (which marks the hit already): then it is not shown twice. */
export function repeatsPreview(e: { before: string; hit: string; after: string }, preview: string): boolean {
  const flat = (t: string) => t.replace(/…/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const shown = flat(e.before + e.hit + e.after);
  return shown !== '' && flat(preview).includes(shown);
}

function Row({ m, href, active, index, onFocusRow }: { m: Match; href: string; active: boolean; index: number; onFocusRow: (i: number) => void }) {
  const { row, excerpt } = m;
  const s = row.summary;
  const titled = row.title !== '';
  const q = query.value;
  const t = ui().workspace;
  return (
    <li class="session-row" data-file={s.fileName}>
      <div class="row-text">
        <a class="row-link" href={href} tabIndex={active ? 0 : -1} data-index={index} onFocus={() => onFocusRow(index)} {...((titled ? row.title : row.keyText).length > 80 ? { title: visible(titled ? row.title : row.keyText) } : {})}>
          {highlighted(visible(titled ? row.title : row.keyText), q)}
        </a>
        {row.preview ? <p class="row-preview">{highlighted(row.preview, q)}</p> : <p class="row-preview empty">{s.row ? t.noPreview : s.skipReason ? t.skip(skipOf(s)!) : ''}</p>}
        {excerpt && !repeatsPreview(excerpt, row.preview) && (
          <p class="row-excerpt">
            <span class="visually-hidden">{t.foundIn}</span>
            {iso(excerpt.before)}
            <mark>{iso(excerpt.hit)}</mark>
            {iso(excerpt.after)}
          </p>
        )}
        <CacheMark file={s.fileName} />
      </div>
      <div class="row-meta">
        {titled && <code class="row-key">{highlighted(visible(row.keyText), q)}</code>}
        {row.channel && (
          <span class="chip channel" title={t.channelTip}>
            {row.channel}
          </span>
        )}
        <time
          class="row-time"
          title={s.flags.damaged ? t.damagedTime : `updated_at: ${typeof row.updatedAt === 'string' ? JSON.stringify(row.updatedAt) : shownValue(row.updatedAt ?? null)}`}
        >
          {row.updatedAt == null && !s.row ? t.notListed : formatTime(row.updatedAt ?? '')}
        </time>
        <span class="row-size">{formatBytes(s.size)}</span>
        <span class="row-count">{t.msgs(row.messages)}</span>
      </div>
      <BadgeList badges={row.badges} />
    </li>
  );
}

/** Rows rendered in the first task: a tall screenful (rows are ~4.5rem; 9 fit a 900 px window), so the first paint waits for no more. */
export const FIRST_ROWS = 20;
/** Rows rendered in each later task, so no render of a long list blocks the page (rows and their style are costly to lay out). */
const ROWS_PER_TASK = 20;

/**
 * How many of `total` rows to render now: FIRST_ROWS, then ROWS_PER_TASK more per task until all are there. The
 * first screenful is painted before the second batch renders (a reopen's cached rows, a first listing).
 */
function useProgressive(total: number): number {
  const [n, setN] = useState(FIRST_ROWS);
  const painted = useRef(false);
  useEffect(() => {
    if (n >= total) return;
    let live = true;
    const grow = () => live && setN((x) => x + ROWS_PER_TASK);
    let t: ReturnType<typeof setTimeout> | undefined;
    if (painted.current) t = setTimeout(grow, 0);
    else void afterNextPaint().then(() => ((painted.current = true), grow()));
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [n, total]);
  return Math.min(n, total);
}

/** What a row's render depends on besides the signals it reads itself (the query, the words, its cache mark). */
function rowDeps(m: Match, href: string, active: boolean, index: number): unknown[] {
  const r = m.row;
  const e = m.excerpt;
  return [r.summary, r.scan, r.badges.map((b) => `${b.id}\u0000${b.label}\u0000${b.explain}`).join('\u0001'), e?.before, e?.hit, e?.after, href, active, index];
}

/**
 * The rows' elements, each reused as it was while what it shows is the same: Preact then skips that
 * row. A reconciled or rescanned listing of 1,000 keeps most summaries as they were, and re-rendering
 * all its shown rows in one task would be a long task for rows that did not change.
 */
function useRowElements(visible: Match[], href: (m: Match) => string, current: number, onFocusRow: (i: number) => void): VNode[] {
  const kept = useRef(new Map<string, { deps: unknown[]; el: VNode }>());
  const next = new Map<string, { deps: unknown[]; el: VNode }>();
  const out = visible.map((m, i) => {
    const path = m.row.summary.path;
    const h = href(m);
    const deps = rowDeps(m, h, i === current, i);
    const old = kept.current.get(path);
    const same = old && old.deps.length === deps.length && old.deps.every((d, j) => d === deps[j]);
    const el = same ? old.el : <Row key={path} m={m} index={i} href={h} active={i === current} onFocusRow={onFocusRow} />;
    next.set(path, { deps, el });
    return el;
  });
  kept.current = next;
  return out;
}

export function SessionList(props: SessionListProps) {
  const { matches, limit } = props;
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const wanted = Math.min(limit, matches.length);
  const rendered = useProgressive(wanted);
  const visible = matches.slice(0, rendered);
  const current = Math.min(active, Math.max(0, visible.length - 1));
  const rows = useRowElements(visible, props.href, current, setActive);

  const move = (to: number) => {
    const i = Math.max(0, Math.min(visible.length - 1, to));
    setActive(i);
    const el = list.current?.querySelector<HTMLAnchorElement>(`a[data-index="${i}"]`);
    el?.focus();
    el?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: visible.length - 1, PageDown: current + 10, PageUp: current - 10 };
    if (e.key in keys && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      move(keys[e.key]!);
    }
  };

  return (
    <>
      <ul class="session-list" ref={list} aria-label={props.label} aria-busy={rendered < wanted ? 'true' : undefined} onKeyDown={onKeyDown}>
        {rows}
      </ul>
      {matches.length > limit && (
        <button type="button" class="btn show-more" onClick={props.onShowMore}>
          {ui().workspace.showMore(Math.min(200, matches.length - limit), matches.length - limit)}
        </button>
      )}
    </>
  );
}

/** Move focus into the list from the search box (ArrowDown there). */
export function focusFirstRow(): void {
  document.querySelector<HTMLAnchorElement>('.session-list a.row-link[tabindex="0"]')?.focus();
}
