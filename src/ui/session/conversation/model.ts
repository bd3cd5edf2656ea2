/**
 * What the Conversation tab draws from an opened file: its rows, the tool-call pairing, and the
 * counts in its summary line. Built once per opened file; for a big file, built in slices before
 * the file is shown (prepareConversation), so no single task walks 50,000 messages.
 */
import type { Diagnostic } from '../../../core/lens/document';
import { runNow, runSliced } from '../../../store/analyze/event-loop';
import type { OpenedSession } from '../../../store/save/sessions';
import { pairToolCallsSteps, type Pairing } from '../parts/pairing';
import { conversationRowsSteps, type ConversationRow } from './rows';

export interface ConversationModel {
  rows: ConversationRow[];
  pairing: Pairing;
  /** Row index of each file line that has a row. */
  rowOfLine: Map<number, number>;
  diagsByLine: Map<number, Diagnostic[]>;
  orphans: number;
  unanswered: number;
  corrupt: number;
}

const STEP = 4096;

function* modelSteps(o: OpenedSession): Generator<void, ConversationModel> {
  const rows = yield* conversationRowsSteps(o);
  const pairing = yield* pairToolCallsSteps(o.recovered.messages);
  const rowOfLine = new Map<number, number>();
  let corrupt = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const r = rows[i]!;
    if ('line' in r) rowOfLine.set(r.line, i);
    if (r.kind === 'corrupt') corrupt++;
  }
  const diagsByLine = new Map<number, Diagnostic[]>();
  for (const d of o.doc.diagnostics) {
    const at = diagsByLine.get(d.line);
    if (at) at.push(d);
    else diagsByLine.set(d.line, [d]);
  }
  let orphans = 0;
  for (const a of pairing.answers.values()) if (a.call === null) orphans++;
  let unanswered = 0;
  for (const list of pairing.calls.values()) for (const c of list) if (c.result === null) unanswered++;
  return { rows, pairing, rowOfLine, diagsByLine, orphans, unanswered, corrupt };
}

const built = new WeakMap<OpenedSession, ConversationModel>();

/** The model of `o`: the prepared one, else built now. */
export function conversationModel(o: OpenedSession): ConversationModel {
  let m = built.get(o);
  if (!m) built.set(o, (m = runNow(modelSteps(o))));
  return m;
}

/** Builds the model of `o` in slices of a few ms each, so showing a 50,000-message file right after needs no long task. */
export async function prepareConversation(o: OpenedSession): Promise<void> {
  if (built.has(o)) return;
  const m = await runSliced(modelSteps(o));
  if (!built.has(o)) built.set(o, m);
}
