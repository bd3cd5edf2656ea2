/**
 * What nanobot's `save()` writes: the metadata record, then one `json.dumps` line per message.
 * This is nanobot's own format, used for `format`, forks and the golden save check; Session Lens's
 * own saves keep untouched records byte for byte instead (see `document.ts`).
 */
import { decodeLossy, encodeUtf8, loneSurrogateIndex } from '../python/lines';
import type { NanobotSession } from '../lens/load';
import { providerStateRecord } from '../nanobot/provider-state';
import { VERSION_WITHOUT_EVIDENCE, rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { pyDumps, type PyError } from '../python/pyjson';
import { codePointLength } from '../python/pytext';
import type { PyDict, PyValue } from '../python/pyvalue';

/** The version whose bytes a save writes where the caller names none. */
const DEFAULT_FORMAT: NanobotVersion = VERSION_WITHOUT_EVIDENCE;

/** The metadata record nanobot writes as line 1 (keys in nanobot's order; 0.1.4 writes no `key`). */
export function metadataRecord(s: Pick<NanobotSession, 'key' | 'createdAt' | 'updatedAt' | 'metadata' | 'lastConsolidated' | 'storedLastConsolidated'>, version: NanobotVersion = DEFAULT_FORMAT): PyDict {
  return {
    _type: 'metadata',
    ...(rulesOf(version).metadataKey ? { key: s.key } : {}),
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    metadata: s.metadata as PyValue,
    last_consolidated: s.storedLastConsolidated !== undefined ? s.storedLastConsolidated : s.lastConsolidated,
  };
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;

/**
 * `json.dumps` with its default `ensure_ascii` (0.1.4's save): every UTF-16 unit outside printable ASCII as
 * `\uXXXX`, a lone surrogate too (so such a save never fails). Controls are escaped already by `pyDumps`.
 */
function asciiEscaped(text: string): string {
  return text.replace(NOT_PRINTABLE_ASCII, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * A piece of save text (a record's JSON as text, or the UTF-8 bytes of one nanobot wrote) as a version with
 * ASCII escapes writes it: a streamed save copies records without parsing them again.
 */
export function asciiPiece(piece: Uint8Array | string): Uint8Array | string {
  if (typeof piece === 'string') return asciiEscaped(piece);
  for (let i = 0; i < piece.length; i++) if (piece[i]! >= 0x7f) return asciiEscaped(decodeLossy(piece));
  return piece;
}

/** One record as the version's save writes it. */
function dumpsRecord(v: PyValue, version: NanobotVersion = DEFAULT_FORMAT): string {
  const text = pyDumps(v);
  return rulesOf(version).asciiEscapes ? asciiEscaped(text) : text;
}

/** What nanobot's save writes before the messages (a streamed `format` writes them after it). */
export function formatHead(s: Omit<NanobotSession, 'messages' | 'messageLines'>, version: NanobotVersion = DEFAULT_FORMAT): string {
  let out = dumpsRecord(metadataRecord(s, version), version) + '\n';
  if (s.providerState) out += dumpsRecord(providerStateRecord(s.providerState), version) + '\n';
  return out;
}

/** The full text nanobot's save writes for a session at a version (main: a provider state is line 2, §15). */
export function formatSession(s: NanobotSession, version: NanobotVersion = DEFAULT_FORMAT): string {
  let out = formatHead(s, version);
  for (const m of s.messages) out += dumpsRecord(m, version) + '\n';
  return out;
}

/**
 * The bytes of nanobot's save, or the UnicodeEncodeError Python raises on a lone surrogate.
 * `before`: characters written before `text` (a save streamed a line at a time counts its position from the file's start).
 */
export function encodeSession(text: string, before = 0): { ok: true; bytes: Uint8Array } | { ok: false; error: PyError } {
  const at = loneSurrogateIndex(text);
  if (at >= 0) {
    const cp = text.charCodeAt(at).toString(16);
    const pos = before + codePointLength(text.slice(0, at));
    return {
      ok: false,
      error: { type: 'UnicodeEncodeError', message: `'utf-8' codec can't encode character '\\u${cp}' in position ${pos}: surrogates not allowed` },
    };
  }
  return { ok: true, bytes: encodeUtf8(text) };
}
