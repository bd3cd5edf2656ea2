/**
 * What the session's find bar shares with the views that draw text: the query to highlight, and
 * whether the bar is open (Ctrl/⌘+F opens it from anywhere in the session).
 */
import { signal } from '@preact/signals';

/** The query whose matches message texts mark ('' when the find bar is closed). */
export const findQuery = signal('');
/** Whether the find bar is shown. */
export const findOpen = signal(false);
/** Bumped by each Ctrl/⌘+F, so an open bar takes the focus again. */
export const findFocus = signal(0);

/** Opens the find bar (or focuses it again); the session view calls it for Ctrl/⌘+F. */
export function openFind(): void {
  findOpen.value = true;
  findFocus.value++;
}

/** Closes the bar and clears the highlights. */
export function closeFind(): void {
  findOpen.value = false;
  findQuery.value = '';
}
