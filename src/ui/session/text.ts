/** Display helpers for untrusted file text and figures: cut to a size the page can lay out, counts and sizes worded. */

/** Cuts text at `max` characters so a 1 MB line never reaches the layout engine whole. */
export function cut(text: string, max: number): { text: string; cut: boolean } {
  return text.length > max ? { text: text.slice(0, max), cut: true } : { text, cut: false };
}

/** "12,345" in the reader's locale-independent form (tests and screenshots stay stable): i18n/numbers.ts's grouping. */
export { groupDigits as count } from '../i18n/numbers';

/** "1.2 MB" style size for the header. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

