/**
 * File text shown inline next to the app's own words, bidi-isolated. Element isolation alone
 * (<bdi>, CSS unicode-bidi: isolate) fails when the text opens isolates (U+2066–U+2068) it never
 * closes: they take the closing isolate the browser puts at the element's end, and an override
 * (U+202E) then runs on into the text after it. So the missing U+2069s are added first.
 */
import type { VNode } from 'preact';

const OPENS = /[\u2066-\u2068]/;

/** `text` with a U+2069 for each isolate its last paragraph leaves open (unchanged when none). */
export function closeIsolates(text: string): string {
  if (!OPENS.test(text)) return text;
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x2066 && c <= 0x2068) open++;
    else if (c === 0x2069) open = Math.max(0, open - 1);
    else if (c === 0x0a || c === 0x0d || c === 0x1c || c === 0x1d || c === 0x1e || c === 0x85 || c === 0x2029) open = 0; // paragraph separators end every isolate
  }
  return open ? text + '\u2069'.repeat(open) : text;
}

/** Untrusted text as an isolated <bdi>, so its bidi controls cannot reorder what follows it. */
export function iso(text: string): VNode {
  return <bdi>{closeIsolates(text)}</bdi>;
}

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const spelled = (c: string) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`;

/**
 * A diagnostic's text with each bidi control written out as ⟨U+202E⟩: a message quotes file text
 * (a key) mid-sentence, where an override would reverse the rest; and it names what is hidden.
 */
export function showControls(text: string): string {
  return text.replace(BIDI_CONTROLS, spelled);
}

/** Bidi controls and invisible format characters (not U+200D, which joins emoji). */
const HIDDEN = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b\u200c\u2060-\u2064\ufeff\u180e\u00ad]/g;

/**
 * A name (a key, a title, a file name) with its bidi controls and invisible characters written out
 * as ⟨U+202E⟩: `telegram:rtl\u202eevil` must not read "telegram:rtllive", and a key that differs
 * from another only by a zero-width space must look different.
 */
export function visible(text: string): string {
  return text.replace(HIDDEN, spelled);
}
