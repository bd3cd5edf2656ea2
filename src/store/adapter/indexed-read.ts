/**
 * Reading a file too big to hold by an index of its lines, for the CLI: the line index built in one
 * streamed pass (`indexStreamed`, with the hashes of the slices read; `loadNoted`, parsing every
 * line and noting each message as it passes), nanobot's load on it (`loadIndexed`), its replay
 * reading back only the messages it keeps (`replayStreamed`), and lines read back by it, by ranges
 * or in one sequential pass.
 */
import { replayIndexed, ReplayIndexer, type EntrySink, type IndexedReplay, type ReplayIndex } from '../../core/replay/indexed-replay';
import { decodeStrict } from '../../core/python/lines';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { pyDumps, pyLoads } from '../../core/python/pyjson';
import { pyStrip } from '../../core/python/pytext';
import type { PyDict } from '../../core/python/pyvalue';
import type { ReplayOptions, TokenCounter } from '../../core/replay/replay';
import type { StorageAdapter } from './adapter';
import { StoreError } from './errors';
import { keyForFile } from '../listing/session-list';
import { chunksFrom, steadily } from './streamed-read';
import { LineIndexer, lineEnd, type LineIndex, type ParsedLineSink } from '../../core/index/line-index';
import { decodeRecord, readRecords, type RangeRead } from '../large/large-records';
import { IndexDiagnostics, diagnosticLines } from '../../core/index/index-diagnostics';
import { loadFromIndex, type IndexLoad } from '../../core/index/index-load';
import { FLAG, KIND } from '../../core/index/fact-codes';
import { IndexedPass, decodeCut, firstUndecodable, passLines, plainMessage, strictMayRaise, type DecodeCut, type IndexedSession, type IndexedSink } from '../../core/index/index-nanobot';
import { PY_TEXT_CHUNK, findUtf8Fault, loneSurrogateIndex } from '../../core/python/lines';
import { loadOutcome, repairFollows, type LoadOutcome } from '../../core/lens/load';
import { rulesOf } from '../../core/nanobot/nanobot-version';
import { dictGet, isDict, type PyValue } from '../../core/python/pyvalue';
import type { FileStat } from './adapter';
import type { Diagnostic } from '../../core/lens/document';
import { ProofTaker } from '../save/read-guard';
import type { LargeSource } from '../save/large-save';

const BLOCK_BYTES = 256 << 10;
const BLOCK_MESSAGES = 2048;

/** nanobot's load of the file (its messages as a replay index) and its replay, or null when it loads nothing. */
export interface IndexedReplayRead {
  load: LoadOutcome<{ lastConsolidated: number; index: ReplayIndex }> & { key: string };
  replay: IndexedReplay | null;
}

/**
 * What a command notes of each message of nanobot's load (a token count, a replay-index entry): made
 * from the message's value, or copied from entry `k` of another noter of its kind (no value).
 */
export interface MessageNotes<N> {
  add(m: PyDict, line: number): void;
  copy(from: N, k: number, line: number): void;
  readonly count: number;
  lineAt(k: number): number;
}

/**
 * nanobot's load of `path` on its line index, built by a pass that parses every line, with what
 * `make()`'s noter notes of each of the load's messages. Each plain message is noted as the index
 * passes it, up to the first line the strict pass may raise on (a repair pass reads every message
 * anew); the load takes those notes for the messages it stands in for and notes the others from
 * their values. While it stands in for exactly the noted messages, in order (a file nanobot wrote),
 * the noter is the answer as it is; else a new one gets the notes copied. A stand-in nobody noted
 * runs it all again noting every line.
 */
export async function loadNoted<N extends MessageNotes<N>>(adapter: StorageAdapter, path: string, opts: { now: string; version: NanobotVersion; fallbackKey: string; key?: string }, make: () => N): Promise<{ index: LineIndex; stat: FileStat; load: IndexedLoad; notes: N }> {
  const run = async (all: boolean) => {
    const { built, held: pre } = await indexParsed(adapter, path, opts.version, () => {
      const notes = make();
      let noting = true;
      return {
        line: (l, f, r) => {
          if (!noting) return;
          if (!all && strictMayRaise(f.kind, f.flags)) noting = false;
          if (r?.ok && isDict(r.value) && plainMessage(f.kind, f.flags)) notes.add(r.value, l);
        },
        held: () => notes,
      };
    });
    let own: N | null = null;
    let c = 0;
    let missing = false;
    const take = (): N => {
      if (!own) {
        own = make();
        for (let j = 0; j < c; j++) own.copy(pre, j, pre.lineAt(j));
      }
      return own;
    };
    // A sink per pass of the load (the repair pass starts over).
    const sink = (): IndexedSink => {
      own = null;
      c = 0;
      return {
        add: (m, l, standIn) => {
          if (!standIn) return take().add(m, l);
          if (!own && c < pre.count && pre.lineAt(c) === l) return void c++;
          const notes = take();
          while (c < pre.count && pre.lineAt(c) < l) c++;
          if (c < pre.count && pre.lineAt(c) === l) notes.copy(pre, c++, l);
          else missing = true;
        },
      };
    };
    const r = await loadIndexed(adapter, path, { ...opts, sink }, built);
    if (missing) return null;
    const taken = own as N | null;
    return { ...r, notes: taken || c !== pre.count ? take() : pre };
  };
  return ((await run(false)) ?? (await run(true)))!;
}

/**
 * Loads `path` as nanobot does on its line index (`loadNoted`, each message noted as its replay
 * facts), then replays it reading back only the messages the replay keeps (and those its budget
 * walk counts). With `emit`, each kept entry goes there as it is made and none is held (a file that
 * changes meanwhile is then found out after them).
 */
export async function replayStreamed(adapter: StorageAdapter, path: string, opts: { now: string; version: NanobotVersion; key?: string; replay: ReplayOptions; count?: TokenCounter; emit?: EntrySink }): Promise<IndexedReplayRead> {
  const fileName = path.split('/').pop()!;
  const loadOpts = { now: opts.now, version: opts.version, fallbackKey: keyForFile(fileName, opts.version), ...(opts.key !== undefined ? { key: opts.key } : {}) };
  const { index: lineIx, stat, load: loaded, notes } = await loadNoted(adapter, path, loadOpts, () => new ReplayIndexer(opts.replay, opts.version));
  const result = loaded.result && { lastConsolidated: loaded.result.lastConsolidated, index: notes.finish() };
  const starts = lineIx.start;
  const lengths = lineIx.length;
  const value = { ...loaded, result };
  const s = value.result;
  if (!s) return { load: { ...value, result: null }, replay: null };
  const ix = s.index;
  const lineOf = (i: number) => ix.lines[i]!;
  // One block of consecutive messages in hand: the budget walk reads backwards, the kept replay forwards.
  let block: { first: number; last: number; at: number; bytes: Uint8Array } | null = null;
  let lastAsked = -1;
  const at = async (i: number): Promise<PyDict> => {
    if (!block || i < block.first || i > block.last) {
      const backwards = i < lastAsked;
      let first = i;
      let last = i;
      const end = (k: number) => starts[lineOf(k)]! + lengths[lineOf(k)]!;
      if (backwards) while (first > 0 && i - first < BLOCK_MESSAGES && end(i) - starts[lineOf(first - 1)]! <= BLOCK_BYTES) first--;
      else while (last < ix.count - 1 && last - i < BLOCK_MESSAGES && end(last + 1) - starts[lineOf(i)]! <= BLOCK_BYTES) last++;
      const from = starts[lineOf(first)]!;
      block = { first, last, at: from, bytes: await adapter.readRange(path, from, end(last)) };
    }
    lastAsked = i;
    const l = lineOf(i);
    const off = starts[l]! - block.at;
    return lineValue(path, block.bytes.subarray(off, off + lengths[l]!), false) as PyDict;
  };
  const replay = await replayIndexed(ix, s.lastConsolidated, opts.replay, opts.version, at, opts.count, opts.emit);
  block = null;
  await unchangedSince(adapter, path, stat);
  return { load: { ...value, result: { lastConsolidated: s.lastConsolidated, index: ix } }, replay };
}

/**
 * The file's line index built in one streamed pass that parses every line (`LineIndexer`'s
 * `parsed`: no byte pass), each line's value handed to the sink `newSink` makes (a new one if the
 * file moved and is read again), whose `held()` comes back with the index: for a command that
 * needs every message's value once (`tokens`' counts, `replay`'s replay index).
 */
async function indexParsed<T>(adapter: StorageAdapter, path: string, version: NanobotVersion, newSink: () => { line: ParsedLineSink; held(): T }): Promise<{ built: Built; held: T }> {
  const { value, stat } = await steadily(adapter, path, async (chunks) => {
    const sink = newSink();
    const ix = new LineIndexer(version, 0, false, sink.line);
    for await (const c of chunks()) ix.push(c);
    return { index: ix.finish(true), held: sink.held() };
  });
  if (value.index.size !== stat.size) throw changedWhileRead(path);
  return { built: { index: value.index, source: { path, stat } }, held: value.held };
}

/** A file's line index as `indexStreamed` built it. */
type Built = Awaited<ReturnType<typeof indexStreamed>>;

/** Bytes of lines decoded at once when reading lines back by the line index. */
const LINE_BLOCK_BYTES = 4 << 20;

/**
 * The file's line index (large-file mode's), built from one streamed pass (read again if the file
 * moved meanwhile), with the hashes of the bytes indexed (read-guard.ts) unless `hash` is false.
 */
export async function indexStreamed(adapter: StorageAdapter, path: string, version: NanobotVersion, hash = true, dumps = false): Promise<{ index: LineIndex; source: Pick<LargeSource, 'path' | 'stat' | 'proof'> }> {
  const { value, stat } = await steadily(adapter, path, async (chunks) => {
    const proof = hash ? new ProofTaker() : null;
    const ix = new LineIndexer(version, 0, dumps);
    let at = 0;
    for await (const c of chunks()) {
      proof?.add(at, c);
      ix.push(c);
      at += c.length;
    }
    return { index: ix.finish(true), parts: proof ? proof.parts() : null };
  });
  if (value.index.size !== stat.size) throw changedWhileRead(path);
  return { index: value.index, source: { path, stat, ...(value.parts ? { proof: { size: stat.size, lastModified: stat.lastModified, parts: value.parts } } : {}) } };
}

/**
 * The values of lines `lines` (ascending), read back in blocks of about 4 MiB (the next one read
 * while this one is decoded) and handed to `each` in order (it may stop by throwing).
 */
export async function eachLine(read: RangeRead, ix: LineIndex, lines: ArrayLike<number>, each: (v: PyDict | null, k: number) => void): Promise<void> {
  const blockEnd = (k: number) => {
    const first = ix.start[lines[k]!]!;
    let e = k + 1;
    while (e < lines.length && lineEnd(ix, lines[e]!) - first <= LINE_BLOCK_BYTES) e++;
    return e;
  };
  const fetch = (k: number, e: number) => readRecords(read, ix, Array.prototype.slice.call(lines, k, e) as number[]);
  let k = 0;
  let e = lines.length ? blockEnd(0) : 0;
  let next = lines.length ? fetch(0, e) : null;
  while (next) {
    const values = await next;
    const from = k;
    k = e;
    if (k < lines.length) {
      e = blockEnd(k);
      next = fetch(k, e);
      // Awaited on the next turn; a caller that stops (`each` throws) leaves it unawaited, and its failure unreported.
      next.catch(() => undefined);
    } else next = null;
    for (let j = 0; j < values.length; j++) each(values[j]!, from + j);
  }
}

/** Bytes of line content read at once when reading lines' bytes back, and the gap between lines a read spans rather than seeking. */
const RAW_BLOCK_BYTES = 1 << 20;
const RAW_GAP_BYTES = 64 << 10;

/**
 * The content bytes of lines `lines` (ascending), handed to `each` in order; lines close together
 * are read in one range of at most about 1 MiB, lines far apart each on their own, so sparse lines
 * never read the file between them.
 */
export async function eachLineBytes(read: RangeRead, ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void> {
  for (const [k, e, a, b] of lineRanges(ix, lines)) {
    const bytes = await read(a, b);
    for (let j = k; j < e; j++) {
      const s = ix.start[lines[j]!]! - a;
      each(bytes.subarray(s, s + ix.length[lines[j]!]!), j);
    }
  }
}

/** The ranges `eachLineBytes` reads for `lines`: lines k..e-1 as bytes a..b (close lines merged, up to about 1 MiB). */
function* lineRanges(ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, lines: ArrayLike<number>): Generator<[number, number, number, number]> {
  let k = 0;
  while (k < lines.length) {
    const a = ix.start[lines[k]!]!;
    let e = k + 1;
    while (e < lines.length && lineEnd(ix, lines[e]!) - a <= RAW_BLOCK_BYTES && ix.start[lines[e]!]! - lineEnd(ix, lines[e - 1]!) <= RAW_GAP_BYTES) e++;
    yield [k, e, a, ix.start[lines[e - 1]!]! + ix.length[lines[e - 1]!]!];
    k = e;
  }
}

/** How many bytes `eachLineBytes` reads for `lines`. */
function rangeBytes(ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, lines: ArrayLike<number>): number {
  let total = 0;
  for (const [, , a, b] of lineRanges(ix, lines)) total += b - a;
  return total;
}

/**
 * The content bytes of lines `lines` (ascending) from the file: by ranges where they are few
 * (`eachLineBytes`), in one sequential read where their ranges would cover a quarter of the file or
 * more (`eachLineInOrder`: one chunk buffer reused, where ranges would each allocate a block).
 */
export async function eachLineOf(adapter: StorageAdapter, path: string, ix: Pick<LineIndex, 'start' | 'length' | 'eol' | 'size'>, lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void> {
  if (rangeBytes(ix, lines) * 4 >= ix.size) await eachLineInOrder(adapter, path, ix, lines, each);
  else await eachLineBytes((a, b) => adapter.readRange(path, a, b), ix, lines, each);
}

/**
 * A health check of a file of any size on its line index (built in one streamed pass): nanobot's
 * load as the index answers it (`loadFromIndex`) and the recovered lens's diagnostics, reading
 * back only the lines that have one of their own and the metadata records.
 */
export async function checkIndexed(adapter: StorageAdapter, path: string, version: NanobotVersion): Promise<{ load: IndexLoad; diagnostics: Diagnostic[]; built: Built }> {
  const built = await indexStreamed(adapter, path, version, false);
  const { index: ix, source } = built;
  const meta = new Map<number, PyDict>();
  const diagnostics = await diagnosticsIndexed(adapter, path, ix, version, (l, raw) => {
    if (ix.kind[l] === KIND.metadata) meta.set(l, decodeRecord(raw) ?? {});
  });
  await unchangedSince(adapter, path, source.stat);
  return { load: loadFromIndex(ix, version, (l) => meta.get(l)!), diagnostics, built };
}

/** The recovered lens's diagnostics of an indexed file, reading back only the lines they need (`seen` sees each). */
export async function diagnosticsIndexed(adapter: StorageAdapter, path: string, ix: LineIndex, version: NanobotVersion, seen?: (line: number, raw: Uint8Array) => void): Promise<Diagnostic[]> {
  const scan = new IndexDiagnostics(ix, { fileName: path.split('/').pop()!, version });
  const lines = diagnosticLines(ix);
  await eachLineOf(adapter, path, ix, lines, (raw, k) => {
    const l = lines[k]!;
    scan.add(l, raw);
    seen?.(l, raw);
  });
  return scan.finish();
}

/** nanobot's load of a file from its line index (`IndexedPass`), under `key` or the stored key or `fallbackKey`. */
export type IndexedLoad = LoadOutcome<IndexedSession> & { key: string };

/** Where Python's text read of an indexed file stops, reading only bytes near its first invalid UTF-8 sequence; null when the file is UTF-8. */
async function decodeCutOf(read: RangeRead, ix: LineIndex): Promise<DecodeCut | null> {
  const bad = firstUndecodable(ix);
  if (bad < 0) return null;
  const at = ix.start[bad]!;
  const fault = at + findUtf8Fault(await read(at, at + ix.length[bad]!))!.pos;
  const chunkStart = fault - (fault % PY_TEXT_CHUNK);
  return decodeCut(ix, fault, await read(fault, Math.min(ix.size, fault + 4)), await read(Math.max(0, chunkStart - 3), chunkStart));
}

/**
 * Loads `path` as nanobot does on its line index (built in one streamed pass): the strict pass
 * reads back only the lines that are not plain messages, the repair pass every line; in a file
 * that is not UTF-8, each pass reads the lines Python's text read yields and then raises its
 * decoding error.
 */
export async function loadIndexed(adapter: StorageAdapter, path: string, opts: { now: string; version: NanobotVersion; fallbackKey: string; key?: string; dumps?: boolean; sink?: (repair: boolean) => IndexedSink }, built?: Built): Promise<{ index: LineIndex; stat: FileStat; load: IndexedLoad }> {
  const { index: ix, source } = built ?? (await indexStreamed(adapter, path, opts.version, false, opts.dumps));
  const read: RangeRead = (a, b) => adapter.readRange(path, a, b);
  const rules = rulesOf(opts.version);
  const cut = await decodeCutOf(read, ix);
  const end = cut ? cut.lines : ix.count;
  let storedKey = opts.fallbackKey;
  const pass = async (repair: boolean, key: string) => {
    const p = new IndexedPass(ix, opts.now, repair, rules, cut, opts.sink?.(repair));
    let lines: ArrayLike<number> = passLines(ix, repair, end);
    if (!repair && cut) {
      // The stored key is read from every metadata record, also past where Python's read stops.
      const past: number[] = [];
      for (let i = end; i < ix.count; i++) if (ix.kind[i] === KIND.metadata) past.push(i);
      if (past.length) lines = [...Array.from(lines), ...past];
    }
    await eachLineOf(adapter, path, ix, lines, (raw, k) => {
      const l = lines[k]!;
      if (!repair && ix.kind[l] === KIND.metadata) {
        // storedKey's rule: the last metadata record the recovered lens reads (a BOM set aside).
        const v = decodeRecord(raw);
        const stored = v ? dictGet(v, 'key') : undefined;
        storedKey = typeof stored === 'string' && stored ? stored : opts.fallbackKey;
      }
      if (l < end) p.text(l, raw);
    });
    return p.finish(key);
  };
  const strict = await pass(false, opts.key ?? opts.fallbackKey);
  const key = opts.key ?? storedKey;
  const strictOutcome = 'type' in strict ? strict : { ...strict, session: strict.session && { ...strict.session, key } };
  const repair = 'type' in strict && repairFollows(strict, opts.version) ? await pass(true, key) : null;
  await unchangedSince(adapter, path, source.stat);
  return { index: ix, stat: source.stat, load: { key, ...loadOutcome(key, opts.version, null, () => strictOutcome, () => repair!) } };
}

const changedWhileRead = (path: string) => new StoreError('conflict', `'${path}' changed while it was read; is another program writing it?`, { path, reason: { code: 'changed-while-read' } });

/** Throws the 'conflict' error when the file is no longer as it was first read (`stat`). */
export async function unchangedSince(adapter: StorageAdapter, path: string, stat: FileStat): Promise<void> {
  const after = await adapter.stat(path);
  if (after.size !== stat.size || after.lastModified !== stat.lastModified) throw changedWhileRead(path);
}

/** The value a lens reads from a message line's text (its bytes decode: the index says so); the 'conflict' error when it no longer parses. */
function lineValue(path: string, raw: Uint8Array, recovered: boolean): PyValue {
  let text = decodeStrict(raw);
  // The recovered lens sets a byte-order mark aside; nanobot's lens holds no line that has one.
  if (recovered && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const r = pyLoads(pyStrip(text));
  if (!r.ok) throw changedWhileRead(path);
  return r.value;
}

/**
 * The messages on lines `lines` (ascending) as json.dumps writes them, in order: a line the index
 * (built with `dumps`) knows to be its message's dumps text (FLAG.dumps, as every line nanobot wrote) as its own bytes
 * (valid only during the call), any other parsed (as nanobot's lens or, `recovered`, the recovered
 * lens reads it) and dumped.
 */
export async function eachDumped(adapter: StorageAdapter, path: string, ix: LineIndex, lines: ArrayLike<number>, recovered: boolean, emit: (piece: Uint8Array | string, k: number) => void): Promise<void> {
  await eachLineInOrder(adapter, path, ix, lines, (raw, k) => {
    if (ix.flags[lines[k]!]! & FLAG.dumps) emit(raw, k);
    else emit(pyDumps(lineValue(path, raw, recovered)), k);
  });
}

/** Whether bytes hold `\u` then `d` or `D` (a JSON escape that may spell a lone surrogate); a `\\ud` text only costs a parse. */
function surrogateEscape(raw: Uint8Array): boolean {
  for (let i = raw.indexOf(0x5c); i >= 0 && i + 2 < raw.length; i = raw.indexOf(0x5c, i + 1)) if (raw[i + 1] === 0x75 && (raw[i + 2] === 0x64 || raw[i + 2] === 0x44)) return true;
  return false;
}

/**
 * Whether a message of nanobot's lens on `lines` dumps to text with a lone surrogate (Python's
 * save then raises UnicodeEncodeError): only lines without FLAG.dumps that hold a `\ud` escape are
 * read back and dumped (a line nanobot wrote decodes from UTF-8, so it holds none).
 */
export async function dumpsLoneSurrogate(adapter: StorageAdapter, path: string, ix: LineIndex, lines: ArrayLike<number>): Promise<boolean> {
  const redone: number[] = [];
  for (let k = 0; k < lines.length; k++) if (!(ix.flags[lines[k]!]! & FLAG.dumps)) redone.push(lines[k]!);
  let found = false;
  await eachLineBytes((a, b) => adapter.readRange(path, a, b), ix, redone, (raw) => {
    if (!found && surrogateEscape(raw) && loneSurrogateIndex(pyDumps(lineValue(path, raw, false))) >= 0) found = true;
  });
  return found;
}

/**
 * The content bytes of lines `lines` (ascending), in one sequential read of the file through the
 * adapter's chunks (Node's: one reused buffer): a line inside a chunk is a view of it, valid only
 * during the call; a line across chunks is joined in a buffer of its own. For a pass that wants
 * most of the file's lines (a print), this holds one chunk where reading by ranges holds a block.
 */
export async function eachLineInOrder(adapter: StorageAdapter, path: string, ix: Pick<LineIndex, 'start' | 'length'>, lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void> {
  let k = 0;
  let at = 0;
  let carry = new Uint8Array(0);
  let carried = 0;
  if (lines.length) {
    for await (const chunk of chunksFrom(adapter, path)) {
      const end = at + chunk.length;
      while (k < lines.length) {
        const l = lines[k]!;
        const s = ix.start[l]!;
        const e = s + ix.length[l]!;
        if (s >= end) break;
        if (carried === 0 && s >= at && e <= end) {
          // A plain view, even of a Node Buffer (whose subarray builds a Buffer, a cost at one call per line).
          each(new Uint8Array(chunk.buffer, chunk.byteOffset + s - at, e - s), k++);
          continue;
        }
        if (carry.length < e - s) carry = new Uint8Array(Math.max(e - s, carry.length * 2));
        const from = Math.max(s, at);
        const to = Math.min(e, end);
        carry.set(chunk.subarray(from - at, to - at), from - s);
        carried = to - s;
        if (to < e) break;
        each(carry.subarray(0, e - s), k++);
        carried = 0;
      }
      at = end;
      if (k === lines.length) break;
    }
  }
  if (k !== lines.length) throw changedWhileRead(path);
}
