/**
 * Large-file mode: at or above a size, a session is opened through a compact index built in a
 * worker from slices of the file, never read whole into the page (a 1 GB file would not fit).
 */
/** Files at or above this size open in large-file mode. */
export const LARGE_FILE_BYTES = 256 * 1024 * 1024;

/** Whether a file of `size` bytes opens in large-file mode; `threshold` lowers the line (tests, links). */
export function isLargeFile(size: number, threshold: number = LARGE_FILE_BYTES): boolean {
  return size >= threshold;
}
