/**
 * Long untrusted text, folded: the first part shown as plain text, the rest revealed in bounded
 * blocks (one per frame for "Show all"), so even a megabyte never lands in one layout.
 */
import type { VNode } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { pg } from '../../i18n/text';
import { Hl } from '../find/Hl';
import { chunkEnds, foldAt, REVEAL_CHUNK } from './reveal';

export interface FoldProps {
  text: string;
  /** Characters shown while folded. */
  limit?: number;
  /** Lines shown while folded. */
  lines?: number;
  class?: string;
}

/** Renders text as text (never HTML); folds it past `limit` chars or `lines` lines. */
export function Fold({ text, limit = 1500, lines = 24, class: cls }: FoldProps) {
  const at = foldAt(text, limit, lines);
  const { shown, auto, more, all, stop, less } = useReveal(text, at);
  const chunks = useChunks(text, shown, at);
  if (at >= text.length) {
    return (
      <div class={`sl-fold ${cls ?? ''}`}>
        <pre class="sl-text"><Hl text={text} /></pre>
      </div>
    );
  }
  const left = text.length - (shown || at);
  const t = pg().session;
  return (
    <div class={`sl-fold ${cls ?? ''}`} aria-busy={auto}>
      {shown === 0 ? (
        <pre class="sl-text"><Hl text={text.slice(0, at)} />…</pre>
      ) : (
        <div class="sl-chunks">
          {chunks}
          {left > 0 && <span class="sl-muted">…</span>}
        </div>
      )}
      <p class="sl-fold-bar">
        {auto ? (
          <>
            <span class="sl-muted" role="status">{t.revealing(shown, text.length)}</span>{' '}
            <button type="button" class="sl-link" onClick={stop}>{t.stop}</button>
          </>
        ) : (
          left > 0 && (
            <>
              <button type="button" class="sl-link" aria-expanded={false} onClick={all}>{t.showAll(left)}</button>
              {left > REVEAL_CHUNK && (
                <>
                  {' · '}
                  <button type="button" class="sl-link" onClick={more}>{t.showMore(REVEAL_CHUNK)}</button>
                </>
              )}
            </>
          )
        )}
        {shown > 0 && !auto && (
          <>
            {left > 0 && ' · '}
            <button type="button" class="sl-link" aria-expanded={true} onClick={less}>{t.showLess}</button>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * One <pre> per chunk, each made once: later renders hand Preact the same elements, which it skips.
 * Off screen, a chunk is not laid out at all (content-visibility: auto) until it is scrolled to;
 * its placeholder height is a guess from its length, replaced by the real one once seen.
 */
function useChunks(text: string, shown: number, at: number) {
  const made = useRef<{ text: string; ends: number[]; nodes: VNode[] }>({ text, ends: [], nodes: [] });
  return useMemo(() => {
    if (!shown) return [];
    const m = made.current.text === text ? made.current : (made.current = { text, ends: [], nodes: [] });
    const ends = chunkEnds(text, shown, at);
    for (let i = m.nodes.length; i < ends.length; i++) {
      const from = i ? ends[i - 1]! : 0;
      const lines = Math.ceil((ends[i]! - from) / 90) + 1;
      m.nodes.push(<pre key={i} class="sl-text sl-chunk" style={{ containIntrinsicSize: `auto ${(lines * 1.45).toFixed(1)}em` }}><Hl text={text.slice(from, ends[i])} /></pre>);
    }
    m.ends = ends;
    return m.nodes.slice(0, ends.length);
  }, [text, shown, at]);
}

/** Reveal state: `shown` characters (0 = folded); `auto` adds a chunk per frame until all is shown. */
function useReveal(text: string, at: number) {
  const [shown, setShown] = useState(0);
  const [auto, setAuto] = useState(false);
  const next = (from: number) => chunkEnds(text, from + 1, at).at(-1) ?? text.length;
  useEffect(() => {
    if (!auto) return;
    if (shown >= text.length) return setAuto(false);
    // One block per frame: its layout happens in that frame, and input is handled between frames.
    const id = requestAnimationFrame(() => setShown(next(shown)));
    return () => cancelAnimationFrame(id);
  }, [auto, shown, text]);
  return {
    shown,
    auto,
    more: () => setShown(next(shown)),
    all: () => {
      setShown(next(shown));
      setAuto(true);
    },
    stop: () => setAuto(false),
    less: () => {
      setAuto(false);
      setShown(0);
    },
  };
}
