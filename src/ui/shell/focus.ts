/**
 * Focus that follows the person. After a navigation the new page's heading takes focus once it is
 * drawn (a keyboard or screen-reader user goes on from there, not from the top of `<body>`); a
 * preview, a result or an Escape leaves focus on what follows. Loaded on the first navigation, not
 * with the first screen (whose JavaScript has a budget).
 */
import { navigationStart, route, type Route } from './router';
import { arrival } from './status';
import { workspace } from '../workspace/model';
import type { Workspace } from '../workspace/workspace';
import { ui } from '../i18n/text';

/** A workspace page's own heading: the first one under its tab bar (the frame above holds the workspace's h1). */
const OWN_HEADING = 'nav.tabs ~ * h2, nav.tabs ~ h2';

/** The heading a page is known by: a workspace page's own (`own`), else its h1. */
export function pageHeading(root: ParentNode, own = false): HTMLElement | null {
  return (own ? root.querySelector<HTMLElement>(OWN_HEADING) : null) ?? root.querySelector<HTMLElement>('h1');
}

/** Whether focus is nowhere in particular: on `<body>`, on nothing, or on an element no longer on the page. */
function focusLost(root: HTMLElement | null = null): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement || a === root || !a.isConnected;
}

/** Focuses `el`, made focusable by script only when it is not already; `preventScroll`: where the page is scrolled stays. */
export function focusElement(el: HTMLElement, preventScroll = false): void {
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll });
}

/**
 * After a navigation: focuses the new page's heading under `root` as soon as it is drawn, unless the
 * person has put focus somewhere else meanwhile (`from` is where focus was when they navigated).
 * `own`: a workspace page, which draws a heading of its own under the frame's h1 and tab bar. `onEnd`:
 * the wait is over (focused, given up, or stopped). `preventScroll`: the page scrolls to a place of its
 * own (a linked line or message), which the heading's focus must not undo.
 * `onFocused` hears the heading. Returns a stop function (the next navigation calls it).
 */
export function focusHeadingWhenDrawn(root: HTMLElement, from: Element | null, onFocused: (heading: HTMLElement) => void, opts: { own?: boolean; onEnd?: () => void; preventScroll?: boolean } = {}): () => void {
  let done = false;
  // A page with a heading of its own (`own`) is drawn after the frame around it: its h1 is only taken if it never comes.
  let ownOnly = !!opts.own;
  const moved = () => !focusLost(root) && document.activeElement !== from;
  const attempt = () => {
    if (done) return;
    if (moved()) return stop(); // they went somewhere: leave them there
    const h = ownOnly ? root.querySelector<HTMLElement>(OWN_HEADING) : pageHeading(root, opts.own);
    if (!h) return;
    stop();
    focusElement(h, opts.preventScroll);
    onFocused(h);
  };
  const observer = new MutationObserver(attempt);
  // A page that never draws a heading (an error) is not waited for forever.
  const timer = setTimeout(() => stop(), 120_000);
  const settle = ownOnly
    ? setTimeout(() => {
        ownOnly = false;
        attempt();
      }, OWN_HEADING_WAIT_MS)
    : undefined;
  function stop(): void {
    if (!done) opts.onEnd?.();
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
const OWN_HEADING_WAIT_MS = 5000;

/** The wait of the navigation before, stopped by the next. */
let following: (() => void) | null = null;
/** Whether a navigation's heading is still awaited (the safety net below leaves focus to it meanwhile). */
let awaiting = false;

/** How long focus may stay lost to a removed element before the safety net places it (the page's own code goes first). */
export const LOST_FOCUS_MS = 150;

/** Where the safety net last put focus: a place to wait, which a page's own code may still move on from. */
let placed: Element | null = null;

/** Whether focus is lost, or only parked by the safety net: a result being drawn may then take it. */
export function focusAdrift(): boolean {
  return focusLost() || (placed !== null && document.activeElement === placed);
}

let guarded = false;
/** What has focus and its ancestors, nearest first, as they were when it took focus. */
let chain: Element[] = [];

/**
 * The safety net for focus: when the element that had it is taken off the page (a removed leftover, a
 * button whose card was drawn anew) and nothing else takes focus, the nearest heading of the section
 * it was in takes it, not `<body>`. Installed once, on the first navigation or session view.
 */
export function guardFocus(): void {
  if (guarded || typeof document === 'undefined') return;
  guarded = true;
  document.addEventListener('focusin', (e) => {
    chain = [];
    for (let el = e.target instanceof Element ? e.target : null; el; el = el.parentElement) chain.push(el);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const place = () => {
    timer = undefined;
    // A page torn down while the timer ran (a test's document, an unloading frame) has nothing to place.
    if (typeof document === 'undefined') return;
    if (awaiting || !focusLost() || chain.length === 0 || chain[0]!.isConnected) return;
    const still = chain.find((el) => el.isConnected);
    const region = still?.closest('section, [role="tabpanel"], main');
    const target = region?.querySelector<HTMLElement>('h1, h2, h3') ?? (region instanceof HTMLElement ? region : null);
    // where the person scrolled stays (a row of a long list drawn away as they scrolled)
    if (target) {
      focusElement(target, true);
      placed = target;
    }
  };
  new MutationObserver(() => {
    if (timer === undefined && chain.length > 0 && !chain[0]!.isConnected && focusLost()) timer = setTimeout(place, LOST_FOCUS_MS);
  }).observe(document.body, { childList: true, subtree: true });
}

/**
 * After a navigation: the new page's heading under `<main>` takes focus once drawn, and the shell's
 * live region says where the person is (`placeName`, the words the title uses, else the heading's).
 */
export function followArrival(placeName: (r: Route, ws: Workspace | null) => string): void {
  guardFocus();
  following?.();
  const root = document.getElementById('main');
  if (!root) return;
  const r = route.peek();
  // A workspace page other than the list has its own heading under the workspace's name.
  const own = r.view === 'workspace' && r.page !== 'sessions';
  // A link to a line or a message scrolls there: the heading takes focus where it is.
  const preventScroll = r.view === 'session' && (r.params.line !== undefined || r.params.m !== undefined);
  awaiting = true;
  following = focusHeadingWhenDrawn(
    root,
    navigationStart(),
    (h) => {
      arrival.value = ui().focus.arrived(placeName(route.peek(), workspace.peek()) || (h.textContent ?? '').trim());
    },
    { own, preventScroll, onEnd: () => (awaiting = false) },
  );
}
