/**
 * What the File tab's "Two lenses on this file" shows, as plain values, made from the file's source
 * the same way at every size (`sourceLensFacts`), so one panel (LensPanel.tsx) draws them.
 */
import { LINE_PROBLEM, lineProblems, type IndexHealth } from '../../../core/index/index-health';
import type { LineIndex } from '../../../core/index/line-index';
import { isoRoundTrip } from '../../../core/python/isotime';
import { dictGet, truthy, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import type { SourceLoad, SourceMeta } from '../../../store/source/session-source';
import { raised, type LensState } from '../lens';

export interface LensFacts {
  state: LensState;
  /** nanobot's exception (`Type: text`) that made it give up or repair; '' when none. */
  loadError: string;
  /** Lines the repair pass skipped, and which (null: not listed). */
  skipped: number;
  skippedLines: number[] | null;
  /** What nanobot holds of the session (null when it loads nothing). */
  nanobot: { messages: number; metadata: PyValue; lastConsolidated: number; createdAt: string; updatedAt: string; defaulted: string[] } | null;
  recovered: { messages: number; corrupt: number; blank: number; metadata: number; problems: number | null };
}

/** created_at / updated_at fields nanobot replaced by "now" (missing, empty, or unreadable on the repair path) in metadata record `meta`. */
function defaultedIn(meta: PyDict | null): string[] {
  return ['created_at', 'updated_at'].filter((f) => {
    const v = meta ? dictGet(meta, f) : undefined;
    return !truthy(v) || !isoRoundTrip(v).ok;
  });
}

/**
 * The lenses of a file at every size, from its source: nanobot's load, the line index and its
 * counted problems (`health`), the last metadata record (`meta`) and the diagnostics' count once known.
 */
export function sourceLensFacts(load: SourceLoad, ix: LineIndex, health: IndexHealth, meta: SourceMeta | null, problems: number | null): LensFacts {
  const n = load.error ? null : load.result;
  return {
    state: n ? load.path : 'nothing',
    loadError: raised(load.repairError ?? load.strictError ?? load.error),
    skipped: load.skipped,
    skippedLines: n && load.path === 'repair' ? skippedLinesOf(ix, load.skipped) : null,
    nanobot: n && { messages: n.count, metadata: n.metadata, lastConsolidated: n.lastConsolidated, createdAt: n.createdAt, updatedAt: n.updatedAt, defaulted: defaultedIn(meta?.value ?? null) },
    recovered: { messages: ix.messageCount, corrupt: health.lines.notRecord, blank: health.lines.blank, metadata: health.metadata.count, problems },
  };
}

/** The lines the repair pass skips (not JSON, or a BOM in front): found in the index, given only when all `skipped` are found. */
function skippedLinesOf(ix: LineIndex, skipped: number): number[] | null {
  const bits = LINE_PROBLEM.badJson | LINE_PROBLEM.bom;
  const out: number[] = [];
  for (let i = 0; i < ix.count && out.length <= skipped; i++) if (lineProblems(ix, i) & bits) out.push(i);
  return out.length === skipped ? out : null;
}
