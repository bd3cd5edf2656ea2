/**
 * When the session page opens a file in large-file mode: at the store's size line, or at a lower
 * one a link asks for (`large=<bytes>`), so tests and demos can use small files.
 */
import { LARGE_FILE_BYTES, isLargeFile } from '../../../store/large-file';

/** Whether a file of `size` bytes opens in large-file mode under the route's parameters. */
export function opensLarge(size: number, params: Record<string, string>): boolean {
  const asked = Number(params.large);
  const threshold = params.large !== undefined && Number.isInteger(asked) && asked >= 0 ? asked : LARGE_FILE_BYTES;
  return isLargeFile(size, threshold);
}
