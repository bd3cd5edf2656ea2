/**
 * Focus that follows the person. After a navigation the new page's heading takes focus once it is
 * drawn (a keyboard or screen-reader user goes on from there, not from the top of `<body>`), and the
 * shell's live region says where they arrived. The first load of the app moves nothing.
 */
import { signal } from '@preact/signals';

/** What the shell's polite live region last said about a navigation ('' before any). */
export const arrival = signal('');

/** The heading a page is known by: one marked `data-page-heading` (a workspace page's own), else its h1. */
export function pageHeading(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-page-heading]') ?? root.querySelector<HTMLElement>('h1');
}

/** Whether focus is nowhere in particular: on `<body>`, on nothing, or on an element no longer on the page. */
export function focusLost(root: HTMLElement | null = null): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement || a === root || !a.isConnected;
}

/** Focuses `el` (made focusable by script only, when it is not already) without scrolling it out of the person's way. */
export function focusElement(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.setAttribute('tabindex', '-1');
  el.focus();
}

/**
 * After a navigation: focuses the new page's heading under `root` as soon as it is drawn, unless the
 * person has put focus somewhere else meanwhile (`from` is where focus was when they navigated).
 * `marked`: the page draws a heading of its own (`data-page-heading`) inside a frame with an h1.
 * `onFocused` hears the heading. Returns a stop function (the next navigation calls it).
 */
export function focusHeadingWhenDrawn(root: HTMLElement, from: Element | null, onFocused: (heading: HTMLElement) => void, opts: { marked?: boolean } = {}): () => void {
  let done = false;
  // A page with a heading of its own (`marked`) is drawn after the frame around it: its h1 is only taken if it never comes.
  let markedOnly = !!opts.marked;
  const moved = () => !focusLost(root) && document.activeElement !== from;
  const attempt = () => {
    if (done) return;
    if (moved()) return stop(); // they went somewhere: leave them there
    const h = markedOnly ? root.querySelector<HTMLElement>('[data-page-heading]') : pageHeading(root);
    if (!h) return;
    stop();
    focusElement(h);
    onFocused(h);
  };
  const observer = new MutationObserver(attempt);
  // A page that never draws a heading (an error) is not waited for forever.
  const timer = setTimeout(() => stop(), 120_000);
  const settle = markedOnly
    ? setTimeout(() => {
        markedOnly = false;
        attempt();
      }, MARKED_WAIT_MS)
    : undefined;
  function stop(): void {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(settle);
  }
  observer.observe(root, { childList: true, subtree: true });
  attempt();
  return stop;
}

/** How long a page with a heading of its own is waited for before its frame's h1 takes focus instead. */
export const MARKED_WAIT_MS = 5000;

/** Where focus was when the last navigation started (the link or button that made it). */
let navigatedFrom: Element | null = null;

/** Notes where focus is as a navigation starts (the router calls it); the page drawn next compares against it. */
export function noteNavigation(): void {
  navigatedFrom = typeof document === 'undefined' ? null : document.activeElement;
}

/** Where focus was when the last navigation started. */
export function navigationStart(): Element | null {
  return navigatedFrom;
}
