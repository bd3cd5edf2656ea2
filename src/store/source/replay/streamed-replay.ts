/**
 * nanobot's replay of an indexed file. With a count window: the byte pass indexes the file, the load
 * on that index notes each message's role and `_channel_delivery` (from the index's facts where the
 * load stands in for a plain line), which settle the window's start; only the messages from there
 * are read back for their replay facts, and the kept ones again for their entries. Without one
 * (main's budget alone), every message matters: it is loaded with each one noted as its replay
 * facts as the file is read (`loadNoted`): users', systems' and tool results' from the byte pass's
 * facts, the others' (and any the byte pass is unsure of) parsed. Either way the kept tail is read
 * back in blocks.
 */
import { replayIndexed, ReplayIndexer, type EntrySink, type IndexedReplay, type ReplayIndex } from '../../../core/replay/indexed-replay';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { dictGet, truthy, type PyDict } from '../../../core/python/pyvalue';
import { lastConsolidatedOf, replayBounds, slicingRaises, SLICE_TYPE_ERROR, type ReplayOptions, type TokenCounter } from '../../../core/replay/replay';
import type { LoadOutcome } from '../../../core/lens/load';
import { FLAG, ROLE, type LineFacts } from '../../../core/index/fact-codes';
import { scannedCallId } from '../../../core/bytes/byte-facts';
import { plainMessage, type IndexedSink } from '../../../core/index/index-nanobot';
import { grown, type LineIndex } from '../../../core/index/line-index';
import type { FileStat } from '../../adapter/adapter';
import { loadIndexed, loadNoted, type IndexedLoad } from '../indexed-load';
import { indexStreamed, type Built } from '../index-pass';
import { lineValue } from '../line-reads';
import { unchangedSince, type SourceAdapter } from '../source-adapter';
import { keyForFile } from '../../../core/nanobot/keys';

const BLOCK_BYTES = 256 << 10;
const BLOCK_MESSAGES = 2048;

/** nanobot's load of the file (its messages as a replay index) and its replay, or null when it loads nothing. */
export interface IndexedReplayRead {
  load: LoadOutcome<{ lastConsolidated: number; index: ReplayIndex }> & { key: string };
  /** nanobot's load as the index answered it (its head and its messages' lines). */
  nanobot: IndexedLoad;
  replay: IndexedReplay | null;
}

/** A reader of message `i`'s value by its file line, a block of consecutive messages at a time (the budget walk reads backwards, the kept replay forwards). */
function blockReader(adapter: SourceAdapter, path: string, lineIx: LineIndex, count: () => number, lineOf: (i: number) => number, depth: number) {
  const starts = lineIx.start;
  const lengths = lineIx.length;
  let block: { first: number; last: number; at: number; bytes: Uint8Array } | null = null;
  let lastAsked = -1;
  const at = async (i: number): Promise<PyDict> => {
    if (!block || i < block.first || i > block.last) {
      const backwards = i < lastAsked;
      let first = i;
      let last = i;
      const n = count();
      const end = (k: number) => starts[lineOf(k)]! + lengths[lineOf(k)]!;
      if (backwards) while (first > 0 && i - first < BLOCK_MESSAGES && end(i) - starts[lineOf(first - 1)]! <= BLOCK_BYTES) first--;
      else while (last < n - 1 && last - i < BLOCK_MESSAGES && end(last + 1) - starts[lineOf(i)]! <= BLOCK_BYTES) last++;
      const from = starts[lineOf(first)]!;
      block = { first, last, at: from, bytes: await adapter.readRange(path, from, end(last)) };
    }
    lastAsked = i;
    const l = lineOf(i);
    const off = starts[l]! - block.at;
    return lineValue(path, block.bytes.subarray(off, off + lengths[l]!), false, depth) as PyDict;
  };
  return { at, drop: () => void (block = null) };
}

/** The role names the index's codes stand for (ROLE.other's string is the value's: read back). */
const ROLE_NAME: (string | undefined)[] = [];
ROLE_NAME[ROLE.user] = 'user';
ROLE_NAME[ROLE.assistant] = 'assistant';
ROLE_NAME[ROLE.tool] = 'tool';
ROLE_NAME[ROLE.system] = 'system';

/** The stand-ins `replayBounds` reads (a message's role is 'user' or not, and its `_channel_delivery`). */
const STAND = [false, true].flatMap((user) => [false, true].map((d) => Object.freeze<PyDict>({ role: user ? 'user' : 'x', ...(d ? { _channel_delivery: true } : {}) })));
/** A message's note before the replay index is made: its ROLE code in the low bits, and these. */
const DELIVERY = 8;
const ROLE_BITS = 7;

function roleCodeOf(role: unknown): number {
  if (typeof role !== 'string') return ROLE.notString;
  const k = ROLE_NAME.indexOf(role);
  return k >= 0 ? k : ROLE.other;
}

/**
 * nanobot's load on the byte pass's index with each message's line, role and `_channel_delivery`
 * (the index's facts for a line the load stands in for, the value's for the others), then the
 * replay index: the messages before the window's start by those alone, the rest (and a role the
 * index does not name) read back.
 */
async function loadWindowed(adapter: SourceAdapter, path: string, loadOpts: { now: string; version: NanobotVersion; fallbackKey: string; key?: string }, replay: ReplayOptions, upto?: number, held?: Built): Promise<{ index: LineIndex; stat: FileStat; load: IndexedLoad; notes: ReplayIndexer | null }> {
  const version = loadOpts.version;
  const built = held ?? (await indexStreamed(adapter, path, version, false));
  const ix = built.index;
  let n = 0;
  // Room for a message per line: the load's adds never grow them (V8 compiles no growing into them).
  let lines = new Uint32Array(Math.max(1024, ix.count));
  let notes = new Uint8Array(lines.length);
  const sink = (): IndexedSink => {
    n = 0;
    return {
      add: (m, l, standIn) => {
        let b: number;
        if (standIn) {
          if (!plainMessage(ix.kind[l]!, ix.flags[l]!)) throw new Error(`loadWindowed: line ${l + 1} of '${path}' stood in for but not a plain message`);
          b = ix.role[l]! | (ix.flags[l]! & FLAG.channelDelivery ? DELIVERY : 0);
        } else b = roleCodeOf(dictGet(m, 'role')) | (truthy(dictGet(m, '_channel_delivery')) ? DELIVERY : 0);
        if (n === lines.length) {
          lines = grown(lines, n * 2);
          notes = grown(notes, n * 2);
        }
        lines[n] = l;
        notes[n++] = b;
      },
    };
  };
  const { stat, load } = await loadIndexed(adapter, path, { ...loadOpts, sink }, built);
  if (!load.result) return { index: ix, stat, load, notes: null };
  // As of a turn: the first `upto` messages alone, last_consolidated clamped to them.
  if (upto !== undefined) n = Math.min(n, upto);
  const role = (i: number) => notes[i]! & ROLE_BITS;
  const { from } = replayBounds((i) => STAND[(role(i) === ROLE.user ? 2 : 0) + (notes[i]! & DELIVERY ? 1 : 0)]!, n, upto === undefined ? load.result.lastConsolidated : lastConsolidatedOf(load.result, n, version), replay, version);
  const replayIx = new ReplayIndexer(replay, version);
  replayIx.reserve(n);
  const read = blockReader(adapter, path, ix, () => n, (i) => lines[i]!, rulesOf(version).depthBudget.jsonLoads);
  // The messages before the window's start are noted by their facts alone, in a loop of their own: run
  // in this async function, its thousands of turns had V8 optimize the whole function (the read-back and
  // every call it inlines, for a few hundred messages), the largest of a replay's background compiles.
  for (let i = standsFrom(replayIx, 0, from, lines, notes); i < n; i = standsFrom(replayIx, i + 1, from, lines, notes)) replayIx.add(await read.at(i), lines[i]!);
  read.drop();
  return { index: ix, stat, load, notes: replayIx };
}

/**
 * The replay index noted as the file is parsed, where a user's, a system's or a tool result's line
 * is noted from the byte pass's facts (its role, `_channel_delivery`, `_command`, and a tool
 * result's `tool_call_id` read from its bytes) and not parsed: those are all `ReplayIndexer.add`
 * reads of such a message. Not where the public view's deep copy is checked (include_runtime_context
 * off), which reads the whole value.
 */
class StandingReplayIndexer extends ReplayIndexer {
  private readonly stands: boolean;
  constructor(opts: ReplayOptions, version: NanobotVersion) {
    super(opts, version);
    this.stands = opts.includeRuntimeContext !== false;
  }

  stand(f: LineFacts, bytes: Uint8Array, line: number): boolean {
    if (!this.stands || f.flags & FLAG.toolCalls) return false;
    const name = f.role === ROLE.user ? 'user' : f.role === ROLE.system ? 'system' : f.role === ROLE.tool ? 'tool' : null;
    if (!name) return false;
    const m: PyDict = { role: name };
    if (f.flags & FLAG.toolCallId) {
      const id = scannedCallId(bytes);
      if (typeof id !== 'string') return false;
      m.tool_call_id = id;
    }
    if (f.flags & FLAG.channelDelivery) m._channel_delivery = true;
    if (f.flags & FLAG.command) m._command = true;
    this.add(m, line);
    return true;
  }
}

/**
 * Notes messages `i`, `i + 1`, … before the window's start (`from`) by their facts alone, up to the
 * first that must be read back (at or past `from`, or a role the index does not name); returns its number.
 */
function standsFrom(replayIx: ReplayIndexer, i: number, from: number, lines: Uint32Array, notes: Uint8Array): number {
  for (; i < from; i++) {
    const role = notes[i]! & ROLE_BITS;
    if (role === ROLE.other) return i;
    replayIx.addStand(lines[i]!, ROLE_NAME[role], !!(notes[i]! & DELIVERY));
  }
  return i;
}

/** Whether the replay has a count window (`replayBounds`' rule): only its messages need their replay facts. */
function windowed(replay: ReplayOptions, version: NanobotVersion): boolean {
  const rules = rulesOf(version);
  const max = replay.maxMessages ?? rules.defaultMaxMessages;
  return (max <= 0 ? rules.nonPositiveMaxMessages : max) !== null;
}

/**
 * Loads `path` as nanobot does on its line index and replays it: with a count window, facts read
 * back only from the window's start (`loadWindowed`), else each message noted as its replay facts
 * as the file is parsed (`loadNoted`); then reads back only the messages the replay keeps (and those
 * its budget walk counts). With `emit`, each kept entry goes there as it is made and none is held
 * (a file that changes meanwhile is then found out after them). `upto`: the replay as of that many
 * messages (the Replay tab's "as of turn"). `built`: the file's index where it is already built (the
 * page's), which the windowed reading then does not build again.
 */
export async function replayStreamed(adapter: SourceAdapter, path: string, opts: { now: string; version: NanobotVersion; key?: string; replay: ReplayOptions; count?: TokenCounter; emit?: EntrySink; upto?: number; built?: Built }): Promise<IndexedReplayRead> {
  const fileName = path.split('/').pop()!;
  const loadOpts = { now: opts.now, version: opts.version, fallbackKey: keyForFile(fileName, opts.version), ...(opts.key !== undefined ? { key: opts.key } : {}) };
  // As of a turn (`upto`): the window's reading, which stops at that message.
  const noted = windowed(opts.replay, opts.version) || opts.upto !== undefined
    ? await loadWindowed(adapter, path, loadOpts, opts.replay, opts.upto, opts.built)
    : await loadNoted(adapter, path, loadOpts, () => new StandingReplayIndexer(opts.replay, opts.version));
  const { index: lineIx, stat, load: loaded } = noted;
  const notes = loaded.result && noted.notes ? noted.notes.finish() : null;
  const result = loaded.result && notes && { lastConsolidated: opts.upto === undefined ? loaded.result.lastConsolidated : lastConsolidatedOf(loaded.result, notes.count, opts.version), index: notes };
  const value = { ...loaded, result };
  const s = value.result;
  if (!s) return { load: { ...value, result: null }, nanobot: loaded, replay: null };
  const ix = s.index;
  // A stored last_consolidated no slice takes: get_history raises before any message (nothing is emitted).
  if (slicingRaises(loaded.result!, ix.count, opts.version)) {
    await unchangedSince(adapter, path, stat);
    return { load: { ...value, result: s }, nanobot: loaded, replay: { entries: [], sources: [], tokens: null, error: { ...SLICE_TYPE_ERROR }, fate: () => ({ kept: false, reason: 'consolidated' }) } };
  }
  const read = blockReader(adapter, path, lineIx, () => ix.count, (i) => ix.lines[i]!, rulesOf(opts.version).depthBudget.jsonLoads);
  const replay = await replayIndexed(ix, s.lastConsolidated, opts.replay, opts.version, read.at, opts.count, opts.emit);
  read.drop();
  await unchangedSince(adapter, path, stat);
  return { load: { ...value, result: { lastConsolidated: s.lastConsolidated, index: ix } }, nanobot: loaded, replay };
}
