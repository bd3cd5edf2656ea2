/**
 * Large-file mode: at or above a size, a session is opened through a compact index built in a
 * worker from slices of the file, never read whole into the page (a 1 GB file would not fit).
 * Below a ceiling the user may still ask for the full view, which reads every value into the page.
 */

/**
 * Files at or above this size open in large-file mode by default (the full view stays one link away).
 * Why 32 MiB (`npm run bench -- midsize`, 2026-12-04, 5 runs a size, both views interleaved, load
 * 11–14 on 2 cores): the full view misses the heap goal (≤ 0.5× the file) at every size, holding
 * 1.9–2.6× the file (42 / 71 / 121 MiB at 16 / 32 / 64 MiB; large-file mode 5 MiB); under that load it
 * missed the time goals at 16 MiB already (first message 2.6 s, longest task 686 ms at the median;
 * large-file mode 0.84 s and 373 ms). Below 32 MiB the full view's cost stays under ~70 MiB and a few
 * seconds, and it has what large-file mode lacks (the replay's export, fork, clear, removing single lines, tool
 * results paired), so the line sits where its misses grow to hundreds of MiB and many seconds.
 */
export const LARGE_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The full view is offered only below this size: it keeps about FULL_VIEW_HEAP_PER_BYTE × the file
 * in the page (half a GiB and more from here), which a tab may not be given; large-file mode only.
 */
export const FULL_VIEW_MAX_BYTES = 256 * 1024 * 1024;

/** Page heap the full view holds per byte of file, for the memory it announces: 1.87× at 100 MiB, 2.4× added at 16 MiB (the `open` and `midsize` benches). */
export const FULL_VIEW_HEAP_PER_BYTE = 2;

/** Whether a file of `size` bytes opens in large-file mode; `threshold` lowers the line (tests, links). */
export function isLargeFile(size: number, threshold: number = LARGE_FILE_BYTES): boolean {
  return size >= threshold;
}

/** Whether the user may open a file of `size` bytes in the full view (below the ceiling the page can hold). */
export function fullViewOffered(size: number): boolean {
  return size < FULL_VIEW_MAX_BYTES;
}

/** About how many bytes of page memory the full view takes for a file of `size` bytes (said before it is asked). */
export function fullViewMemory(size: number): number {
  return Math.round(size * FULL_VIEW_HEAP_PER_BYTE);
}
