/**
 * Numbers as both interface languages write them. English and Simplified Chinese group digits the
 * same way (12,345), so this is done by hand: the first Intl call of a page costs ~25 ms, inside the
 * render that shows a freshly opened 100 MB session.
 */

/** `2602` → `2,602`; a non-integer or unsafe number through Intl. */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** An English count and its noun (`1 file`, `2,602 files`): the shell's words and the pages' (en) share this one. */
export const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;
