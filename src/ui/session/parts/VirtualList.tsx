/**
 * A virtualized vertical list (variable row heights, measured as they render) on
 * @tanstack/virtual-core, so 10,000+ messages or lines cost only the rows on screen.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import {
  Virtualizer,
  elementScroll,
  measureElement,
  observeElementOffset,
  observeElementRect,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';

export interface VirtualListProps {
  count: number;
  /** Best guess of a row's height before it is measured. */
  estimateSize: (index: number) => number;
  /** Keep one function while the rows stay the same: a new one makes the virtualizer re-measure every row. */
  getKey?: (index: number) => string | number;
  render: (index: number) => ComponentChildren;
  /** Row to bring into view; a new value (or a new `scrollNonce`) scrolls again. */
  scrollTo?: number | null;
  scrollNonce?: number;
  label: string;
  class?: string;
  /** Rows rendered beyond the view on each side once the list is attached (6): fewer where each row costs a lot of layout. */
  overscan?: number;
}

/** Where layout reports no size (a hidden tab, a test DOM), pretend to a screenful so rows still render. */
const FALLBACK = { width: 800, height: 900 };

type Opts = VirtualizerOptions<HTMLDivElement, HTMLDivElement>;

/** The default key, one function for every render: a new key function makes the virtualizer re-measure all rows. */
const byIndex = (i: number) => i;

/** Renders only the visible rows of a long list inside its own scroll box. */
export function VirtualList(props: VirtualListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  // The first look at the scroll box (its size, its offset) waits for the next frame: reading them
  // while this render commits would force a layout of all new rows inside the same task. Until
  // then the rows are laid out for the initial rect, with a short overscan: the first layout of a
  // screenful of new rows is the dearest task of opening a big file, and the rest can follow a frame later.
  const [attached, setAttached] = useState(false);
  const options: Opts = {
    count: props.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: props.estimateSize,
    getItemKey: props.getKey ?? byIndex,
    overscan: attached ? (props.overscan ?? 6) : Math.min(2, props.overscan ?? 2),
    initialRect: FALLBACK,
    scrollToFn: elementScroll,
    observeElementOffset,
    observeElementRect: (inst, cb) => observeElementRect(inst, (r) => cb(r.height > 0 ? r : { width: r.width || FALLBACK.width, height: FALLBACK.height })),
    measureElement: (el, entry, inst) => {
      if (!entry) {
        // Called while rendering: reading a new row's height here would force a layout in the
        // middle of the render. The ResizeObserver reports it right after the browser's own layout.
        const index = inst.indexFromElement(el);
        return inst.itemSizeCache.get(inst.options.getItemKey(index)) ?? props.estimateSize(index);
      }
      const h = measureElement(el, entry, inst);
      return h > 0 ? h : props.estimateSize(Number(el.getAttribute('data-index')));
    },
    onChange: () => rerender(0),
  };
  const [v] = useState(() => new Virtualizer<HTMLDivElement, HTMLDivElement>(options));
  v.setOptions(options);
  useLayoutEffect(() => v._didMount(), []);
  useLayoutEffect(() => {
    if (attached) v._willUpdate();
  });
  useLayoutEffect(() => {
    const id = requestAnimationFrame(() => setAttached(true));
    return () => cancelAnimationFrame(id);
  }, []);
  useLayoutEffect(() => {
    if (attached && props.scrollTo != null && props.scrollTo >= 0 && props.scrollTo < props.count) v.scrollToIndex(props.scrollTo, { align: 'center' });
  }, [props.scrollTo, props.scrollNonce, attached]);
  const items = v.getVirtualItems();
  return (
    <div ref={scrollRef} class={`sl-vlist ${props.class ?? ''}`} role="region" aria-label={props.label} tabIndex={0}>
      <div class="sl-vlist-inner" style={{ height: `${v.getTotalSize()}px` }}>
        {items.map((it) => (
          <div key={it.key} data-index={it.index} ref={v.measureElement} class="sl-vlist-row" style={{ transform: `translateY(${it.start}px)` }}>
            {props.render(it.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
