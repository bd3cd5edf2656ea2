/** Ctrl/⌘+F in large-file mode: the page's own find cannot see rows the virtual list has not drawn. */
import { useEffect, useRef } from 'preact/hooks';
import { closeFind, openFind } from '../find/state';

/** Opens the session's find bar on Ctrl/⌘+F (after `before`, which shows the tab holding it); closes it when the view goes. */
export function useFindKey(before: () => void): void {
  const first = useRef(before);
  first.current = before;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'f') return;
      e.preventDefault();
      first.current();
      openFind();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      closeFind();
    };
  }, []);
}
