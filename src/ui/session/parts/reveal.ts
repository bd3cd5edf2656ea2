/**
 * Where long text is cut for display: the folded first part, and the chunks a reveal adds one at
 * a time. Laying out a megabyte of text in one block can hold the page for seconds (font fallback
 * and line breaking over mixed scripts cost the most), so a reveal adds bounded blocks instead.
 */

/** Characters a reveal adds per step (one block each): a step's layout stays well under a frame's worth of work. */
export const REVEAL_CHUNK = 20_000;

/**
 * The end of the folded part: `limit` characters, or the end of line `lines`, whichever comes first —
 * or the whole text when the fold would hide only a scrap (a tenth of `limit` at most, in at most two
 * more lines): "Show all (9 more characters)" costs a click to see what fits on the screen anyway.
 */
export function foldAt(text: string, limit: number, lines: number): number {
  const at = cutAt(text, limit, lines);
  const rest = text.length - at;
  if (rest > 0 && rest <= limit / 10) {
    let breaks = 0;
    for (let i = text.indexOf('\n', at + 1); i >= 0 && breaks <= 2; i = text.indexOf('\n', i + 1)) breaks++;
    if (breaks <= 2) return text.length;
  }
  return at;
}

function cutAt(text: string, limit: number, lines: number): number {
  const at = Math.min(text.length, limit);
  let nl = -1;
  for (let k = 0; k < lines; k++) {
    nl = text.indexOf('\n', nl + 1);
    if (nl < 0 || nl >= at) return at;
  }
  return nl;
}

/**
 * The end of the chunk that starts at `from`: just after a line break in its second half when there
 * is one (so blocks meet where the text breaks a line anyway), never inside a surrogate pair.
 */
export function chunkEnd(text: string, from: number, size = REVEAL_CHUNK): number {
  const max = from + size;
  if (max >= text.length) return text.length;
  const nl = text.lastIndexOf('\n', max - 1);
  if (nl >= from + size / 2) return nl + 1;
  const c = text.charCodeAt(max - 1);
  return c >= 0xd800 && c <= 0xdbff ? max + 1 : max;
}

/** Every chunk end from 0 up to (at least) `upTo`, the last one past `min` (the folded part). */
export function chunkEnds(text: string, upTo: number, min = 0, size = REVEAL_CHUNK): number[] {
  const ends: number[] = [];
  let end = 0;
  while (end < text.length && (end < upTo || end <= min)) {
    end = chunkEnd(text, end, size);
    ends.push(end);
  }
  return ends;
}
