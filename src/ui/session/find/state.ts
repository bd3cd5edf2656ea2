/**
 * What the session's find bar shares with the views that draw text: the query to highlight, and
 * whether the bar is open (Ctrl/⌘+F opens it from anywhere in the session).
 */
import { signal } from '@preact/signals';

/** The query whose matches message texts mark ('' when the find bar is closed). */
export const findQuery = signal('');
/** Whether the find bar is shown. */
export const findOpen = signal(false);
/** Matches counted at most; past it the bar says "10,000+". */
export const MATCH_LIMIT = 10_000;
/** Bumped by each Ctrl/⌘+F, so an open bar takes the focus again. */
export const findFocus = signal(0);

/** The control focus was on when the bar opened (not the bar's own input): Escape gives focus back to it. */
let opener: HTMLElement | null = null;

/** The conversation's "Find" button, which the bar replaces while open (full view and large-file mode alike). */
const FIND_BUTTON = '.sl-conversation .sl-conv-tools > button.sl-link';

/** Opens the find bar (or focuses it again); the session view calls it for Ctrl/⌘+F. */
export function openFind(): void {
  const from = typeof document === 'undefined' ? null : document.activeElement;
  if (from instanceof HTMLElement && from !== document.body && !from.closest('.sl-findbar')) opener = from;
  else if (!findOpen.value) opener = null;
  findOpen.value = true;
  findFocus.value++;
}

/**
 * Closes the bar and clears the highlights. `returnFocus` (Escape, the close button): focus goes back
 * to the control that opened the bar, or, when that is gone (the Find button the bar replaced), to
 * the Find button drawn again, so it never falls to `<body>`.
 */
export function closeFind(returnFocus = false): void {
  findOpen.value = false;
  findQuery.value = '';
  const back = opener;
  opener = null;
  if (!returnFocus || typeof document === 'undefined') return;
  // After the render that removes the bar and brings the Find button back.
  setTimeout(() => {
    const to = back?.isConnected ? back : document.querySelector<HTMLElement>(FIND_BUTTON);
    to?.focus();
  }, 0);
}
