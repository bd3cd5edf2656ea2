/**
 * Session keys and the file names nanobot derives from them (contract A3–A4, H).
 *
 * The v0.2 layout's names are lossy (`a:b_c`, `a_b:c` and `a:b:c` share `a_b_c.jsonl`), so the
 * key stored in the metadata record is the real one. Newer nanobot names files by base64url(key).
 */
import { pyStrip } from './pytext';

const UNSAFE = /[<>:"/\\|?*]/g;

/** nanobot `safe_filename(name)`: each of `< > : " / \ | ? *` becomes `_`, then Python `strip()`. */
export function safeFilename(name: string): string {
  return pyStrip(name.replace(UNSAFE, '_'));
}

/** nanobot's file stem for a key: `safe_filename(key.replace(":", "_"))` (file `<stem>.jsonl`). */
export function safeKey(key: string): string {
  return safeFilename(key.replaceAll(':', '_'));
}

/** The key `list_sessions` guesses from a stem when the metadata has none: first `_` → `:`. */
export function listFallbackKey(stem: string): string {
  const i = stem.indexOf('_');
  return i < 0 ? stem : `${stem.slice(0, i)}:${stem.slice(i + 1)}`;
}

/** The channel part of a key (before the first `:`, or the whole key), for filtering in the UI. */
export function keyChannel(key: string): string {
  const i = key.indexOf(':');
  return i < 0 ? key : key.slice(0, i);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Newer nanobot's file stem: base64url of the key's UTF-8 bytes, without padding. Throws for a key
 * with a lone surrogate, as Python's `key.encode()` raises UnicodeEncodeError.
 */
export function base64urlKey(key: string): string {
  if (LONE_SURROGATE.test(key)) throw new Error('UnicodeEncodeError: key has a lone surrogate');
  let binary = '';
  for (const byte of new TextEncoder().encode(key)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

const B64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The key a newer-layout stem names, or null when the stem is not exactly what `base64urlKey`
 * produces for some key (bad alphabet or length, invalid UTF-8, non-canonical): nanobot ignores
 * such files.
 */
export function keyFromBase64urlStem(stem: string): string | null {
  if (!B64URL.test(stem) || stem.length % 4 === 1) return null;
  const binary = atob(stem.replaceAll('-', '+').replaceAll('_', '/'));
  let key: string;
  try {
    key = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
  } catch {
    return null;
  }
  return base64urlKey(key) === stem ? key : null;
}
