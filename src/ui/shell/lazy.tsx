/**
 * A component whose module loads on first render: pages a person may never open stay out of the
 * initial bundle (its budget is enforced by the build).
 */
import type { FunctionComponent, VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { errorTextReady, pageTextReady, ui } from '../i18n/text';

/** `load` asked once and its promise kept, for every caller; a load that failed is forgotten, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  return () =>
    (kept ??= load().catch((e: unknown) => {
      kept = null;
      throw e;
    }));
}

/**
 * Wraps `load` (a dynamic import picking the component) as a component showing `waiting` until it
 * and the pages' words (see i18n/text.ts) are in: words as a busy line, else the element (or nothing)
 * it gives; `preload()` starts loading them before it renders.
 */
export function lazyComponent<P extends object>(load: () => Promise<FunctionComponent<P>>, waiting: () => string | VNode | null = () => ui().common.loading): FunctionComponent<P> & { preload: () => void } {
  // A load that failed is forgotten: the next render (or preload) tries again.
  const loaded = loadOnce(() => Promise.all([load(), pageTextReady(), errorTextReady()]).then(([c]) => c));
  function Lazy(props: P) {
    const [C, setC] = useState<FunctionComponent<P> | null>(null);
    useEffect(() => {
      let live = true;
      void loaded().then((c) => live && setC(() => c));
      return () => void (live = false);
    }, []);
    if (C) return <C {...props} />;
    const shown = waiting();
    return typeof shown === 'string' ? <p class="empty-state" aria-busy="true">{shown}</p> : shown;
  }
  return Object.assign(Lazy, { preload: () => void loaded().catch(() => undefined) });
}
