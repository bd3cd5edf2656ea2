/** The session list's search and filters; kept while the user visits a session and comes back. */
import { signal } from '@preact/signals';

export const query = signal('');
export const channelFilter = signal('');
export const problemsOnly = signal(false);
/** How many rows are rendered (grows with "Show more"). */
export const shown = signal(200);

/** Focus the search box (the `/` and Ctrl+K shortcut), once it is on the page. */
export function focusSearch(): void {
  const tryFocus = (left: number) => {
    const el = document.getElementById('session-search') as HTMLInputElement | null;
    if (el) {
      el.focus();
      el.select();
    } else if (left > 0) setTimeout(() => tryFocus(left - 1), 50);
  };
  tryFocus(20);
}
