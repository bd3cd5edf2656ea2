/**
 * What nanobot's `save()` writes: the metadata record, then one `json.dumps` line per message.
 * This is nanobot's own format, used for `format`, forks and the golden save check; Session Lens's
 * own saves keep untouched records byte for byte instead (see `document.ts`).
 */
import { encodeUtf8, loneSurrogateIndex } from '../python/lines';
import type { NanobotSession } from '../lens/load';
import { providerStateRecord } from '../nanobot/provider-state';
import { pyDumps, type PyError } from '../python/pyjson';
import { codePointLength } from '../python/pytext';
import type { PyDict, PyValue } from '../python/pyvalue';

/** The metadata record nanobot writes as line 1 (keys in nanobot's order). */
export function metadataRecord(s: Pick<NanobotSession, 'key' | 'createdAt' | 'updatedAt' | 'metadata' | 'lastConsolidated' | 'storedLastConsolidated'>): PyDict {
  return {
    _type: 'metadata',
    key: s.key,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    metadata: s.metadata as PyValue,
    last_consolidated: s.storedLastConsolidated !== undefined ? s.storedLastConsolidated : s.lastConsolidated,
  };
}

/** What nanobot's save writes before the messages (a streamed `format` writes them after it). */
export function formatHead(s: Omit<NanobotSession, 'messages' | 'messageLines'>): string {
  let out = pyDumps(metadataRecord(s)) + '\n';
  if (s.providerState) out += pyDumps(providerStateRecord(s.providerState)) + '\n';
  return out;
}

/** The full text nanobot's save writes for a session (main: a provider state is line 2, §15). */
export function formatSession(s: NanobotSession): string {
  let out = formatHead(s);
  for (const m of s.messages) out += pyDumps(m) + '\n';
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
