/** How a rewritten line is previewed: the part that changed (the lines come from the source's plan: store/save/edit-preview.ts). */
/**
 * The part of a rewritten line that changed, with a little context, each side at most `max`
 * characters: in a 1 MB line the change may be far from the start, which a plain cut would hide.
 */
export function changedSpan(before: string, after: string, max = 160, context = 40): { before: string; after: string } {
  let p = 0;
  const n = Math.min(before.length, after.length);
  while (p < n && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < n - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  let from = Math.max(0, p - context);
  if (from > 0 && (before.charCodeAt(from) & 0xfc00) === 0xdc00) from--; // never start inside a surrogate pair
  const side = (t: string) => {
    const to = Math.min(t.length, t.length - s + context, from + max);
    return (from > 0 ? '…' : '') + t.slice(from, to) + (to < t.length ? '…' : '');
  };
  return { before: side(before), after: side(after) };
}
