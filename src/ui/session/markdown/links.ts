/**
 * Which link targets Markdown in a message may become: web pages and e-mail only. Anything else
 * (javascript:, data:, file:, relative paths, …) stays literal text, never a link.
 */

const ALLOWED = /^(?:https?:\/\/|mailto:)/i;

/** True for `http(s)://…` and `mailto:…` targets without control characters or spaces. */
export function isSafeHref(url: string): boolean {
  return ALLOWED.test(url) && !/[\u0000-\u0020\u007f-\u009f]/.test(url);
}

/** The attributes every link out of a message gets: a new tab, no opener, no referrer. */
export const LINK_ATTRS = { target: '_blank', rel: 'noopener noreferrer' } as const;
