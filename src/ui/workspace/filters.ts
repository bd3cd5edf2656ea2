/** The session list's search and filters; kept while the user visits a session and comes back. */
import { signal } from '@preact/signals';

export const query = signal('');
export const channelFilter = signal('');
export const problemsOnly = signal(false);

/** The list's orders: nanobot's own (newest updated_at first), or one a person picks. */
export const SORTS = ['nanobot', 'title', 'size', 'messages', 'problems'] as const;
export type SortOrder = (typeof SORTS)[number];
export const sortOrder = signal<SortOrder>('nanobot');

/** The search, filters and sort as link parameters (`q`, `channel`, `problems`, `sort`); defaults are left out. */
export function listParams(): Record<string, string> {
  return {
    ...(query.value ? { q: query.value } : {}),
    ...(channelFilter.value ? { channel: channelFilter.value } : {}),
    ...(problemsOnly.value ? { problems: '1' } : {}),
    ...(sortOrder.value !== 'nanobot' ? { sort: sortOrder.value } : {}),
  };
}

/** Whether a link names any of the list's parameters. */
export function hasListParams(params: Record<string, string>): boolean {
  return ['q', 'channel', 'problems', 'sort'].some((k) => k in params);
}

/** Sets the search, filters and sort from a link's parameters (unknown values: the default). */
export function applyListParams(params: Record<string, string>): void {
  query.value = params.q ?? '';
  channelFilter.value = params.channel ?? '';
  problemsOnly.value = params.problems === '1';
  sortOrder.value = (SORTS as readonly string[]).includes(params.sort ?? '') ? (params.sort as SortOrder) : 'nanobot';
}
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
