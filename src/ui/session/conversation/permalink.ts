/** A message's permalink (`#/s/<key>/m/<n>`), as a full URL on the clipboard. */
import { messageHref, parseHash } from '../../shell/router';
import { pg } from '../../i18n/text';

/** The absolute URL that opens message `n` (1-based) of session `key` in place. */
function permalinkUrl(key: string, n: number): string {
  const base = location.href.split('#')[0]!;
  return base + messageHref(key, n, parseHash(location.hash).params);
}

/**
 * Copies the link; resolves with what to tell the user (the link itself when the clipboard refuses),
 * as a function read at render, so the message follows a language switch.
 */
export async function copyPermalink(key: string, n: number): Promise<() => string> {
  const url = permalinkUrl(key, n);
  try {
    await navigator.clipboard.writeText(url);
    return () => pg().conversation.linkCopied(n);
  } catch {
    return () => pg().conversation.linkIs(n, url);
  }
}
