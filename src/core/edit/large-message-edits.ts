/**
 * The Edit tab's small edits of a file known only by its index (add a message, `last_consolidated`,
 * clear, remove a line), as large-edit.ts plans title and trim: pieces of the original copied as
 * they are and the few new lines (the edited metadata record, the new message). The rules, change
 * codes and refusals are edits.ts's, and the bytes are those `serializeDocument` writes for the same
 * edit of the whole document. Nothing is read but the last metadata record.
 */
import { appendMessage, clearMessages, setLastConsolidated, type EditChange, type EditRefusal, type EditResult } from './edits';
import { EOL } from '../python/lines';
import { pyDumps } from '../python/pyjson';
import type { PyDict, PyValue } from '../python/pyvalue';
import { encoded, keepAllBut, metadataText, skeleton, type EditIndex, type LargePlan, type LastMetadata, type LineRaises } from './large-edit';

/** A plan, the refusal edits.ts gives, or the line nanobot's save cannot write (the edit itself stands: its change is known). */
export type SmallPlan = LargePlan | { error: EditRefusal } | (LineRaises & { change: EditChange });

/** The whole-file pieces with the metadata line replaced (and `drop` left out), or the line its save cannot write. */
function withMetadata(ix: EditIndex, meta: LastMetadata, drop: ArrayLike<number>, r: EditResult): SmallPlan {
  if (!r.ok) return { error: r.error };
  const plan = keepAllBut(ix, drop, meta ? meta.line : -1, metadataText(r.doc));
  return { ...plan, change: r.change };
}

/** nanobot's `add_message` (edits.ts `appendMessage`): `updated_at` moves, the new message is the last line. */
export function planAppend(ix: EditIndex, meta: LastMetadata, key: string, role: string, content: PyValue, now: string): SmallPlan {
  const r = appendMessage(skeleton(meta), key, role, content, now);
  if (!r.ok) return { error: r.error };
  const head = withMetadata(ix, meta, [], r);
  if ('error' in head) return head;
  const records = r.doc.records;
  const message = records[records.length - 1]!.value as PyDict;
  // The new line's place: after every line, and after a metadata line put first when the file had none.
  const line = encoded(pyDumps(message) + '\n', ix.count + (meta ? 0 : 1));
  if (!(line instanceof Uint8Array)) return { ...line, change: r.change };
  const pieces = [...head.pieces];
  let size = head.size;
  // The last line, now followed, gets a newline when it had none (a metadata line there is written anew with one).
  const last = ix.count - 1;
  if (last >= 0 && ix.eol[last] === EOL.none && !(meta && meta.line === last)) {
    pieces.push({ bytes: new Uint8Array([10]) });
    size++;
  }
  pieces.push({ bytes: line });
  return { ...head, pieces, size: size + line.length };
}

/** Moves `last_consolidated` (edits.ts `setLastConsolidated`): only a whole number within the file's messages. */
export function planLastConsolidated(ix: EditIndex, meta: LastMetadata, key: string, upTo: number, now: string): SmallPlan {
  return withMetadata(ix, meta, [], setLastConsolidated(skeleton(meta), key, upTo, now, ix.messageCount));
}

/** nanobot's `clear()` (edits.ts `clearMessages`): every message line left out, the metadata record reset; corrupt lines stay. */
export function planClear(ix: EditIndex, meta: LastMetadata, key: string, now: string): SmallPlan {
  return withMetadata(ix, meta, ix.messages.subarray(0, ix.messageCount), clearMessages(skeleton(meta), key, now, ix.messageCount));
}

/** Removes one line (edits.ts `removeLine`'s rule, 0-based; a line the file lacks is `no-line`): its bytes left out, every other one copied. */
export function planRemoveLine(ix: EditIndex, line: number): SmallPlan {
  if (!Number.isInteger(line) || line < 0 || line >= ix.count) return { error: { code: 'no-line', line: line + 1 } };
  const plan = keepAllBut(ix, [line], -1, null);
  if ('error' in plan) throw new Error('a removal writes no new line');
  return { ...plan, change: { code: 'remove-line', line: line + 1 } };
}
