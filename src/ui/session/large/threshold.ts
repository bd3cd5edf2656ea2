/**
 * When the session page opens a file in large-file mode: at the store's size line, or at a lower
 * one a link asks for (`large=<bytes>`), so tests and demos can use small files; `full=1` in the
 * link opens a file below the full view's ceiling in the full view (a permalink: a reload keeps it).
 */
import { LARGE_FILE_BYTES, fullViewOffered, isLargeFile } from '../../../store/large/large-file';

/** Whether a file of `size` bytes opens in large-file mode under the route's parameters. */
export function opensLarge(size: number, params: Record<string, string>): boolean {
  if (params.full === '1' && fullViewOffered(size)) return false;
  const asked = Number(params.large);
  const threshold = params.large !== undefined && Number.isInteger(asked) && asked >= 0 ? asked : LARGE_FILE_BYTES;
  return isLargeFile(size, threshold);
}

/** The route's parameters with the full view asked (`on`) or not: the links that switch between the two views. */
export function withFullView(params: Record<string, string>, on: boolean): Record<string, string> {
  const { full: _full, ...rest } = params;
  return on ? { ...rest, full: '1' } : rest;
}
