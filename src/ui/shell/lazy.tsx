/**
 * A component whose module loads on first render: pages a person may never open stay out of the
 * initial bundle (its budget is enforced by the build).
 */
import type { FunctionComponent, VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { errorTextReady, pageTextReady, ui } from '../i18n/text';

/**
 * Wraps `load` (a dynamic import picking the component) as a component showing `waiting` until it
 * and the pages' words (see i18n/text.ts) are in: words as a busy line, else the element (or nothing)
 * it gives; `preload()` starts loading them before it renders.
 */
export function lazyComponent<P extends object>(load: () => Promise<FunctionComponent<P>>, waiting: () => string | VNode | null = () => ui().common.loading): FunctionComponent<P> & { preload: () => void } {
  let module: Promise<FunctionComponent<P>> | null = null;
  // A load that failed is forgotten: the next render (or preload) tries again.
  const loaded = () =>
    (module ??= Promise.all([load(), pageTextReady(), errorTextReady()]).then(
      ([c]) => c,
      (e: unknown) => {
        module = null;
        throw e;
      },
    ));
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
