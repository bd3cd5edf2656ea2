/** Outlining the current find match in its card, once the virtual list has drawn the card. */

/** Frames the outline is kept after it is first drawn: a card may render again meanwhile (its block decoded, its Markdown formatted), and new marks lose the outline. */
const KEEP_FRAMES = 90;
/** Bumped by each call, so a new current match ends the watch over the last one. */
let generation = 0;

/**
 * Outlines the `nth` searched mark (message text, tool calls) of the card `cardSelector` finds,
 * trying for `frames` frames while the card is drawn or decoded (falls back to its first mark),
 * then keeping it outlined for a while if the card renders again.
 */
export function markCurrent(cardSelector: string, nth: number, frames = 12): void {
  const mine = ++generation;
  let tries = frames;
  let kept = 0;
  let shown: Element | null = null;
  const step = () => {
    if (mine !== generation) return;
    const card = document.querySelector(cardSelector);
    // Only the texts the index searched (message text, tool calls): other JSON shown may hold marks too.
    const marks = card ? card.querySelectorAll('.sl-msgtext mark.sl-find-hit, .sl-calls mark.sl-find-hit') : [];
    const mark = marks[nth] ?? marks[0];
    if (mark && !mark.classList.contains('sl-find-current')) {
      for (const el of document.querySelectorAll('.sl-find-current')) el.classList.remove('sl-find-current');
      mark.classList.add('sl-find-current');
      if (mark !== shown && !shown?.isConnected) mark.scrollIntoView?.({ block: 'nearest' });
      shown = mark;
    }
    if (shown ? ++kept < KEEP_FRAMES : --tries > 0) requestAnimationFrame(step);
  };
  for (const el of document.querySelectorAll('.sl-find-current')) el.classList.remove('sl-find-current');
  requestAnimationFrame(step);
}
