/**
 * Lines of an indexed file read back: their values or bytes by ranges (`eachLine`; `eachLineBytes` in large-records.ts),
 * in one sequential pass (`eachLineInOrder`), whichever reads less (`eachLineOf`), and as json.dumps
 * writes the messages on them (`eachDumped`). Nothing holds more than a block of lines.
 *
 * And what the File tab reads of the lines, the same at every size: the line index of a document
 * held whole (`indexOfRecords`: its records indexed as the file's bytes are, so both readings give the
 * same facts), its lines' first bytes (`headsOfRecords`), and the problems counted over either index
 * in slices that yield (`countHealth`).
 */
import { decodeStrict, loneSurrogateIndex } from '../../core/python/lines';
import { atDepth, pyDumps, pyLoads } from '../../core/python/pyjson';
import { pyStrip } from '../../core/python/pytext';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import { LineIndexer, lineEnd, type LineIndex } from '../../core/index/line-index';
import { addHealth, emptyHealth, type IndexHealth } from '../../core/index/index-health';
import type { FileRecord } from '../../core/lens/document';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { yieldToEventLoop } from '../analyze/event-loop';
import { FLAG } from '../../core/index/fact-codes';
import { eachLineBytes, lineRanges, readRecords, type RangeRead } from '../large/read/large-records';
import { changedWhileRead, type SourceAdapter } from './source-adapter';

/** Bytes of lines decoded at once when reading lines back by the line index. */
const LINE_BLOCK_BYTES = 4 << 20;

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
export async function eachLineOf(adapter: SourceAdapter, path: string, ix: Pick<LineIndex, 'start' | 'length' | 'eol' | 'size'>, lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void> {
  if (rangeBytes(ix, lines) * 4 >= ix.size) await eachLineInOrder(adapter, path, ix, lines, each);
  else await eachLineBytes((a, b) => adapter.readRange(path, a, b), ix, lines, each);
}

/** The value a lens reads from a message line's text (its bytes decode: the index says so); the 'conflict' error when it no longer parses. */
export function lineValue(path: string, raw: Uint8Array, recovered: boolean, depth: number): PyValue {
  let text = decodeStrict(raw);
  // The recovered lens sets a byte-order mark aside; nanobot's lens holds no line that has one.
  if (recovered && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // At nanobot's own json.loads figure (`depth`), as the index read the line when it was built.
  const r = atDepth(pyLoads(pyStrip(text)), depth);
  if (!r.ok) throw changedWhileRead(path);
  return r.value;
}

/**
 * The messages on lines `lines` (ascending) as json.dumps writes them, in order: a line the index
 * (built with `dumps`) knows to be its message's dumps text (FLAG.dumps, as every line nanobot wrote) as its own bytes
 * (valid only during the call), any other parsed (as nanobot's lens or, `recovered`, the recovered
 * lens reads it) and dumped.
 */
export async function eachDumped(adapter: SourceAdapter, path: string, ix: LineIndex, lines: ArrayLike<number>, recovered: boolean, depth: number, emit: (piece: Uint8Array | string, k: number) => void): Promise<void> {
  await eachLineInOrder(adapter, path, ix, lines, (raw, k) => {
    if (ix.flags[lines[k]!]! & FLAG.dumps) emit(raw, k);
    else emit(pyDumps(lineValue(path, raw, recovered, depth)), k);
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
export async function dumpsLoneSurrogate(adapter: SourceAdapter, path: string, ix: LineIndex, lines: ArrayLike<number>, depth: number): Promise<boolean> {
  const redone: number[] = [];
  for (let k = 0; k < lines.length; k++) if (!(ix.flags[lines[k]!]! & FLAG.dumps)) redone.push(lines[k]!);
  let found = false;
  await eachLineBytes((a, b) => adapter.readRange(path, a, b), ix, redone, (raw) => {
    if (!found && surrogateEscape(raw) && loneSurrogateIndex(pyDumps(lineValue(path, raw, false, depth))) >= 0) found = true;
  });
  return found;
}

/**
 * The content bytes of lines `lines` (ascending), in one sequential read of the file through the
 * adapter's chunks (Node's: one reused buffer): a line inside a chunk is a view of it, valid only
 * during the call; a line across chunks is joined in a buffer of its own. For a pass that wants
 * most of the file's lines (a print), this holds one chunk where reading by ranges holds a block.
 */
export async function eachLineInOrder(adapter: SourceAdapter, path: string, ix: Pick<LineIndex, 'start' | 'length'>, lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void> {
  let k = 0;
  let at = 0;
  let carry = new Uint8Array(0);
  let carried = 0;
  if (lines.length) {
    for await (const chunk of adapter.readChunks(path)) {
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

/** Lines counted per task: a pass over millions of lines (more where every line is a problem) must never hold the page 50 ms. */
export const HEALTH_SLICE = 1 << 18;

/** Bytes of a held document indexed per task (about 10 ms of the indexer's pass). */
const RECORDS_CHUNK = 1 << 20;

/**
 * A document's records as the file holds them (content, then terminator), indexed: the facts a large
 * file's index gives. Indexed a chunk per task: a document the page holds may be hundreds of MiB.
 */
export async function indexOfRecords(records: readonly FileRecord[], version: NanobotVersion): Promise<LineIndex> {
  const ix = new LineIndexer(version, 0, false);
  let chunk = new Uint8Array(RECORDS_CHUNK);
  let at = 0;
  const flush = async () => {
    if (at === 0) return;
    // The indexer may keep a view of what it was given (a line's start): each chunk is a buffer of its own.
    ix.push(chunk.subarray(0, at));
    chunk = new Uint8Array(RECORDS_CHUNK);
    at = 0;
    await yieldToEventLoop();
  };
  for (const r of records) {
    if (at + r.raw.length + r.eol.length > RECORDS_CHUNK) await flush();
    if (r.raw.length + r.eol.length > RECORDS_CHUNK) {
      ix.push(r.raw);
      ix.push(Uint8Array.from(r.eol, (c) => c.charCodeAt(0)));
      await yieldToEventLoop();
      continue;
    }
    chunk.set(r.raw, at);
    at += r.raw.length;
    for (let k = 0; k < r.eol.length; k++) chunk[at++] = r.eol.charCodeAt(k);
  }
  await flush();
  return ix.finish();
}

/** The first `limit` bytes of each of `lines` of a document held whole (a view of its records, nothing copied). */
export function headsOfRecords(records: readonly FileRecord[], lines: ArrayLike<number>, limit: number): Uint8Array[] {
  return Array.from(lines, (l) => {
    const raw = records[l]?.raw ?? new Uint8Array(0);
    return raw.subarray(0, Math.min(raw.length, limit));
  });
}

interface Counting {
  done: Promise<IndexHealth>;
  told: Set<(lines: number) => void>;
}
const counting = new WeakMap<LineIndex, Counting>();

/**
 * The problems of `index` counted once per index, in slices that yield (a small index in one); each
 * caller's `onProgress` is told the lines counted so far while the count runs.
 */
export function countHealth(index: LineIndex, onProgress?: (lines: number) => void): Promise<IndexHealth> {
  const c = counting.get(index);
  if (c) {
    if (onProgress) c.told.add(onProgress);
    return c.done;
  }
  const told = new Set<(lines: number) => void>(onProgress ? [onProgress] : []);
  const done = (async () => {
    const h = emptyHealth();
    for (let a = 0; a < index.count; a += HEALTH_SLICE) {
      if (a > 0) await yieldToEventLoop();
      const b = Math.min(index.count, a + HEALTH_SLICE);
      addHealth(h, index, a, b);
      if (b < index.count) for (const f of told) f(b);
    }
    told.clear();
    return h;
  })();
  counting.set(index, { done, told });
  return done;
}
