/**
 * The recovered lens's diagnostics (`parseDocument`'s) of a file known by its line index: the
 * index says which lines can have a diagnostic of their own (blank, corrupt, a BOM, padded, a
 * message without a role) or feed the whole-document checks (metadata records); only those lines'
 * bytes are read back and judged by `lineRecord`, the rest is counted from the index.
 */
import { finishDiagnostics, lineRecord, newShape, previewOf, type Diagnostic, type DocumentOptions, type RecordKind } from '../lens/document';
import { rulesOf } from '../nanobot/nanobot-version';
import type { LineIndex } from './line-index';
import { EOL, EOL_TEXT } from '../python/lines';
import { FLAG, KIND, KIND_NAMES, ROLE } from './fact-codes';

/** Flags of a line that may have a diagnostic of its own: a BOM, padding, or nesting the recovered lens may refuse (the index holds nanobot's kind). */
const OWN_FAULTS = FLAG.bom | FLAG.padded | FLAG.deep;

/** The lines whose bytes the diagnostics read, ascending. */
export function diagnosticLines(ix: Pick<LineIndex, 'count' | 'kind' | 'flags' | 'role'>): number[] {
  const out: number[] = [];
  for (let i = 0; i < ix.count; i++) {
    const k = ix.kind[i]!;
    if (k === KIND.blank || k === KIND.corrupt || k === KIND.metadata || ix.flags[i]! & OWN_FAULTS || (k === KIND.message && ix.role[i] === ROLE.none)) out.push(i);
  }
  return out;
}

/** Collects the diagnostics: `add` each line of `diagnosticLines` in order with its content bytes, then `finish`. */
export class IndexDiagnostics {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly shape = newShape();
  private readonly providerState: boolean;
  /** Lines the recovered lens reads as another kind than the index holds (FLAG.deep: a record v0.2 reads may be too deep for it). */
  private readonly lensKind = new Map<number, RecordKind>();

  constructor(
    private readonly ix: LineIndex,
    private readonly opts: DocumentOptions,
  ) {
    this.providerState = rulesOf(opts.version).providerStateRecord;
  }

  add(i: number, raw: Uint8Array): void {
    const rec = lineRecord(i, raw, EOL_TEXT[this.ix.eol[i]!]!, undefined, this.providerState, this.diagnostics);
    if (rec.kind !== KIND_NAMES[this.ix.kind[i]!]) this.lensKind.set(i, rec.kind);
    if (rec.kind === 'metadata') this.shape.metas.push({ line: i, text: previewOf(rec), value: rec.value! });
    else if (rec.kind === 'message' && !Object.prototype.hasOwnProperty.call(rec.value, 'role')) this.shape.roleless.push({ line: i, text: previewOf(rec) });
  }

  /** The diagnostics, sorted by line as `parseDocument` gives them. */
  finish(): Diagnostic[] {
    const { ix, shape, lensKind } = this;
    for (let i = 0; i < ix.count; i++) {
      const e = ix.eol[i]!;
      if (e !== EOL.none) shape.eols.add(EOL_TEXT[e]!);
      const k = ix.kind[i]!;
      if (shape.firstContent < 0 && k !== KIND.blank) shape.firstContent = i;
      if (k === KIND.message && !lensKind.has(i)) shape.messages++;
    }
    shape.lines = ix.count;
    if (ix.count > 0) {
      const last = ix.count - 1;
      shape.last = { kind: lensKind.get(last) ?? (KIND_NAMES[ix.kind[last]!] as RecordKind), eol: EOL_TEXT[ix.eol[last]!]! };
    }
    finishDiagnostics(shape, this.diagnostics, this.opts);
    return this.diagnostics;
  }
}
