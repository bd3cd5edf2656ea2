/**
 * A large file's row height guessed from its size in bytes, before the row is measured. The list
 * renders as many rows as the guesses fill a screen with: a flat guess far below a long message's
 * height made the first render lay out (and format as Markdown) three times the rows in view.
 */
import { pyDumps } from '../../../core/python/pyjson';
import type { PyDict } from '../../../core/python/pyvalue';

/** A card's header, padding and margins, in px. */
const CARD = 56;
/** One line of text, in px, and the characters a line holds on a narrow screen. */
const LINE = 20;
const CHARS_PER_LINE = 100;
/** A text is folded after 1,500 characters or 24 lines (reveal.ts): a card's height stops there, plus the fold bar. */
const FOLDED_LINES = 17;

/** The expected height of a card whose record (or entry text) is `bytes` long. */
export function rowHeight(bytes: number): number {
  return CARD + LINE * Math.min(FOLDED_LINES, Math.max(1, Math.ceil(bytes / CHARS_PER_LINE)));
}

/**
 * The first messages whose guessed heights fill `px`: the cards shown first are laid out in one
 * task, and a card of long text is costly to lay out, so no more are rendered than a screen shows (at least one).
 */
export function screenful(messages: readonly PyDict[], px: number): PyDict[] {
  let used = 0;
  let n = 0;
  while (n < messages.length && (n === 0 || used < px)) used += rowHeight(pyDumps(messages[n++]!).length);
  return messages.slice(0, n);
}
