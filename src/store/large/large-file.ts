/**
 * Large-file mode: at or above a size, a session is opened through a compact index built in a
 * worker from slices of the file, never read whole into the page (a 1 GB file would not fit).
 * Below a ceiling the user may still ask for the full view, which reads every value into the page.
 * The app hands both lines to `openSource` (store/source/open-source.ts), which alone compares a size with them.
 */

/**
 * Files at or above this size open in large-file mode by default (the full view stays one link away).
 * Why 32 MiB (`npm run bench -- midsize`; figures in bench/FIGURES.md): the full view misses the heap
 * goal (≤ 0.5× the file) at every size, holding about twice the file where large-file mode holds a
 * few MiB, and on a loaded machine it misses the time goals at small sizes already, where large-file
 * mode misses them by less. Below 32 MiB the full view's cost stays under ~70 MiB and a few
 * seconds, and it has what large-file mode lacks (the replay's export, tool
 * results paired), so the line sits where its misses grow to hundreds of MiB and many seconds.
 */
export const LARGE_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The full view is offered only below this size: it keeps about FULL_VIEW_HEAP_PER_BYTE × the file
 * in the page (half a GiB and more from here), which a tab may not be given; large-file mode only.
 */
export const FULL_VIEW_MAX_BYTES = 256 * 1024 * 1024;

/** Page heap the full view holds per byte of file, for the memory it announces: about twice the file, as the `open` and `midsize` benches find. */
const FULL_VIEW_HEAP_PER_BYTE = 2;

/** About how many bytes of page memory the full view takes for a file of `size` bytes (said before it is asked). */
export function fullViewMemory(size: number): number {
  return Math.round(size * FULL_VIEW_HEAP_PER_BYTE);
}
