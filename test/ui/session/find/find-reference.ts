/**
 * The whole document's find, all at once over messages held in memory: each message's searchable
 * text lower-cased once, then scanned: the reference the store's find (find-answers.ts, every size) is held to.
 */
import { messageFindText } from '../../../../src/core/find/find-text';
import type { OpenedSession } from '../../../../src/store/save/sessions';
import { MATCH_LIMIT } from '../../../../src/ui/session/find/state';

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
