/**
 * The CLI's trim of a file too big to hold, on large-file mode's own path: one pass builds the
 * line index (core/index/line-index.ts), hashing the bytes it reads; the metadata record and the
 * tool calls and results of the trim's span are read back by their byte ranges, its legality check
 * walked over them as they come (none held); the plan is core/edit/large-edit.ts's and the pieces
 * are written by large-save.ts, guarded by the hashes of the bytes read. Memory follows the index
 * (about 21 bytes a line) and one block of lines, not the file.
 */
import { lastMetadataLine, needsFacts, planTrim, retainFacts, trimSpan, type LineRaises, type TrimPlan, type WalkedSpan } from '../../core/edit/large-edit';
import type { EditChange, EditRefusal } from '../../core/edit/edits';
import type { MessageRange } from '../../core/edit/retain';
import type { PyError } from '../../core/python/pyjson';
import { LegalWalk } from '../../core/replay/replay';
import type { LineIndex } from '../../core/index/line-index';
import { readRecords, type RangeRead } from '../large/read/large-records';
import { indexStreamed, type Built } from '../source/index-pass';
import { eachLine } from '../source/line-reads';
import type { SourceAdapter } from '../source/source-adapter';
import type { SaveRun } from '../source/session-source';
import { stillAsRead } from './snapshot';
import { saveLargePlan, type LargeSource } from './large-save';
import type { OpenOptions } from './sessions';
import { keyForFile } from '../../core/nanobot/keys';

/**
 * The trim's legality check walked over its span (`trimSpan`) as the messages are read back:
 * only the tool calls and tool results (the index says which) are read, and none is held.
 */
async function walkSpan(read: RangeRead, ix: LineIndex, span: MessageRange): Promise<WalkedSpan> {
  const wanted: number[] = [];
  for (let i = span.from; i < span.to; i++) if (needsFacts(ix, ix.messages[i]!)) wanted.push(i);
  const walk = new LegalWalk();
  try {
    await eachLine(read, ix, wanted.map((i) => ix.messages[i]!), (v, k) => {
      const i = wanted[k]!;
      walk.skip(i - span.from - walk.count);
      walk.push(retainFacts(v ?? {}), i);
    });
  } catch (e) {
    const error = (e as { error?: PyError }).error;
    if (error) return { span, raises: error };
    throw e;
  }
  walk.skip(span.to - span.from - walk.count);
  return { span, legalStart: walk.start };
}

export interface IndexedTrimOptions extends OpenOptions {
  max: number;
  extendToUser: boolean;
}

/** A planned trim: what it changes, and (null: nothing to write) the pieces and their source. */
export interface IndexedTrim {
  change: EditChange;
  /** The refusal a write gives (a metadata line that cannot be encoded), said only when writing, as the whole-file save does. */
  refusal: LineRaises | null;
  write: { plan: TrimPlan; source: LargeSource } | null;
  /** The index it was planned over (what its preview reads by). */
  index: LineIndex;
}

/**
 * Plans `trimToLegalSuffix` on a file of any size as the whole-file path would (same change,
 * same refusal: `error`, nanobot's exception), over the file's line index (`built`: the page's, not read again).
 */
export async function planTrimIndexed(adapter: SourceAdapter, path: string, opts: IndexedTrimOptions, built?: Built): Promise<IndexedTrim | { error: EditRefusal }> {
  const fileName = path.split('/').pop()!;
  // The index a page already holds (its read hashes guarding the save), else one pass that hashes what it reads.
  const { index: ix, source } = built ?? (await indexStreamed(adapter, path, opts.version));
  const read: RangeRead = (a, b) => adapter.readRange(path, a, b);
  const line = lastMetadataLine(ix);
  const meta = line < 0 ? null : { line, value: (await readRecords(read, ix, [line]))[0] ?? {} };
  const stored = meta ? meta.value.key : undefined;
  const key = opts.key ?? (typeof stored === 'string' && stored ? stored : keyForFile(fileName, opts.version));
  const span = trimSpan(ix, opts.max, opts.extendToUser, opts.version);
  const walked = span && (await walkSpan(read, ix, span));
  // The lines read back must be those indexed: a file that moved meanwhile is refused (the write checks the hash too).
  stillAsRead(path, source.stat, await adapter.stat(path));
  const plan = planTrim(ix, meta, key, opts.max, opts.extendToUser, opts.now, opts.version, walked ? walked.span.from : ix.messageCount, walked ?? []);
  if ('nothing' in plan) return { change: plan.nothing, refusal: null, write: null, index: ix };
  if ('error' in plan) return 'change' in plan ? { change: plan.change, refusal: plan, write: null, index: ix } : { error: plan.error };
  return { change: plan.change, refusal: null, write: { plan, source: { ...source, fileName, version: opts.version, index: ix } }, index: ix };
}

/**
 * Writes a planned trim over its file (the version's tmp name, then a move), only when the file
 * still hashes to what was indexed (read-guard.ts). Returns how many bytes were written.
 */
export async function writeTrimIndexed(adapter: SourceAdapter, t: IndexedTrim, run?: SaveRun): Promise<{ bytes: number; backup: string | null }> {
  if (!t.write) throw new Error('writeTrimIndexed: nothing to write');
  const r = await saveLargePlan(adapter, t.write.source, t.write.plan.pieces, { size: t.write.plan.size, ...run });
  return { bytes: r.size, backup: r.backup ?? null };
}
