/** Outlining the current find match in its card, once the virtual list has drawn the card. */

/**
 * Outlines the `nth` searched mark (message text, tool calls) of the card `cardSelector` finds,
 * trying for `frames` frames while the card is drawn or decoded; falls back to its first mark.
 */
export function markCurrent(cardSelector: string, nth: number, frames = 12): void {
  let tries = frames;
  const step = () => {
    for (const el of document.querySelectorAll('.sl-find-current')) el.classList.remove('sl-find-current');
    const card = document.querySelector(cardSelector);
    // Only the texts the index searched (message text, tool calls): other JSON shown may hold marks too.
    const marks = card ? card.querySelectorAll('.sl-msgtext mark.sl-find-hit, .sl-calls mark.sl-find-hit') : [];
    const mark = marks[nth] ?? marks[0];
    if (mark) {
      mark.classList.add('sl-find-current');
      mark.scrollIntoView?.({ block: 'nearest' });
    } else if (--tries > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
