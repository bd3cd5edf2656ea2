/**
 * Session keys and the file names nanobot derives from them (contract A3–A4, H).
 *
 * The v0.2 layout's names are lossy (`a:b_c`, `a_b:c` and `a:b:c` share `a_b_c.jsonl`), so the
 * key stored in the metadata record is the real one. Newer nanobot names files by base64url(key).
 */
import { rulesOf, type NanobotVersion } from './nanobot-version';
import type { PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';

const UNSAFE = /[<>:"/\\|?*]/g;
/** The same characters by code (all ASCII), 1 where unsafe. */
const UNSAFE_CODE = new Uint8Array(128);
for (const c of '<>:"/\\|?*') UNSAFE_CODE[c.charCodeAt(0)] = 1;

/** nanobot `safe_filename(name)`: each of `< > : " / \ | ? *` becomes `_`, then Python `strip()`. */
export function safeFilename(name: string): string {
  // A listing asks this of every file (is the stored key this file's?): most names have none of the
  // characters, which a loop over their codes tells without running the expression.
  for (let i = 0; i < name.length; i++) if (UNSAFE_CODE[name.charCodeAt(i)] === 1) return pyStrip(name.replace(UNSAFE, '_'));
  return pyStrip(name);
}

/**
 * nanobot's file stem for a key: `safe_filename(key.replace(":", "_"))` (file `<stem>.jsonl`), which
 * is `safe_filename(key)`: it turns `:` into `_` itself.
 */
export function safeKey(key: string): string {
  return safeFilename(key);
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
 * with a lone surrogate, as Python's `key.encode()` raises UnicodeEncodeError: the error's message
 * is the exception's type alone, a value any caller may show (`utf8EncodeError` gives its text).
 */
export function base64urlKey(key: string): string {
  if (LONE_SURROGATE.test(key)) throw new Error('UnicodeEncodeError');
  // Encoded here, three bytes at a time (a listing names one key per file, at main twice).
  const b = UTF8.encode(key);
  let out = '';
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]! + B64URL[(n >> 6) & 63]! + B64URL[n & 63]!;
  }
  if (i < b.length) {
    const two = i + 1 < b.length;
    const n = (b[i]! << 16) | (two ? b[i + 1]! << 8 : 0);
    out += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]! + (two ? B64URL[(n >> 6) & 63]! : '');
  }
  return out;
}

const UTF8 = new TextEncoder();
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The key a newer-layout stem names, or null when the stem is not exactly what `base64urlKey`
 * produces for some key (main's "canonical" test): nanobot main ignores such files.
 */
export function keyFromBase64urlStem(stem: string): string | null {
  const key = decodeStorageKey(stem);
  return key && base64urlKey(key) === stem ? key : null; // the empty key names no session

}

/** The file name a version saves key `k` under (§1): `safe_key(k)` or `base64url(k)`, plus `.jsonl`. */
export function sessionFileName(key: string, version: NanobotVersion): string {
  return (rulesOf(version).fileStem === 'base64url' ? base64urlKey(key) : safeKey(key)) + '.jsonl';
}

/** `sessionFileName`, or null for a key the version cannot name (a lone surrogate where names are base64url). */
export function sessionFileNameOrNull(key: string, version: NanobotVersion): string | null {
  try {
    return sessionFileName(key, version);
  } catch {
    return null;
  }
}

/**
 * The temporary file a version's atomic save writes beside `fileName` (§52–53): `<name>.tmp`, or
 * main's hidden `.<name>.<16 hex>.tmp` (`hex16` supplies the randomness, so this stays pure).
 */
export function saveTmpName(fileName: string, version: NanobotVersion, hex16: string): string {
  return rulesOf(version).tmpName === 'hidden-random' ? `.${fileName}.${hex16}.tmp` : `${fileName}.tmp`;
}

/** The longest file name, in bytes, the file systems nanobot runs on accept (Linux, macOS, Windows' NTFS in UTF-16 aside). */
const NAME_MAX_BYTES = 255;

/**
 * The OSError nanobot's save raises for `fileName` when its temp file's name is longer than a file
 * name may be (`ENAMETOOLONG`): main's `.<name>.<16 hex>.tmp` adds 22 bytes, `<name>.tmp` 4. Null
 * when the save can make its temp file. The session file itself may well exist and load.
 */
export function saveTmpNameError(fileName: string, version: NanobotVersion): PyError | null {
  const tmp = saveTmpName(fileName, version, '0'.repeat(16));
  if (new TextEncoder().encode(tmp).length <= NAME_MAX_BYTES) return null;
  return { type: 'OSError', message: `[Errno 36] File name too long: '${tmp}'` };
}

/** `Path(name).stem` (a bare `.jsonl` is its own stem, as in pathlib). */
export function fileStem(fileName: string): string {
  return fileName.endsWith('.jsonl') && fileName !== '.jsonl' ? fileName.slice(0, -6) : fileName;
}

/** The key a file name stands for at a version (main: a non-canonical name stands for none; its stem is shown). */
export function keyForFile(fileName: string, version: NanobotVersion): string {
  const stem = fileStem(fileName);
  return keyFromStem(stem, version) ?? stem;
}

/**
 * The key a version's listing derives from a stem when the metadata has none (§27); null: main
 * never lists a file whose stem is not canonical.
 */
export function keyFromStem(stem: string, version: NanobotVersion): string | null {
  const rule = rulesOf(version).stemKey;
  if (rule === 'canonical-only') return keyFromBase64urlStem(stem);
  // `decoded or fallback`: a stem that decodes to "" (`====`) is falsy, so the fallback names it.
  if (rule === 'decoded-else-first-underscore') return decodeStorageKey(stem) || listFallbackKey(stem);
  return listFallbackKey(stem);
}

const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Python's `base64.urlsafe_b64decode(stem + "=" * (-len(stem) % 4))` as v0.3.0 decodes a stem:
 * non-alphabet characters are skipped, a pad ends the data; null where Python raises (bad length,
 * padding, non-ASCII input) or the bytes are not UTF-8.
 */
export function decodeStorageKey(stem: string): string | null {
  if (/[^\x00-\x7f]/.test(stem)) return null;
  const text = (stem + '='.repeat((4 - (stem.length % 4)) % 4)).replaceAll('-', '+').replaceAll('_', '/');
  const out: number[] = [];
  let quad = 0;
  let left = 0;
  let pads = 0;
  let done = false;
  for (let i = 0; i < text.length && !done; i++) {
    const c = text[i]!;
    if (c === '=') {
      if (quad >= 2 && quad + ++pads >= 4) done = true;
      continue;
    }
    const v = B64_ALPHABET.indexOf(c);
    if (v < 0) continue;
    pads = 0;
    if (quad === 0) left = v;
    else if (quad === 1) {
      out.push(((left << 2) | (v >> 4)) & 0xff);
      left = v & 0x0f;
    } else if (quad === 2) {
      out.push(((left << 4) | (v >> 2)) & 0xff);
      left = v & 0x03;
    } else out.push(((left << 6) | v) & 0xff);
    quad = (quad + 1) % 4;
  }
  if (!done && quad !== 0) return null;
  try {
    return STRICT_UTF8.decode(Uint8Array.from(out));
  } catch {
    return null;
  }
}
