/**
 * What an edit's preview shows, made by the source that plans it (the Edit tab's, at every size):
 * the lines it removes, adds and rewrites (the first few, with the totals), a trim's span, a fork's
 * head. The whole document diffs its records; the line index diffs its plan's pieces against the
 * index and reads back only the few lines it lists.
 */
import { metadataIndex, type FileRecord, type SessionDocument } from '../../core/lens/document';
import { lineEnd, type LineIndex } from '../../core/index/line-index';
import { KIND } from '../../core/index/fact-codes';
import { lastMetadataLine, type Piece } from '../../core/edit/large-edit';
import { decodeLossy, encodeUtf8 } from '../../core/python/lines';
import { pyDumps } from '../../core/python/pyjson';
import { dictGet, dictKeys, isDict, type PyDict, type PyValue } from '../../core/python/pyvalue';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import { decodeRecord } from '../large/read/large-records';

/** One line an edit touches: removed (its old number), added (its new one), or rewritten (both, and both texts). */
type DiffLine =
  | { op: 'remove'; oldLine: number; text: string }
  | { op: 'add'; newLine: number; text: string }
  | { op: 'change'; oldLine: number; newLine: number; before: string; after: string };

/** The lines an edit touches: the first `PREVIEW_LINES` of them, and how many it removes, adds and rewrites in all. */
export interface PlanDiff {
  lines: DiffLine[];
  removed: number;
  added: number;
  changed: number;
}

/** What a trim drops (messages from 0): the first and last dropped, how many, the first kept and its role as the file holds it, those never archived. */
export interface TrimSpan {
  first: number;
  last: number;
  count: number;
  kept: number | null;
  keptRole: string | null;
  unarchived: number;
}

/** A preview lists this many lines (a clear of a big file touches every one). */
const PREVIEW_LINES = 60;
/** Of a removed line, this many bytes are read back for its preview. */
const HEAD_BYTES = 400;

/** A record's text: what an edit writes for it, else its bytes as read. */
function textOf(rec: FileRecord): string {
  return rec.edited && rec.value ? pyDumps(rec.value) : decodeLossy(rec.raw);
}

type Op = { op: 'remove'; oldLine: number; rec: FileRecord } | { op: 'add'; newLine: number; rec: FileRecord } | { op: 'change'; oldLine: number; newLine: number; old: FileRecord; rec: FileRecord };

/**
 * Line-level changes from `before` to `after` (both in file order): records are matched to the ones
 * they came from (an edit keeps a record's raw bytes when it rewrites it), rewrites that produce the
 * very same text skipped; texts made only for the lines listed.
 */
export function documentDiff(before: SessionDocument, after: SessionDocument): PlanDiff {
  const oldIndex = new Map<Uint8Array | FileRecord, number>();
  before.records.forEach((r, i) => {
    oldIndex.set(r, i);
    if (r.raw.length) oldIndex.set(r.raw, i);
  });
  const used = new Set<number>();
  const ops: Op[] = [];
  let nextOld = 0;
  const flushRemoved = (upTo: number) => {
    for (; nextOld < upTo; nextOld++) if (!used.has(nextOld)) ops.push({ op: 'remove', oldLine: nextOld, rec: before.records[nextOld]! });
  };
  const matched = after.records.map((r) => oldIndex.get(r) ?? (r.raw.length ? oldIndex.get(r.raw) : undefined));
  for (const m of matched) if (m !== undefined) used.add(m);
  // A metadata record written anew (repair, or one created by an edit) stands for the old one.
  const oldMeta = metadataIndex(before);
  const newMeta = after.records.findIndex((r, j) => r.kind === 'metadata' && matched[j] === undefined);
  if (oldMeta >= 0 && newMeta >= 0 && !used.has(oldMeta)) {
    matched[newMeta] = oldMeta;
    used.add(oldMeta);
  }
  after.records.forEach((r, j) => {
    const i = matched[j];
    if (i === undefined) {
      ops.push({ op: 'add', newLine: j, rec: r });
      return;
    }
    if (i >= nextOld) flushRemoved(i);
    nextOld = Math.max(nextOld, i + 1);
    const old = before.records[i]!;
    if (old === r) return;
    if (textOf(old) !== textOf(r) || (old.eol !== r.eol && r.eol === '\n' && old.eol !== '')) ops.push({ op: 'change', oldLine: i, newLine: j, old, rec: r });
  });
  flushRemoved(before.records.length);
  const lines = ops.slice(0, PREVIEW_LINES).map((o): DiffLine => (o.op === 'change' ? { op: 'change', oldLine: o.oldLine, newLine: o.newLine, before: textOf(o.old), after: textOf(o.rec) } : o.op === 'add' ? { op: 'add', newLine: o.newLine, text: textOf(o.rec) } : { op: 'remove', oldLine: o.oldLine, text: textOf(o.rec) }));
  return { lines, ...totals(ops) };
}

function totals(ops: readonly { op: DiffLine['op'] }[]): Omit<PlanDiff, 'lines'> {
  let removed = 0;
  let added = 0;
  for (const o of ops) {
    if (o.op === 'remove') removed++;
    else if (o.op === 'add') added++;
  }
  return { removed, added, changed: ops.length - removed - added };
}

/** The line of the index that starts at byte `at` (or the first after it). */
function lineAt(ix: Pick<LineIndex, 'count' | 'start'>, at: number): number {
  let lo = 0;
  let hi = ix.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ix.start[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The lines a plan's pieces change in the file its index describes: lines no piece copies are
 * removed, the new bytes' lines added, the metadata record written anew pairs with the one it
 * replaces (and is no change where its text is the same); lines written again as json.dumps (a
 * repair's messages) count as rewritten, none listed. Only the lines listed are read back (`read`: a byte range of the file).
 */
export async function piecesDiff(ix: LineIndex, pieces: readonly Piece[], read: (from: number, to: number) => Promise<Uint8Array>): Promise<PlanDiff> {
  const kept = new Uint8Array(ix.count);
  const added: { newLine: number; text: string }[] = [];
  let newLine = 0;
  let open = false;
  let dumped = 0;
  for (const p of pieces) {
    if ('from' in p) {
      const first = lineAt(ix, p.from);
      let l = first;
      for (; l < ix.count && ix.start[l]! < p.to; l++) {
        kept[l] = 1;
        newLine++;
      }
      // A last line without its terminator is still open: a following piece may end it.
      open = l > first && lineEnd(ix, l - 1) === ix.start[l - 1]! + ix.length[l - 1]!;
      if (open) newLine--;
    } else if ('dumps' in p) {
      for (const l of p.dumps) kept[l] = 1;
      newLine += p.dumps.length;
      dumped += p.dumps.length;
      open = false;
    } else {
      const parts = decodeLossy(p.bytes).split('\n');
      parts.forEach((s, k) => {
        const last = k === parts.length - 1;
        if (last && !s) return;
        if (!open && s) added.push({ newLine, text: s });
        if (last) open = true;
        else {
          newLine++;
          open = false;
        }
      });
    }
  }
  const removedLines: number[] = [];
  let removed = 0;
  for (let l = 0; l < ix.count; l++) {
    if (kept[l]) continue;
    removed++;
    if (removedLines.length <= PREVIEW_LINES) removedLines.push(l);
  }
  // The metadata record written anew stands for the one it replaces (as the whole document's diff pairs them).
  const oldMeta = lastMetadataLine(ix);
  const newMeta = oldMeta >= 0 && !kept[oldMeta] ? added.findIndex((a) => dictGet(decodeRecord(encodeUtf8(a.text)) ?? {}, '_type') === 'metadata') : -1;
  const ops: { op: DiffLine['op']; at: number; line: () => Promise<DiffLine> }[] = [];
  const textAt = async (l: number, all: boolean) => decodeLossy(await read(ix.start[l]!, ix.start[l]! + (all ? ix.length[l]! : Math.min(ix.length[l]!, HEAD_BYTES))));
  const before = newMeta >= 0 ? await textAt(oldMeta, true) : '';
  const same = newMeta >= 0 && before === added[newMeta]!.text;
  if (newMeta >= 0 && !same) {
    const a = added[newMeta]!;
    ops.push({ op: 'change', at: oldMeta, line: async () => ({ op: 'change', oldLine: oldMeta, newLine: a.newLine, before, after: a.text }) });
  }
  for (const l of removedLines) if (l !== oldMeta || newMeta < 0) ops.push({ op: 'remove', at: l, line: async () => ({ op: 'remove', oldLine: l, text: await textAt(l, false) }) });
  added.forEach((a, k) => k !== newMeta && ops.push({ op: 'add', at: a.newLine, line: async () => ({ op: 'add', newLine: a.newLine, text: a.text }) }));
  ops.sort((x, y) => x.at - y.at);
  const paired = newMeta >= 0 ? 1 : 0;
  const lines: DiffLine[] = [];
  for (const o of ops.slice(0, PREVIEW_LINES)) lines.push(await o.line());
  return { lines, removed: removed - paired, added: added.length - paired, changed: (paired && !same ? 1 : 0) + dumped };
}

/** The first message (0-based) a trim keeps, of `total`, given those it drops in ascending order; null when it keeps none. */
export function firstKept(total: number, dropped: ArrayLike<number>): number | null {
  for (let i = 0; i < dropped.length; i++) if (dropped[i] !== i) return i;
  return dropped.length < total ? dropped.length : null;
}

/** A message's role as a file holds it: the text, null when absent, else its JSON (a role that is not text). */
function roleAsHeld(m: PyDict): string | null {
  const r = dictGet(m, 'role');
  return r === undefined ? null : typeof r === 'string' ? r : pyDumps(r);
}

/** A trim's span from the messages it drops (ascending), the first kept message's value read by `valueOf`. */
export async function trimSpanOf(total: number, dropped: ArrayLike<number>, unarchived: number, valueOf: (k: number) => Promise<PyDict | null>): Promise<TrimSpan | undefined> {
  if (!dropped.length) return undefined;
  const kept = firstKept(total, dropped);
  const v = kept === null ? null : await valueOf(kept);
  return { first: dropped[0]!, last: dropped[dropped.length - 1]!, count: dropped.length, kept, keptRole: v ? roleAsHeld(v) : null, unarchived };
}

/** The keys of the session's metadata a fork does not carry (the thread's own: nanobot's `forkDroppedKeys`). */
export function notCarried(metadata: PyValue | undefined, version: NanobotVersion): string[] {
  return isDict(metadata) ? dictKeys(metadata).filter((k) => rulesOf(version).forkDroppedKeys.includes(k)) : [];
}

/** A fork's `last_consolidated`, from the head line it writes. */
export function forkBoundary(head: Uint8Array): number {
  const v = dictGet(decodeRecord(head) ?? {}, 'last_consolidated');
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0;
}

/** Whether an index line is one a person may remove (corrupt or blank). */
export const removable = (ix: Pick<LineIndex, 'kind'>, l: number) => ix.kind[l] === KIND.corrupt || ix.kind[l] === KIND.blank;
