/**
 * Every edit of a file too big to hold but the trim (set-title, repair, add a message,
 * `last_consolidated`, clear, remove a line), as large-file mode plans them: one pass builds
 * the line index while hashing the bytes it reads, the metadata record nanobot reads is read back
 * by its range, the plan is core/edit/large-edit.ts's, and the pieces are written by large-save.ts
 * (a repair's message lines written again as nanobot's json.dumps, a block at a time), guarded by the
 * hashes of the bytes read. Memory follows the index, not the file; the bytes are those the
 * whole-document edit writes.
 */
import { lastMetadataLine, planRepair, planTitle, type LargePlan, type LastMetadata, type LineRaises } from '../../core/edit/large-edit';
import { planAppend, planClear, planLastConsolidated, planRemoveLine, type SmallPlan } from '../../core/edit/large-message-edits';
import type { SaveRun, SourceEdit } from '../source/session-source';
import { repairOutcome, type EditChange, type EditRefusal } from '../../core/edit/edits';
import { KIND } from '../../core/index/fact-codes';
import { fileStem, keyForFile } from '../../core/nanobot/keys';
import type { LineIndex } from '../../core/index/line-index';
import { readRecords, type RangeRead } from '../large/read/large-records';
import { stillAsRead } from './snapshot';
import { saveLargePlan, type LargeSource } from './large-save';
import type { OpenOptions } from './sessions';
import { indexStreamed, type Built } from '../source/index-pass';
import type { SourceAdapter } from '../source/source-adapter';

/** The last metadata record of an indexed file, read back by its range (null: none). */
export async function lastMetadataOf(read: RangeRead, ix: Pick<LineIndex, 'count' | 'kind' | 'start' | 'length'>): Promise<LastMetadata> {
  const line = lastMetadataLine(ix);
  return line < 0 ? null : { line, value: (await readRecords(read, ix as LineIndex, [line]))[0] ?? {} };
}

/** The key nanobot loads a file under: the one asked for, else the stored one (a non-empty text), else the file name's. */
export function keyOf(meta: LastMetadata, fileName: string, opts: OpenOptions): string {
  const stored = meta ? meta.value.key : undefined;
  return opts.key ?? (typeof stored === 'string' && stored ? stored : keyForFile(fileName, opts.version));
}

/** What a repair changes, from the index alone (for a repair whose new metadata line cannot be written). */
function repairChange(ix: LineIndex): EditChange {
  let metas = 0;
  let removed = 0;
  for (let i = 0; i < ix.count; i++) {
    const k = ix.kind[i];
    if (k === KIND.metadata) metas++;
    else if (k !== KIND.message && k !== KIND.provider_state) removed++;
  }
  return repairOutcome(ix.messageCount, Math.max(0, metas - 1), removed);
}

const isRaise = (p: { error: EditRefusal } | LineRaises): p is LineRaises => 'raises' in p;

/** An edit planned over the index: its change, the refusal a write gives (said only then), and what to write. */
export interface IndexedEdit {
  change: EditChange;
  refusal: LineRaises | null;
  write: { plan: LargePlan; source: LargeSource; backup: boolean; exact: boolean } | null;
  /** The index it was planned over (what its preview reads by). */
  index: LineIndex;
}

/** The edits planned here: every one a source plans over the index but the trim (indexed-trim.ts). */
export type IndexedEditKind = Exclude<SourceEdit, { kind: 'trim' }>;

/** The edit's plan over the index and its last metadata record (large-edit.ts, large-message-edits.ts). */
function planOf(edit: IndexedEditKind, ix: LineIndex, meta: LastMetadata, fileName: string, opts: OpenOptions): ReturnType<typeof planRepair> | SmallPlan {
  const key = () => keyOf(meta, fileName, opts);
  switch (edit.kind) {
    case 'title':
      return planTitle(ix, meta, key(), edit.title, opts.now);
    case 'repair':
      return planRepair(ix, meta, fileStem(fileName), opts.now);
    case 'append':
      return planAppend(ix, meta, key(), edit.role, edit.content, opts.now);
    case 'last-consolidated':
      return planLastConsolidated(ix, meta, key(), edit.upTo, opts.now);
    case 'clear':
      return planClear(ix, meta, key(), opts.now);
    case 'remove-line':
      return planRemoveLine(ix, edit.line);
  }
}

/**
 * Plans an edit (`setTitle`, `repairDocument`, `appendMessage`, `setLastConsolidated`,
 * `clearMessages`, `removeLine`) over the file's line index, as the whole-document edit would: the
 * same change, the same refusal. `built`: the index already built (the page's), not read again.
 */
export async function planEditIndexed(adapter: SourceAdapter, path: string, opts: OpenOptions, edit: IndexedEditKind, built?: Built): Promise<IndexedEdit | { error: EditRefusal }> {
  const fileName = path.split('/').pop()!;
  // The index a page already holds (its read hashes guarding the save), else one pass that hashes what it reads.
  const { index: ix, source } = built ?? (await indexStreamed(adapter, path, opts.version));
  const meta = await lastMetadataOf((a, b) => adapter.readRange(path, a, b), ix);
  stillAsRead(path, source.stat, await adapter.stat(path));
  const plan = planOf(edit, ix, meta, fileName, opts);
  const repair = edit.kind === 'repair';
  if ('error' in plan) {
    if (!isRaise(plan)) return { error: plan.error };
    const change = 'change' in plan ? plan.change : repair ? repairChange(ix) : { code: 'title' as const, title: (edit as { title: string }).title };
    return { change, refusal: plan, write: null, index: ix };
  }
  // A repair writes every message line anew: its size is known only once written.
  return { change: plan.change, refusal: null, write: { plan, source: { ...source, fileName, version: opts.version, index: ix }, backup: repair, exact: !repair }, index: ix };
}

/** Writes a planned edit over its file (a repair streams its backup first), only while the file still hashes to what was indexed. */
export async function writeEditIndexed(adapter: SourceAdapter, e: IndexedEdit, run?: SaveRun): Promise<{ bytes: number; backup: string | null }> {
  if (!e.write) throw new Error('writeEditIndexed: nothing to write');
  const w = e.write;
  const r = await saveLargePlan(adapter, w.source, w.plan.pieces, { ...run, backup: w.backup || !!run?.backup, ...(w.exact ? { size: w.plan.size } : {}) });
  return { bytes: r.size, backup: r.backup ?? null };
}
