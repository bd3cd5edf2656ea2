/**
 * Where nanobot's `get_history()` starts over a session known only by its index: the start
 * (`last_consolidated`, main's archived tail, the count window, the cut to a user turn) depends
 * only on each message's role and `_channel_delivery`, which the index holds; so `getHistory`
 * runs on stand-ins carrying just those two facts. The replay itself, from the messages read
 * back from there, is the one over an index (replay/indexed-replay.ts; large-replay.ts).
 */
import type { LineIndex } from './line-index';
import type { NanobotVersion } from '../nanobot/nanobot-version';
import { FLAG, ROLE } from './record-facts';
import type { PyDict } from '../python/pyvalue';
import { getHistory, type ReplayOptions } from '../replay/replay';

/**
 * One shared, frozen stand-in per (is a user turn, `_channel_delivery`) pair: the start rules look
 * at nothing else, and a plain text message never makes the later stages raise, so the stand-ins
 * cannot end the replay early. A million messages cost a million pointers.
 */
const STANDINS = [false, true].flatMap((user) =>
  [false, true].map((delivery) => {
    const v: PyDict = { role: user ? 'user' : 'assistant', content: 'x' };
    if (delivery) v._channel_delivery = true;
    return Object.freeze(v);
  }),
);

/** Stand-ins for the messages on `lines` (nanobot's message lines), in order. */
export function standIns(ix: Pick<LineIndex, 'role' | 'flags'>, lines: Uint32Array): PyDict[] {
  const out: PyDict[] = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    out[i] = STANDINS[(ix.role[l] === ROLE.user ? 2 : 0) + (ix.flags[l]! & FLAG.channelDelivery ? 1 : 0)]!;
  }
  return out;
}

const BEFORE_START = new Set(['consolidated', 'window', 'before-user']);

/**
 * The first message the replay looks at beyond its start rules: messages before it are dropped
 * (archived, outside the window, before the first user turn) whatever they hold.
 */
export function replayReach(stand: PyDict[], lastConsolidated: number, opts: ReplayOptions, version: NanobotVersion): number {
  const fates = getHistory(stand, lastConsolidated, opts, version).fates;
  let i = 0;
  while (i < fates.length && !fates[i]!.kept && BEFORE_START.has((fates[i] as { reason: string }).reason)) i++;
  return i;
}
