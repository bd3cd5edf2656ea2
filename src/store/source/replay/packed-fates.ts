/**
 * Every message's fate packed for a crossing (the replay worker's answer): a reason code per message,
 * the kept ones' changes per entry. Kept apart from the answers' computation so the page that unpacks
 * them loads none of it.
 */
import type { Change, DropReason, Fate } from '../../../core/replay/replay';

/** A dropped message's reason by its code (code k + 1; 0 is kept). */
export const DROP_REASONS: readonly DropReason[] = ['consolidated', 'window', 'before-user', 'orphan', 'before-orphan', 'command', 'blank', 'budget', 'budget-cut'];

/** What `unpackFates` reads: a code per message, and each kept entry's changes and message. */
export interface PackedFates {
  total: number;
  /** Each message's fate: 0 kept, else 1 + its reason's place in DROP_REASONS. */
  reasons: Uint8Array;
  changes: Change[][];
  sources: number[];
}

const DROPPED: Fate[] = DROP_REASONS.map((reason) => Object.freeze({ kept: false as const, reason }));

/** Every message's fate again, one shared object per reason left out (a large file's stay a pointer each). */
export function unpackFates(v: PackedFates): Fate[] {
  const out: Fate[] = new Array(v.total);
  for (let i = 0; i < v.total; i++) if (v.reasons[i]) out[i] = DROPPED[v.reasons[i]! - 1]!;
  v.sources.forEach((i, k) => (out[i] = { kept: true, entry: k, changes: v.changes[k]! }));
  return out;
}
