/**
 * nanobot's `_load` of an indexed file as large-file mode's views hold it (`IndexLoad`): which path
 * it takes, which lines become its messages, its `last_consolidated`, and nanobot's own exceptions.
 * A type only: the one load over the index is `loadOverIndex` (index-nanobot.ts, for the app and
 * the CLI), and `indexLoadOf` there makes this summary of it.
 */
import type { PyError } from '../python/pyjson';

export interface IndexLoad {
  path: 'normal' | 'repair';
  /** False: nanobot loads nothing (an empty session; its next save replaces the file). */
  loaded: boolean;
  /** Line of each message nanobot holds, in order. */
  messageLines: Uint32Array;
  lastConsolidated: number;
  /** What made the strict pass fail: the exception's type, null when nothing did. */
  strictFailure: string | null;
  /** Lines the repair pass skipped. */
  skipped: number;
  /** nanobot's own call raises (v0.3.0+: RecursionError propagates). */
  raises: boolean;
  /** 'no-repair': the strict pass failed where the version has no repair pass (`NanobotLoad.startsEmpty`). */
  startsEmpty?: 'no-repair';
  /** nanobot's exceptions, as its load raises them: what failed the strict pass, the repair pass, and what propagates. */
  strictError?: PyError | null;
  repairError?: PyError | null;
  error?: PyError | null;
}
