/**
 * The rows the Conversation tab draws, in file order: every message of the recovered lens,
 * corrupt lines in place, provider-state records, and the last_consolidated marker.
 */
import type { OpenedSession } from '../../../store/save/sessions';
import { runNow } from '../../../store/analyze/event-loop';
import { replaySession } from '../lens';

/** Lines handled between two yields of the step version. */
const STEP = 2048;

export type ConversationRow =
  | { kind: 'message'; line: number; message: number }
  | { kind: 'corrupt'; line: number }
  | { kind: 'provider_state'; line: number }
  | { kind: 'marker'; archived: number; lens: 'nanobot' | 'recovered' };

/**
 * Rows for a file; the marker sits above the first message nanobot replays from (by file line),
 * and at the top when the stored value was reset to 0 (so the reset is visible).
 */
export function conversationRows(o: OpenedSession): ConversationRow[] {
  return runNow(conversationRowsSteps(o));
}

/** conversationRows as steps (one yield per STEP lines), for runSliced on a 50,000-line file. */
export function* conversationRowsSteps(o: OpenedSession): Generator<void, ConversationRow[]> {
  const { session, lens } = replaySession(o);
  const lc = session.lastConsolidated;
  const reset = o.doc.diagnostics.some((d) => d.kind === 'bad-last-consolidated');
  const markerLine = lc > 0 || reset ? (lc < session.messageLines.length ? session.messageLines[lc]! : Infinity) : -1;
  const rows: ConversationRow[] = [];
  const messageOf = new Map(o.recovered.messageRecords.map((line, i) => [line, i]));
  let placed = markerLine < 0;
  const records = o.doc.records;
  for (let line = 0; line < records.length; line++) {
    if (line % STEP === STEP - 1) yield;
    const r = records[line]!;
    if (!placed && line >= markerLine) {
      rows.push({ kind: 'marker', archived: lc, lens });
      placed = true;
    }
    if (r.kind === 'message') rows.push({ kind: 'message', line, message: messageOf.get(line)! });
    else if (r.kind === 'corrupt') rows.push({ kind: 'corrupt', line });
    else if (r.kind === 'provider_state') rows.push({ kind: 'provider_state', line });
  }
  if (!placed) rows.push({ kind: 'marker', archived: lc, lens });
  return rows;
}
