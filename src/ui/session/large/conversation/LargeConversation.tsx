/**
 * The conversation of a large file as a virtual list: rows are decoded when they come into view,
 * in blocks of neighbouring messages read as one slice of the file, and kept in a bounded cache.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { LineIndex } from '../../../../core/index/line-index';
import type { PyDict } from '../../../../core/python/pyvalue';
import { readRecords } from '../../../../store/large/large-client';
import { pg } from '../../../i18n/text';
import { VirtualList } from '../../parts/VirtualList';
import { count } from '../../text';
import { LargeMessage, PendingMessage } from './LargeMessage';
import { PageNav } from '../../parts/PageNav';
import { rowHeight } from '../row-height';

/** Messages decoded per read. */
const BLOCK = 32;
/**
 * Rows rendered beyond the view: a large file's rows arrive decoded all at once, and laying out a
 * card of long mixed-script text is costly, so a wider overscan would make each layout a long task.
 */
const OVERSCAN = 2;
/** Blocks kept decoded; older ones are dropped (a 1 GB file must not end up decoded on the page). */
const KEPT_BLOCKS = 64;

/**
 * Messages per page of the list. A browser lays out at most ~33.5 million px in one box, which
 * 500,000 rows would pass; and the virtualizer keeps a measurement object per row, rebuilt from
 * the first changed row whenever rows are measured, a cost on the page's thread that grows with the
 * rows a page holds.
 */
export const PAGE = 20_000;

/** How long after a jump the list keeps aiming at its message as rows are read and measured. */
const AIM_MS = 2000;

/** A message to bring into view (0-based, among all messages); a new `nonce` scrolls again. */
export interface LargeTarget {
  message: number;
  nonce: number;
}

/** The conversation view of large-file mode. */
export function LargeConversation({ file, index, scrollTo, target }: { file: Blob; index: LineIndex; scrollTo?: number | null; target?: LargeTarget | null }) {
  const blocks = useRef(new Map<number, (PyDict | null)[]>());
  const pending = useRef(new Set<number>());
  const [, setTick] = useState(0);
  const pages = Math.max(1, Math.ceil(index.messageCount / PAGE));
  const [page, setPage] = useState(0);
  const first = page * PAGE;
  // A jump to a message on another page turns to that page first. While the rows around it are
  // read and drawn their heights change from the guess, so each block read in the next moments
  // aims at it again: the list would otherwise land beside it.
  const [aim, setAim] = useState(0);
  const aimUntil = useRef(0);
  useEffect(() => {
    if (!target) return;
    setPage(Math.floor(target.message / PAGE));
    aimUntil.current = performance.now() + AIM_MS;
  }, [target]);
  const targetRow = target && Math.floor(target.message / PAGE) === page ? target.message - first : null;
  const estimate = useCallback((k: number) => rowHeight(index.length[index.messages[first + k]!]!), [index, first]);
  useEffect(() => {
    blocks.current.clear();
    pending.current.clear();
  }, [file, index]);

  const want = (b: number) => {
    if (blocks.current.has(b) || pending.current.has(b)) return;
    pending.current.add(b);
    const lines = index.messages.subarray(b * BLOCK, Math.min(index.messageCount, (b + 1) * BLOCK));
    void readRecords(file, index, lines).then(
      (values) => {
        pending.current.delete(b);
        blocks.current.set(b, values);
        while (blocks.current.size > KEPT_BLOCKS) blocks.current.delete(blocks.current.keys().next().value!);
        setTick((t) => t + 1);
        if (performance.now() < aimUntil.current) setAim((a) => a + 1);
      },
      () => pending.current.delete(b),
    );
  };

  const render = (k: number) => {
    const i = first + k;
    const b = Math.floor(i / BLOCK);
    const block = blocks.current.get(b);
    if (!block) {
      want(b);
      return <PendingMessage index={i} />;
    }
    return <LargeMessage index={i} line={index.messages[i]} value={block[i - b * BLOCK] ?? null} id={`large:${i}`} />;
  };

  const t = pg().large;
  // Reading on (a wheel, a touch, a key, a click in the list) ends the aiming at once.
  const stopAiming = () => void (aimUntil.current = 0);
  const list = <div onWheel={stopAiming} onTouchStart={stopAiming} onKeyDown={stopAiming} onMouseDown={stopAiming}><VirtualList key={page} count={Math.min(PAGE, index.messageCount - first)} estimateSize={estimate} render={render} label={t.list} class="sl-large-list" overscan={OVERSCAN} scrollTo={targetRow ?? scrollTo ?? null} scrollNonce={(target?.nonce ?? 0) * 1e6 + aim} /></div>;
  if (pages === 1) return list;
  return (
    <>
      <PageNav page={page} pages={pages} range={t.pageOf(count(first + 1), count(Math.min(index.messageCount, first + PAGE)), count(index.messageCount))} onPage={setPage} />
      {list}
    </>
  );
}
