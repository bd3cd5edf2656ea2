/**
 * The app's line between the two readings of a session, as the route asks it: large-file mode (the
 * line index) from the app's size, or from a lower one a link asks for (`large=<bytes>`, so tests
 * and demos can use small files); `full=1` asks for the full view (the whole document), which the
 * store gives below what a page may hold. The store's `openSource` compares the size, once.
 */
import { FULL_VIEW_MAX_BYTES, LARGE_FILE_BYTES } from '../../../store/large/large-file';
import type { SourcePick } from '../../../store/source/open-source';

/** The line `openSource` draws for this route. */
export function pickOf(params: Record<string, string>): SourcePick {
  const asked = Number(params.large);
  const indexFrom = params.large !== undefined && Number.isInteger(asked) && asked >= 0 ? asked : LARGE_FILE_BYTES;
  return { indexFrom, whole: params.full === '1', wholeBelow: FULL_VIEW_MAX_BYTES };
}

/** The route's parameters with the full view asked (`on`) or not: the links that switch between the two views. */
export function withFullView(params: Record<string, string>, on: boolean): Record<string, string> {
  const { full: _full, ...rest } = params;
  return on ? { ...rest, full: '1' } : rest;
}
