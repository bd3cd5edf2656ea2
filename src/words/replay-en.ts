/**
 * A replay's fates in the English the CLI and the app's English catalog share: why a message is not
 * replayed, and what the replay changed in one it keeps. Plain functions of the core's codes.
 */
import type { Change, DropReason } from '../core/replay/replay';

/** Why a message is not replayed, without a version's archived tail (the CLI's words). */
export const DROP_REASON_EN: Record<DropReason, string> = {
  consolidated: 'archived to memory (below last_consolidated), not replayed',
  window: 'outside the max_messages window',
  'before-user': 'before the first user turn of the window',
  orphan: 'orphan tool result: its tool call is not in the replay',
  'before-orphan': 'cut together with a later orphan tool result',
  command: 'command row (_command): never sent to the model',
  blank: 'assistant message with blank content and no tool calls or reasoning',
  budget: 'over the token budget',
  'budget-cut': 'fits the budget, but comes before the user turn the replay is cut to',
};

/** A drop reason in a version's own terms: `tail` is the archived messages it replays again (main: 8; 0: none). */
export function dropReasonEn(reason: DropReason, tail: number): string {
  if (reason === 'consolidated' && tail) return `archived to memory (below last_consolidated) and older than the last ${tail} messages: not replayed`;
  return DROP_REASON_EN[reason];
}

const CHANGE_EN: Record<Change, string> = {
  sanitized: 'sanitized',
  breadcrumbs: 'breadcrumbs added',
  timestamp: 'timestamp added',
  'public-view': 'runtime context removed (public view)',
  archived: 'archived, but replayed',
};

/** What the replay changed in a message it keeps ('archived' names the version's tail). */
export function replayChangeEn(change: Change, tail: number): string {
  return change === 'archived' ? `archived, but replayed: within the last ${tail}` : CHANGE_EN[change];
}
