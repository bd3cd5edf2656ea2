/**
 * Fates summarised for people: runs of equal fates ("#1–40 archived"), counts per reason, and
 * what a naive messages[-N:] slice would have sent instead. Reads getHistory's answer only.
 */
import { rulesOf, type NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import type { Change, DropReason, Fate } from '../../../../core/replay/replay';
import { pg } from '../../../i18n/text';

export type FateKey = 'kept' | DropReason;

/** The colour/legend key of a fate. */
export function fateKey(f: Fate): FateKey {
  return f.kept ? 'kept' : f.reason;
}

/** Words for a fate key, in the version's terms and the reader's language (read during render). */
export function fateText(k: FateKey, version: NanobotVersion): string {
  const t = pg().replay;
  return k === 'kept' ? t.kept : t.dropReason(k, rulesOf(version).archivedReplayTail);
}

/** Words for a change replay made to a kept message, in the reader's language (English: the CLI's words). */
export function changeLabel(c: Change, version: NanobotVersion): string {
  return pg().replay.change(c, rulesOf(version).archivedReplayTail);
}

export interface FateRun {
  key: FateKey;
  from: number;
  to: number;
}

/** Consecutive messages with the same fate, as [from, to] (0-based, inclusive). */
export function fateRuns(fates: Fate[]): FateRun[] {
  const runs: FateRun[] = [];
  fates.forEach((f, i) => {
    const key = fateKey(f);
    const last = runs[runs.length - 1];
    if (last && last.key === key && last.to === i - 1) last.to = i;
    else runs.push({ key, from: i, to: i });
  });
  return runs;
}

/** How many messages got each fate. */
export function fateCounts(fates: Fate[]): Map<FateKey, number> {
  const m = new Map<FateKey, number>();
  for (const f of fates) m.set(fateKey(f), (m.get(fateKey(f)) ?? 0) + 1);
  return m;
}

/** Draw order of the legend (and bucket priority on the strip: earlier wins a tie). */
export const FATE_ORDER: FateKey[] = ['kept', 'budget', 'budget-cut', 'orphan', 'before-orphan', 'before-user', 'command', 'blank', 'window', 'consolidated'];
