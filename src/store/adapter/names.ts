/**
 * Portable file names: the rules Chromium enforces on real local folders (as of Chromium 156, see
 * shared/testing/chromium.md), which are also Windows' rules. OPFS accepts far more, so a name
 * is checked here before any write, on every backend, to keep a saved file openable everywhere.
 */

import { StoreError, type NameProblem } from './errors';
import { splitParent } from './paths';

const FORBIDDEN = new Set([':', '*', '?', '"', '<', '>', '|', '/', '\\']);
const DEVICES = /^(con|prn|aux|nul|com[1-9]|lpt[1-9]|clock\$)$/i; // also with any extension
const CONSOLES = /^(conin\$|conout\$)$/i; // only without an extension
const SHELL_FILES = new Set(['desktop.ini', 'thumbs.db']);
const SHELL_EXTENSIONS = new Set(['lnk', 'scf', 'url']);
const INVISIBLE = /[\p{Cc}\p{Cf}]/u; // control and format characters (NUL, \n, \t, U+200B, U+FEFF, U+202E…)
const END_CHARS = /[\p{White_Space}.~]/u;
const MAX_BYTES = 255;

/** U+XXXX notation for a code point. */
function codePointLabel(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The character's code point, and the character itself when it can be seen. */
function charOf(ch: string): { cp: string; shown?: string } {
  return INVISIBLE.test(ch) || /\p{White_Space}/u.test(ch) ? { cp: codePointLabel(ch) } : { cp: codePointLabel(ch), shown: ch };
}

/** Why `name` cannot be a file name on a local disk, as a code with values, or null when it is fine. */
export function nameProblem(name: string): NameProblem | null {
  if (name === '') return { code: 'empty' };
  if (name === '.' || name === '..') return { code: 'dot-name', name };
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) return { code: 'lone-surrogate', cp: codePointLabel(ch) };
    if (FORBIDDEN.has(ch)) return { code: 'forbidden', ...charOf(ch) };
    if (INVISIBLE.test(ch)) return { code: 'invisible', cp: codePointLabel(ch) };
  }
  // A single leading '.' (hidden file) is fine; what follows it, and the end, may not be space, '.' or '~'.
  const core = name.startsWith('.') ? name.slice(1) : name;
  const first = [...core][0];
  const last = [...name].at(-1)!;
  if (first !== undefined && END_CHARS.test(first)) return { code: 'bad-start', ...charOf(first) };
  if (END_CHARS.test(last)) return { code: 'bad-end', ...charOf(last) };
  const lower = name.toLowerCase();
  const stem = lower.split('.')[0];
  if (DEVICES.test(stem) || CONSOLES.test(lower)) return { code: 'device', stem: stem.toUpperCase() };
  if (SHELL_FILES.has(lower)) return { code: 'shell-file', name };
  const dot = lower.lastIndexOf('.');
  const ext = dot > 0 ? lower.slice(dot + 1) : '';
  if (SHELL_EXTENSIONS.has(ext) || (ext.startsWith('{') && ext.endsWith('}'))) return { code: 'shell-extension', ext };
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > MAX_BYTES) return { code: 'too-long', bytes, max: MAX_BYTES };
  return null;
}

/** Throw a 'bad-name' StoreError unless the last segment of `path` is portable (before any write). */
export function assertPortableName(path: string): void {
  const [, name] = splitParent(path);
  const why = nameProblem(name);
  if (why) throw new StoreError('bad-name', `Cannot use the name '${name}': ${JSON.stringify(why)}.`, { path, reason: { code: 'bad-name', name, why } });
}
