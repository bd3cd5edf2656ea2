/**
 * The next request's total and what is not known of it, in the CLI's English: plain functions of the
 * core's codes (src/core/turn/joined.ts).
 */
import type { Unknown, UnknownSlot } from '../core/turn/joined';

/** What each unknown part of the request is. */
export const UNKNOWN_SLOT_EN: Record<UnknownSlot, string> = {
  runtime: "the platform line (system, machine and Python version of nanobot's machine)",
  clock: 'the clock (the Current Time line; --now fixes it)',
  'workspace-path': "the workspace's absolute path (--workspace DIR gives it)",
  channel: 'the channel (the session key names none)',
  join: "where nanobot's own text meets the rest",
  'recent-history-cut': "the end of the recent history, cut to its cap with nanobot's marker",
  'summary-time': "the summary's last-active time",
  'builtin-skill': "a built-in skill the message names (its text is nanobot's)",
  'estimate-fails': "nanobot's estimate fails on this request (a special token or a block that is not text)",
};

/** An unknown part's size: its tokens as counted, and how far they may be off. */
export function unknownSizeEn(u: Unknown): string {
  return u.spread === null ? `${u.tokens} tokens counted, no bound` : `${u.tokens} ± ${u.spread} tokens`;
}

/** The total as nanobot estimates the whole request: exact, ± the unknowns' spread, or ≈ when one has no bound. */
export function turnTotalEn(total: number, spread: number | null, exact: boolean): string {
  if (exact) return `total ${total} tokens (nanobot's estimate of the whole request)`;
  return spread === null ? `total ≈ ${total} tokens` : `total ${total} ± ${spread} tokens`;
}

/** A release whose own figures were not measured: its totals are another release's, and the reader must know it. */
export function standInFiguresEn(shownLabel: string): string {
  return `nanobot's own texts are not measured for this release; ${shownLabel}'s figures are shown`;
}

/** Up to 0.1.4.post4 nanobot never counts the request: the reader must know whose number the total is. */
export const NOT_COUNTED_EN = "this release of nanobot never counts the request's tokens: the total is Session Lens's count of the messages' content, as 0.1.4.post5 first counted it";
