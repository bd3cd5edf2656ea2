/**
 * The find bar's index of one opened session: each message's searchable text (string content,
 * text blocks of list content, tool call names and arguments), lower-cased once per session, so a
 * keystroke over 2,000 messages is a scan of plain strings.
 */
import { messageFindText } from '../../../core/find/find-text';
import type { OpenedSession } from '../../../store/save/sessions';

/** Matches counted at most; past it the bar says "10,000+". */
export const MATCH_LIMIT = 10_000;

/** One occurrence: the message it is in and which occurrence of that message it is (0-based). */
export interface FindMatch {
  message: number;
  nth: number;
}

const built = new WeakMap<OpenedSession, string[]>();

/** Lower-cased searchable text per message of `o` (recovered lens), built once per session. */
export function searchIndex(o: OpenedSession): string[] {
  let idx = built.get(o);
  if (!idx) {
    idx = o.recovered.messages.map((m) => messageFindText(m).toLowerCase());
    built.set(o, idx);
  }
  return idx;
}

/** Every occurrence of `query` (case-insensitive, literal) in message order, at most MATCH_LIMIT. */
export function findMatches(index: readonly string[], query: string): FindMatch[] {
  const q = query.trim().toLowerCase();
  const out: FindMatch[] = [];
  if (!q) return out;
  for (let i = 0; i < index.length && out.length < MATCH_LIMIT; i++) {
    const t = index[i]!;
    let nth = 0;
    for (let at = t.indexOf(q); at >= 0 && out.length < MATCH_LIMIT; at = t.indexOf(q, at + q.length)) out.push({ message: i, nth: nth++ });
  }
  return out;
}
