/**
 * nanobot's fork before a user turn of a file too big to hold, over its line index: nanobot's load
 * (or, where it loads nothing, the recovered lens, as the whole-file fork falls back) says which
 * lines are the messages, the index's roles where it cuts, and one streamed pass over the prefix's
 * lines finds what nanobot would raise (a message too deep to copy, a line its save cannot encode).
 * The new file is written from the source's byte ranges, the lines whose bytes are not what
 * nanobot's save writes dumped again, with the whole-file fork's bytes and refusals (sessions.ts).
 */
import { forkHead } from '../../core/edit/fork';
import { bracketDepth, copiedAsIs, forkCut, forkLine, mayBeTooDeep, tooDeepToCopy, utf8Chars } from '../../core/edit/large-fork';
import { encodeSession, formatHead } from '../../core/edit/format';
import type { LineIndex } from '../../core/index/line-index';
import { EOL } from '../../core/python/lines';
import { DEEPCOPY_RECURSION, isDict, type PyDict } from '../../core/python/pyvalue';
import { codePointLength } from '../../core/python/pytext';
import { recoveredHead } from '../../core/lens/recovered';
import { rulesOf } from '../../core/nanobot/nanobot-version';
import type { FileStat } from '../adapter/adapter';
import { forkRaises, forkTarget, forkUnwritable, noUserTurn, refuseTaken, tmpFor } from '../save/sessions';
import { serialize } from '../save/save-queue';
import { decodeRecord, eachLineBytes } from '../large/read/large-records';
import { lastMetadataLine } from '../../core/edit/large-edit';
import { indexStreamed } from './index-pass';
import { loadIndexed } from './indexed-load';
import { eachLineInOrder, eachLineOf, lineValue } from './line-reads';
import { changedWhileRead, unchangedSince, type SourceAdapter } from './source-adapter';
import type { SourceFork, SourceStat } from './session-source';

/** A fork planned over the index: what a dry run says, and what the write copies. */
export interface IndexedFork extends ForkWritten {
  head: Uint8Array;
  /** The prefix's message lines, in order, and whether each is copied as it is. */
  lines: Uint32Array;
  asIs: Uint8Array;
  recovered: boolean;
  stat: FileStat;
  index: LineIndex;
  newKey: string;
}

/** A fork's file and messages (the source adds what its head says: indexed-source.ts). */
export type ForkWritten = Omit<SourceFork, 'lastConsolidated' | 'notCarried'>;

/** What the fork asks of the source: its stat, nanobot's version and clock, the key it is loaded under. */
export interface ForkOptions {
  now: string;
  key?: string;
  fallbackKey: string;
}

/**
 * Whether a line of the file nests within two levels of json.loads' figures, where the fork's load
 * (a frame deeper) and the top-level load the index was read at may differ. Only lines long enough
 * to nest that deep are read (their brackets counted, not parsed).
 */
async function nearLoadsDepth(adapter: SourceAdapter, path: string, ix: LineIndex, version: SourceStat['version']): Promise<boolean> {
  const b = rulesOf(version).depthBudget;
  const low = Math.min(b.jsonLoadsFork, b.jsonLoadsForkRepair) - 2;
  const high = Math.max(b.jsonLoads, b.jsonLoadsRepair) + 2;
  const long: number[] = [];
  for (let i = 0; i < ix.count; i++) if (ix.length[i]! >= low) long.push(i);
  let near = false;
  await eachLineOf(adapter, path, ix, long, (raw) => {
    if (near) return;
    const d = bracketDepth(raw);
    if (d >= low && d <= high) near = true;
  });
  return near;
}

/**
 * Plans the fork before user turn `userIndex` under `newKey` as the whole-file fork does (the same
 * answer and the same refusals, thrown as the store's errors), reading the prefix's lines once;
 * 'whole' where only the whole document can answer (`nearLoadsDepth`).
 */
export async function planForkIndexed(adapter: SourceAdapter, stat: SourceStat, opts: ForkOptions, userIndex: number, newKey: string): Promise<IndexedFork | 'whole'> {
  const { path, version } = stat;
  const rules = rulesOf(version);
  const built = await indexStreamed(adapter, path, version, false, true);
  const { index: ix, load } = await loadIndexed(adapter, path, { now: opts.now, version, fallbackKey: opts.fallbackKey, dumps: true, ...(opts.key !== undefined ? { key: opts.key } : {}) }, built);
  // A line nested near json.loads' figures may load at the top level and not in the fork's load, a
  // frame deeper (`jsonLoadsFork`): such a file (a rare one) is forked from the whole document.
  if (await nearLoadsDepth(adapter, path, ix, version)) return 'whole';
  // The load raises (v0.3.0+: a RecursionError) in the fork's load too, before any turn is looked for.
  if (userIndex >= 0 && load.error) throw forkRaises(path, load.error);
  const recovered = !load.result;
  const lines = load.result ? load.result.lines : ix.messages.subarray(0, ix.messageCount);
  let head: { metadata: PyDict | unknown; lastConsolidated: number };
  if (load.result) head = load.result;
  else {
    const m = lastMetadataLine(ix);
    let value: PyDict | null = null;
    if (m >= 0) await eachLineBytes((a, b) => adapter.readRange(path, a, b), ix, [m], (raw) => (value = decodeRecord(raw) ?? {}));
    head = recoveredHead(value, opts.fallbackKey, opts.now, ix.messageCount);
  }
  const cut = forkCut(ix, lines, Math.max(0, userIndex));
  if (userIndex < 0) throw noUserTurn(path, userIndex, cut.users);
  const forked = forkHead(head as Parameters<typeof forkHead>[0], newKey, cut.prefix, opts.now, version);
  const headText = 'error' in forked ? '' : formatHead(forked);
  const prefix = lines.subarray(0, cut.prefix);
  const asIs = new Uint8Array(prefix.length);
  // One pass over the prefix: nanobot copies every message of it before anything else can raise.
  let deep = false;
  let chars = codePointLength(headText);
  let unwritable: ReturnType<typeof encodeSession> | null = null;
  const depth = rules.depthBudget.jsonLoads;
  await eachLineInOrder(adapter, path, ix, prefix, (raw, k) => {
    const line = prefix[k]!;
    let value: PyDict | null = null;
    const valueOf = () => (value ??= lineValue(path, raw, recovered, depth) as PyDict);
    if (!deep && mayBeTooDeep(bracketDepth(raw), version) && tooDeepToCopy(valueOf(), version)) deep = true;
    if (copiedAsIs(ix, line, raw, version)) {
      asIs[k] = 1;
      chars += utf8Chars(raw) + 1;
    } else if (!unwritable) {
      const text = forkLine(isDict(valueOf()) ? valueOf() : ({} as PyDict), version);
      const enc = encodeSession(text, chars);
      if (!enc.ok) unwritable = enc;
      chars += codePointLength(text);
    }
  });
  if (deep) throw forkRaises(path, { ...DEEPCOPY_RECURSION });
  if (userIndex > cut.users) throw noUserTurn(path, userIndex, cut.users);
  if ('error' in forked) throw forkRaises(path, forked.error);
  const target = forkTarget(path, newKey, version);
  const encHead = encodeSession(headText);
  if (!encHead.ok) throw forkUnwritable(target.fileName, encHead.error);
  // Set in the pass's callback (which the compiler does not follow).
  const bad = unwritable as ReturnType<typeof encodeSession> | null;
  if (bad && !bad.ok) throw forkUnwritable(target.fileName, bad.error);
  await refuseTaken(adapter, target.path, newKey, target.fileName);
  await unchangedSince(adapter, path, built.source.stat);
  return { key: load.key, path: target.path, fileName: target.fileName, messages: prefix.length, head: encHead.bytes, lines: prefix, asIs, recovered, stat: built.source.stat, index: ix, newKey };
}

/** Bytes gathered per chunk written: the lines dumped again, and the ranges copied, about this much at a time. */
const WRITE_BLOCK = 1 << 20;

/**
 * The fork's file in order: its head, runs of lines copied as they are (`copy` hands on their byte
 * range), and runs of lines dumped again (read back in blocks, a block at a time).
 */
async function* forkParts<T>(adapter: SourceAdapter, path: string, ix: LineIndex, f: IndexedFork, version: SourceStat['version'], copy: (from: number, to: number) => Promise<T>): AsyncGenerator<Uint8Array | T> {
  yield f.head;
  const depth = rulesOf(version).depthBudget.jsonLoads;
  const enc = new TextEncoder();
  for (let k = 0; k < f.lines.length; ) {
    // A run of lines copied as they are, adjacent in the file and each ended by "\n": one range.
    if (f.asIs[k]) {
      let e = k;
      const from = ix.start[f.lines[k]!]!;
      while (e < f.lines.length && f.asIs[e] && ix.start[f.lines[e]!]! - from < WRITE_BLOCK && (e === k || (f.lines[e]! === f.lines[e - 1]! + 1 && ix.eol[f.lines[e - 1]!] === EOL.lf))) e++;
      const last = f.lines[e - 1]!;
      const to = ix.start[last]! + ix.length[last]!;
      yield await copy(from, ix.eol[last] === EOL.lf ? to + 1 : to);
      if (ix.eol[last] !== EOL.lf) yield new Uint8Array([10]);
      k = e;
      continue;
    }
    // A run of lines dumped again, read back in blocks.
    let e = k;
    while (e < f.lines.length && !f.asIs[e] && ix.start[f.lines[e]!]! - ix.start[f.lines[k]!]! < WRITE_BLOCK) e++;
    const parts: string[] = [];
    await eachLineBytes((a, b) => adapter.readRange(path, a, b), ix, f.lines.subarray(k, e), (raw) => {
      const v = lineValue(path, raw, f.recovered, depth);
      parts.push(forkLine(isDict(v) ? v : {}, version));
    });
    yield enc.encode(parts.join(''));
    k = e;
  }
}

/** The fork's bytes as the write streams them, read by ranges (a range that comes back short: the file moved). */
function forkBytes(adapter: SourceAdapter, path: string, ix: LineIndex, f: IndexedFork, version: SourceStat['version']): AsyncGenerator<Uint8Array> {
  return forkParts(adapter, path, ix, f, version, async (from, to) => {
    const bytes = await adapter.readRange(path, from, to);
    if (bytes.length !== to - from) throw changedWhileRead(path);
    return bytes;
  });
}

/** A fork's download holds at most this many bytes of lines written anew (the lines copied as they are stay slices of the file). */
export const FORK_HELD_MAX = 16 * 1024 * 1024;

/** The fork's file as a Blob of the source's own slices and the lines written anew; null where those would be more than `held` bytes. */
export async function forkBlobIndexed(adapter: SourceAdapter, stat: SourceStat, f: IndexedFork, file: Blob, held = FORK_HELD_MAX): Promise<Blob | null> {
  let anew = 0;
  for (let k = 0; k < f.lines.length; k++) if (!f.asIs[k]) anew += f.index.length[f.lines[k]!]!;
  if (anew > held) return null;
  const parts: BlobPart[] = [];
  for await (const p of forkParts(adapter, stat.path, f.index, f, stat.version, async (from, to) => file.slice(from, to))) parts.push(p as BlobPart);
  return new Blob(parts, { type: 'application/x-ndjson' });
}

/** Writes a planned fork beside its source, refused when a file of its name appeared or the source changed meanwhile. */
export async function writeForkIndexed(adapter: SourceAdapter, stat: SourceStat, f: IndexedFork): Promise<ForkWritten> {
  const ix = f.index;
  await serialize(adapter, f.path, async () => {
    // Taken since the plan: the whole-file fork's refusal (its write plans again).
    await refuseTaken(adapter, f.path, f.newKey, f.fileName);
    async function* checked(): AsyncGenerator<Uint8Array> {
      yield* forkBytes(adapter, stat.path, ix, f, stat.version);
      // The source was copied from: it must still be the file that was planned on.
      await unchangedSince(adapter, stat.path, f.stat);
    }
    await adapter.writeAtomic(f.path, checked(), { fsync: true, tmpName: tmpFor(f.fileName, stat.version) });
  });
  return { key: f.key, path: f.path, fileName: f.fileName, messages: f.messages };
}
