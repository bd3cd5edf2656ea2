/**
 * What the File tab's "Two lenses on this file" shows, as plain values: from the whole document in
 * the full view (`lensFactsOf`) or from the line index in large-file mode (`indexLensFacts`), so one
 * panel (LensPanel.tsx) draws both sizes.
 */
import { metadataIndex } from '../../../core/lens/document';
import { LINE_PROBLEM, lineProblems, type IndexHealth } from '../../../core/index/index-health';
import type { LineIndex } from '../../../core/index/line-index';
import type { IndexLoad } from '../../../core/index/index-load';
import { isoRoundTrip } from '../../../core/python/isotime';
import type { PyError } from '../../../core/python/pyjson';
import { dictGet, truthy, type PyDict, type PyValue } from '../../../core/python/pyvalue';
import type { LargeHead } from '../../../store/large/large-load';
import type { OpenedSession } from '../../../store/save/sessions';
import { lensState, loadErrorText, repairSkippedLines, type LensState } from '../lens';

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
export function defaultedIn(meta: PyDict | null): string[] {
  return ['created_at', 'updated_at'].filter((f) => {
    const v = meta ? dictGet(meta, f) : undefined;
    return !truthy(v) || !isoRoundTrip(v).ok;
  });
}

/** The lenses of a document held whole. */
export function lensFactsOf(o: OpenedSession): LensFacts {
  const n = o.nanobot.result;
  const r = o.recovered;
  const kinds = { corrupt: 0, blank: 0, metadata: 0 } as Record<string, number>;
  for (const x of o.doc.records) if (x.kind in kinds) kinds[x.kind]!++;
  const mi = metadataIndex(o.doc);
  return {
    state: lensState(o),
    loadError: loadErrorText(o),
    skipped: o.nanobot.skipped,
    skippedLines: repairSkippedLines(o),
    nanobot: n && { messages: n.messages.length, metadata: n.metadata, lastConsolidated: n.lastConsolidated, createdAt: n.createdAt, updatedAt: n.updatedAt, defaulted: defaultedIn(mi >= 0 ? o.doc.records[mi]!.value! : null) },
    recovered: { messages: r.messages.length, corrupt: kinds.corrupt!, blank: kinds.blank!, metadata: kinds.metadata!, problems: o.doc.diagnostics.length },
  };
}

const raised = (e: PyError | null | undefined) => (e ? `${e.type}: ${e.message}` : '');

/**
 * The lenses of a file read on its line index: nanobot's load over the index and its head, the
 * index's counts (`health`), the last metadata record (`meta`, read back) and the diagnostics' count once known.
 */
export function indexLensFacts(ix: LineIndex, load: IndexLoad, head: LargeHead | null, health: IndexHealth, meta: PyDict | null, problems: number | null): LensFacts {
  const loaded = load.loaded && !load.raises && head !== null;
  const messages = ix.messageCount;
  return {
    state: loaded ? load.path : 'nothing',
    loadError: raised(load.repairError ?? load.strictError ?? load.error),
    skipped: load.skipped,
    skippedLines: loaded && load.path === 'repair' ? skippedLinesOf(ix, load.skipped) : null,
    nanobot: loaded ? { messages: load.messageLines.length, metadata: head.metadata, lastConsolidated: load.lastConsolidated, createdAt: head.createdAt, updatedAt: head.updatedAt, defaulted: defaultedIn(meta) } : null,
    recovered: { messages, corrupt: health.lines.notRecord, blank: health.lines.blank, metadata: health.metadata.count, problems },
  };
}

/** The lines the repair pass skips (not JSON, or a BOM in front), as the full view lists them: found in the index, given only when all `skipped` are found. */
function skippedLinesOf(ix: LineIndex, skipped: number): number[] | null {
  const bits = LINE_PROBLEM.badJson | LINE_PROBLEM.bom;
  const out: number[] = [];
  for (let i = 0; i < ix.count && out.length <= skipped; i++) if (lineProblems(ix, i) & bits) out.push(i);
  return out.length === skipped ? out : null;
}
