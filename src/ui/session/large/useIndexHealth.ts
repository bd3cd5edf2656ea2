/**
 * The health of a large file's index (core/index-health.ts), counted on the page in slices that
 * yield: a pass over 1.7 million lines is several ms, more where every line is a problem (CRLF),
 * and must never hold the page for 50 ms. Kept per index, so the File tab opens again at once.
 */
import { useEffect, useState } from 'preact/hooks';
import { addHealth, emptyHealth, type IndexHealth } from '../../../core/index/index-health';
import type { LineIndex } from '../../../core/index/line-index';
import { yieldToEventLoop } from '../../../store/analyze/event-loop';

/** Lines counted per task. */
export const HEALTH_SLICE = 1 << 18;

const counted = new WeakMap<LineIndex, IndexHealth>();

/** The index's health once counted (null until then) and how many lines are counted so far. */
export function useIndexHealth(index: LineIndex): { health: IndexHealth | null; done: number } {
  const [state, setState] = useState(() => {
    const known = counted.get(index);
    if (known) return { health: known, done: index.count };
    // A small index is counted at once (one slice): no frame without its counts.
    if (index.count > HEALTH_SLICE) return { health: null, done: 0 };
    const h = addHealth(emptyHealth(), index, 0, index.count);
    counted.set(index, h);
    return { health: h, done: index.count };
  });
  useEffect(() => {
    if (counted.has(index)) {
      if (state.health !== counted.get(index)) setState({ health: counted.get(index)!, done: index.count });
      return;
    }
    let live = true;
    void (async () => {
      const h = emptyHealth();
      for (let a = 0; a < index.count && live; a += HEALTH_SLICE) {
        await yieldToEventLoop();
        addHealth(h, index, a, Math.min(index.count, a + HEALTH_SLICE));
        if (live) setState({ health: null, done: Math.min(index.count, a + HEALTH_SLICE) });
      }
      if (!live) return;
      counted.set(index, h);
      setState({ health: h, done: index.count });
    })();
    return () => void (live = false);
  }, [index]);
  return state;
}
