/**
 * The Replay list's rows with long runs of left-out messages folded: 1,880 messages outside the
 * window become one row ("1,880 outside the window"), so what is sent shows first; a run opens on demand.
 */
import type { Fate } from '../../../../core/replay/replay';
import { pg } from '../../../i18n/text';
import { fateRuns, type FateKey } from './fates';

/** Runs of at least this many left-out messages with the same fate are folded. */
export const FOLD_MIN = 20;

type FateItem =
  | { kind: 'message'; index: number }
  /** A run header: folded (its messages hidden), or open (its messages follow). */
  | { kind: 'run'; key: FateKey; from: number; to: number; open: boolean };

export interface FoldedFates {
  items: FateItem[];
  /** For each message, the item that shows it (its run's header while folded). */
  itemOf: Int32Array;
}

/** Items for `fates`, where `open` holds the first message index of each run the user opened. */
export function foldFates(fates: Fate[], open: ReadonlySet<number>): FoldedFates {
  const items: FateItem[] = [];
  const itemOf = new Int32Array(fates.length);
  for (const r of fateRuns(fates)) {
    const long = r.key !== 'kept' && r.to - r.from + 1 >= FOLD_MIN;
    const isOpen = open.has(r.from);
    if (long) items.push({ kind: 'run', key: r.key, from: r.from, to: r.to, open: isOpen });
    for (let i = r.from; i <= r.to; i++) {
      if (long && !isOpen) itemOf[i] = items.length - 1;
      else {
        itemOf[i] = items.length;
        items.push({ kind: 'message', index: i });
      }
    }
  }
  return { items, itemOf };
}

/** A run's short name for its header ("outside the window"), in the reader's language (read during render). */
export function runLabel(k: FateKey): string {
  const runs = pg().replay.runs;
  return k === 'kept' ? runs.other(k) : runs[k];
}
