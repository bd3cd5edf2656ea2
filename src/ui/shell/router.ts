/**
 * Hash routes, so the app works from any static URL and sub-path and deep links survive a reload:
 * `#/` start · `#/guide` · `#/w` sessions · `#/w/health` · `#/w/leftovers` · `#/w/memory` · `#/s/<key>?tab=…&…` a session ·
 * `#/s/<key>/m/<n>` message n of a session (its permalink; parsed into the param `m`).
 */
import { signal } from '@preact/signals';

export type WorkspacePage = 'sessions' | 'health' | 'leftovers' | 'memory' | 'upgrade';
export type SessionTab = 'conversation' | 'replay' | 'context' | 'file' | 'edit' | 'export';

export type Route =
  | { view: 'start'; params: Record<string, string> }
  | { view: 'guide'; params: Record<string, string> }
  | { view: 'workspace'; page: WorkspacePage; params: Record<string, string> }
  | { view: 'session'; key: string; tab?: SessionTab; params: Record<string, string> };

const TABS: readonly string[] = ['conversation', 'replay', 'context', 'file', 'edit', 'export'];
const PAGES: readonly string[] = ['sessions', 'health', 'leftovers', 'memory', 'upgrade'];

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Parse `location.hash` (with or without the leading '#'); unknown hashes are the start screen. */
export function parseHash(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const q = h.indexOf('?');
  const path = q < 0 ? h : h.slice(0, q);
  const params = Object.fromEntries(new URLSearchParams(q < 0 ? '' : h.slice(q + 1)));
  const parts = path.split('/').filter((p, i) => i > 0 || p !== '');
  if (parts[0] === 's' && parts.length >= 2) {
    // `#/s/<key>/m/<n>`: a message's permalink (keys are percent-encoded, so a key holds no '/').
    const permalink = parts.length === 4 && parts[2] === 'm' && /^\d+$/.test(parts[3]!);
    const key = decode((permalink ? parts.slice(1, 2) : parts.slice(1)).join('/'));
    if (permalink) params.m = String(Number(parts[3]));
    const { tab, ...rest } = params;
    return { view: 'session', key, ...(tab && TABS.includes(tab) ? { tab: tab as SessionTab } : {}), params: rest };
  }
  if (parts[0] === 'w') {
    const page = parts[1] && PAGES.includes(parts[1]) ? (parts[1] as WorkspacePage) : 'sessions';
    return { view: 'workspace', page, params };
  }
  if (parts[0] === 'guide') return { view: 'guide', params };
  return { view: 'start', params };
}

/**
 * The nanobot version the user chose over the detected one (null: auto). Every link the app makes
 * carries it as `nanobot=`, so a copied link shows the same answers.
 */
export const chosenVersion = signal<string | null>(null);

function withVersion(params: Record<string, string>): Record<string, string> {
  return chosenVersion.value && !('nanobot' in params) ? { ...params, nanobot: chosenVersion.value } : params;
}

function query(params: Record<string, string>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== '' && v !== undefined);
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `key` as a URL can carry it: a lone surrogate (from a `\udXXX` escape in a file) becomes U+FFFD. */
export function linkableKey(key: string): string {
  return key.replace(LONE_SURROGATE, '\ufffd');
}

/**
 * The hash (with '#') for a route; keys are percent-encoded, so any key (with '/', '?', '#') round-trips,
 * except lone surrogates, which no URL holds (links to such keys name their file too).
 */
export function formatRoute(r: Route): string {
  switch (r.view) {
    case 'start':
      return `#/${query(r.params)}`;
    case 'guide':
      return `#/guide${query(r.params)}`;
    case 'workspace':
      return `#/w${r.page === 'sessions' ? '' : `/${r.page}`}${query(withVersion(r.params))}`;
    case 'session':
      return `#/s/${encodeURIComponent(linkableKey(r.key))}${query(withVersion({ ...(r.tab ? { tab: r.tab } : {}), ...r.params }))}`;
  }
}

/** A link that names a version chooses it; links without one keep the choice. */
function follow(r: Route): Route {
  const v = r.params.nanobot;
  if (v !== undefined) chosenVersion.value = v || null;
  return r;
}

/** The current route; follows `hashchange`. */
export const route = signal<Route>(follow(parseHash(typeof location === 'undefined' ? '' : location.hash)));

/**
 * Counts the navigations that take the person to another page (a link, back and forward, a pushed
 * route), not those that only rewrite the current entry (tab switches, filters), nor the first load:
 * the shell moves focus to the new page's heading on each.
 */
export const arrivals = signal(0);

/** Where focus was when the last navigation started (the link or button that made it). */
let navigatedFrom: Element | null = null;

/** Where focus was when the last navigation started: the page drawn next takes focus only if it is still there (or lost). */
export function navigationStart(): Element | null {
  return navigatedFrom;
}

function arrive(): void {
  navigatedFrom = document.activeElement;
  arrivals.value++;
}

/** The hash `navigate` last wrote: a `hashchange` for it (some environments send one) is not a second navigation. */
let written: string | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => {
    if (location.hash === written) return;
    written = null;
    arrive();
    route.value = follow(parseHash(location.hash));
  });
}

/** Go to a route; `replace` rewrites the current history entry (tab switches, filters). */
export function navigate(r: Route, opts: { replace?: boolean } = {}): void {
  const hash = formatRoute(r);
  if (hash !== location.hash) {
    written = hash;
    if (opts.replace) history.replaceState(history.state, '', hash);
    else history.pushState(history.state, '', hash);
    if (!opts.replace) arrive();
  }
  route.value = follow(parseHash(hash));
}

/** A message's permalink `#/s/<key>/m/<n>` (n 1-based), keeping the `file`, `folder` and `nanobot` of `params`. */
export function messageHref(key: string, n: number, params: Record<string, string> = {}): string {
  const keep = Object.fromEntries(Object.entries(params).filter(([k]) => k === 'file' || k === 'folder' || k === 'nanobot'));
  return `#/s/${encodeURIComponent(linkableKey(key))}/m/${n}${query(withVersion(keep))}`;
}

/** The link to a session (`file`/`folder` are added only when the key alone is ambiguous). */
export function sessionHref(key: string, extra: Record<string, string> = {}, tab?: SessionTab): string {
  return formatRoute({ view: 'session', key, ...(tab ? { tab } : {}), params: extra });
}
