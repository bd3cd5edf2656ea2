/**
 * nanobot's `_load` over a file known by its line index, with nanobot's own exception texts: the
 * strict pass reads back only the lines that are not plain messages (metadata, provider states,
 * anything its json.loads may refuse) and stands in for the others, which it only counts and
 * places; the repair pass (a damaged file) reads every line, or, where nobody wants the messages'
 * values (`loadOverIndex` without a sink: the app), stands in for the plain ones too. In a file
 * that is not UTF-8 a pass reads the lines Python's text read yields before its decoding error
 * (`decodeCut`), then raises it.
 */
import { LoadPass, loadOutcome, passSession, repairFollows, type LoadOutcome, type PassOutcome, type NanobotSession } from '../lens/load';
import { PY_TEXT_CHUNK, chunkInputStart, decodeStrict, findUtf8Fault, pendingAtChunkEnd, textFaultMessage, type Utf8Fault } from '../python/lines';
import type { PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { dictGet, type PyDict } from '../python/pyvalue';
import { rulesOf, type NanobotVersion, type VersionRules } from '../nanobot/nanobot-version';
import { EOL, lineEnd, type LineIndex } from './line-index';
import { FLAG, KIND } from './fact-codes';
import { decodeRecord } from './record-facts';

/**
 * Flags that make a message line one a pass must read (its json.loads may raise or differ): a
 * line nesting deeper than the shallowest figure too, which the repair pass (a level less) may refuse.
 */
const NOT_PLAIN = FLAG.nanobotBad | FLAG.tooDeep | FLAG.valueError | FLAG.bom | FLAG.invalidUtf8 | FLAG.deep;
/** What a plain message stands in as: its value is never read (`IndexedPass`'s `upTo`). */
const PLAIN = Object.freeze({}) as PyDict;

type Ix = Pick<LineIndex, 'count' | 'kind' | 'flags'>;

/** Whether a line of these facts is a message the strict pass stands in for. */
export function plainMessage(kind: number, flags: number): boolean {
  return kind === KIND.message && !(flags & NOT_PLAIN);
}

/**
 * Whether the strict pass likely raises on a line of these facts (a corrupt line, or a message its
 * `json.loads` may refuse): then a repair pass reads every line, and nothing noted of the plain
 * messages after it is needed. A caller that stops noting there checks that none was (`IndexedSink`).
 */
export function strictMayRaise(kind: number, flags: number): boolean {
  return kind === KIND.corrupt || (kind === KIND.message && !!(flags & NOT_PLAIN));
}

/** Whether line `i` is a message the strict pass stands in for. */
function plain(ix: Ix, i: number): boolean {
  return plainMessage(ix.kind[i]!, ix.flags[i]!);
}

/**
 * Sees each message a pass holds, in order: `standIn` when the strict pass stood in for it (a plain
 * message: `m` is then empty, and its value is the line's own `json.loads`), else its value as loaded.
 */
export interface IndexedSink {
  add(m: PyDict, line: number, standIn: boolean): void;
}

/** The first line that is not UTF-8, or -1 (the file is UTF-8 throughout). */
export function firstUndecodable(ix: Ix): number {
  for (let i = 0; i < ix.count; i++) if (ix.flags[i]! & FLAG.invalidUtf8) return i;
  return -1;
}

/** Where Python's text read of a file that is not UTF-8 stops: it yields lines [0, lines), then raises `error`. */
export interface DecodeCut {
  lines: number;
  error: PyError;
}

/**
 * Python's text read (8 KiB chunks decoded as `readline` needs them; load.ts `textLines`) of an
 * indexed file whose first invalid UTF-8 sequence starts at byte `fault`: `seq` holds the file's
 * bytes from there (up to 4), `pre` the up to 3 bytes before the fault's 8 KiB chunk (a character
 * the chunk before cut is put in front of the decoder's input, and positions count from it).
 */
export function decodeCut(ix: Pick<LineIndex, 'count' | 'size' | 'start' | 'length' | 'eol'>, fault: number, seq: Uint8Array, pre: Uint8Array): DecodeCut {
  const size = ix.size;
  const chunkStart = fault - (fault % PY_TEXT_CHUNK);
  const preAt = chunkStart - pre.length;
  const inputStart = chunkInputStart(chunkStart, (i) => (i >= preAt && i < chunkStart ? pre[i - preAt] : undefined));
  const raise = (g: Utf8Fault): DecodeCut['error'] => ({ type: 'UnicodeDecodeError', message: textFaultMessage({ ...g, pos: fault }, size, seq, inputStart) });
  let span = -1;
  let final = false;
  for (let i = 0; i < ix.count; i++) {
    // The bytes decoded once line i is returned (load.ts `decodedSpan`): whole chunks, one more after a chunk ending in `\r`.
    const next = lineEnd(ix, i);
    let need = Math.max(PY_TEXT_CHUNK, Math.ceil(next / PY_TEXT_CHUNK) * PY_TEXT_CHUNK);
    if (next % PY_TEXT_CHUNK === 0 && next < size && ix.eol[i] === EOL.cr) need += PY_TEXT_CHUNK;
    need = Math.min(size, need);
    const isFinal = ix.eol[i] === EOL.none;
    if (need > fault && (need !== span || isFinal !== final)) {
      span = need;
      final = isFinal;
      // No fault before `fault`: the first within the span is this one, read as far as the span goes.
      const g = findUtf8Fault(seq, 0, Math.min(seq.length, span - fault));
      if (g && (final || !pendingAtChunkEnd(seq, g, span - fault))) return { lines: i, error: raise(g) };
    }
  }
  return { lines: ix.count, error: raise(findUtf8Fault(seq)!) };
}

/**
 * The lines whose text a pass reads, ascending: below `end` (the lines Python's read yields).
 * `standIn`: the pass stands in for the plain messages (the strict pass always; a repair pass when
 * nobody wants their values: each is a message to either pass, whatever it holds).
 */
export function passLines(ix: Ix, repair: boolean, end = ix.count, standIn = !repair): Uint32Array {
  let n = 0;
  for (let i = 0; i < end; i++) if (passReads(ix, i, standIn)) n++;
  // A typed array, not a list: a repair pass reads every line of a file of any size.
  const out = new Uint32Array(n);
  n = 0;
  for (let i = 0; i < end; i++) if (passReads(ix, i, standIn)) out[n++] = i;
  return out;
}

/** Whether a pass reads line `i`'s text: not blank, and not a plain message it stands in for. */
function passReads(ix: Ix, i: number, standIn: boolean): boolean {
  return ix.kind[i] !== KIND.blank && !(standIn && plain(ix, i));
}

/** A session as an indexed pass yields it: the head, and the line of every message nanobot holds. */
export type IndexedSession = Omit<NanobotSession, 'messages' | 'messageLines'> & { lines: Uint32Array };

/** One pass of `_load` over the index: `text` each line of `passLines` in order, then `finish`. */
export class IndexedPass {
  private next = 0;
  private error: PyError | null = null;
  private lines: Uint32Array;
  private count = 0;
  private readonly pass: LoadPass;
  /** Whether the pass stands in for the plain messages (see `passLines`). */
  private readonly standIn: boolean;

  constructor(
    private readonly ix: Ix,
    now: string,
    private readonly repair: boolean,
    private readonly rules: VersionRules,
    /** Python's read yields lines [0, end) and then raises `cut` (a file that is not UTF-8), else every line. */
    private readonly cut: DecodeCut | null = null,
    private readonly sink?: IndexedSink,
    standIn = !repair,
  ) {
    this.standIn = standIn;
    // Room for every line at once: the pass never grows it (nor has V8 compile the growing into its hot loop).
    this.lines = new Uint32Array(Math.max(1024, ix.count));
    this.pass = new LoadPass(now, repair, rules, {
      add: (m, line) => {
        this.note(line);
        sink?.add(m, line, standIn && plain(ix, line));
      },
    });
  }

  private note(line: number): void {
    if (this.count === this.lines.length) {
      const b = new Uint32Array(this.count * 2);
      b.set(this.lines);
      this.lines = b;
    }
    this.lines[this.count++] = line;
  }

  /**
   * Stands in for the plain messages before line `to`: the pass counts them, the sink sees each as
   * one empty dict (a pass keeps nothing of the line but its number).
   */
  private upTo(to: number): void {
    if (this.error) return;
    if (!this.standIn) {
      this.next = Math.max(this.next, to);
      return;
    }
    const from = this.count;
    for (; this.next < to; this.next++) if (plain(this.ix, this.next)) this.lines[this.count++] = this.next;
    this.pass.standIns(this.count - from);
    if (this.sink) for (let k = from; k < this.count; k++) this.sink.add(PLAIN, this.lines[k]!, true);
  }

  /** Line `i`'s content bytes (valid UTF-8). */
  text(i: number, raw: Uint8Array): void {
    this.upTo(i);
    if (!this.error) this.error = this.pass.feed({ index: i, text: pyStrip(decodeStrict(raw)) });
    this.next = i + 1;
  }

  /** The pass's outcome under `key`. */
  finish(key: string): PassOutcome<IndexedSession> {
    this.upTo(this.cut ? this.cut.lines : this.ix.count);
    if (this.error) return this.error;
    if (this.cut) return this.cut.error;
    const t = this.pass.finish();
    return { session: passSession(t, key, this.repair, this.rules, { lines: this.lines.subarray(0, this.count) }), skipped: t.skipped };
  }
}

/**
 * How an indexed load reads the file: bytes [a, b), and the content bytes of lines (ascending),
 * each handed to `each` in order (a view valid during the call). The CLI reads through its
 * adapter, the app through the file's Blob: the rules below are the same for both.
 */
export interface IndexedReads {
  bytes(a: number, b: number): Promise<Uint8Array>;
  lines(lines: ArrayLike<number>, each: (raw: Uint8Array, k: number) => void): Promise<void>;
}

/** nanobot's load of an indexed file (`loadOverIndex`), under the key it was asked for or the stored one. */
export type IndexedLoadOutcome = LoadOutcome<IndexedSession> & { key: string };

/** Where Python's text read of an indexed file stops, reading only bytes near its first invalid UTF-8 sequence; null when the file is UTF-8. */
async function decodeCutOver(ix: LineIndex, read: IndexedReads['bytes']): Promise<DecodeCut | null> {
  const bad = firstUndecodable(ix);
  if (bad < 0) return null;
  const at = ix.start[bad]!;
  const fault = at + findUtf8Fault(await read(at, at + ix.length[bad]!))!.pos;
  const chunkStart = fault - (fault % PY_TEXT_CHUNK);
  return decodeCut(ix, fault, await read(fault, Math.min(ix.size, fault + 4)), await read(Math.max(0, chunkStart - 3), chunkStart));
}

/** The `key` of a metadata line as the recovered lens reads it (`decodeRecord`), when it is a non-empty string. */
function storedKeyOf(raw: Uint8Array): string | null {
  const m = decodeRecord(raw);
  const k = m ? dictGet(m, 'key') : undefined;
  return typeof k === 'string' && k ? k : null;
}

/**
 * nanobot's `_load` of a file known by its line index, with nanobot's own exception texts: the
 * strict pass reads back only the lines that are not plain messages, and so does the repair pass
 * (a damaged file) unless a sink wants every message's value; in a file that is not UTF-8 each
 * pass reads the lines Python's text read yields and then raises its decoding error. The one load
 * over the index, for the CLI and the app.
 */
export async function loadOverIndex(ix: LineIndex, opts: { now: string; version: NanobotVersion; fallbackKey: string; key?: string; sink?: (repair: boolean) => IndexedSink }, read: IndexedReads): Promise<IndexedLoadOutcome> {
  const rules = rulesOf(opts.version);
  const cut = await decodeCutOver(ix, read.bytes);
  const end = cut ? cut.lines : ix.count;
  let storedKey = opts.fallbackKey;
  const pass = async (repair: boolean, key: string) => {
    // Without a sink nobody wants the messages' values: the repair pass stands in for the plain ones too.
    const standIn = !repair || !opts.sink;
    const p = new IndexedPass(ix, opts.now, repair, rules, cut, opts.sink?.(repair), standIn);
    let lines: ArrayLike<number> = passLines(ix, repair, end, standIn);
    if (!repair && cut) {
      // The stored key is read from every metadata record, also past where Python's read stops.
      const past: number[] = [];
      for (let i = end; i < ix.count; i++) if (ix.kind[i] === KIND.metadata) past.push(i);
      if (past.length) lines = [...Array.from(lines), ...past];
    }
    await read.lines(lines, (raw, k) => {
      const l = lines[k]!;
      // storedKey's rule: the last metadata record the recovered lens reads.
      if (!repair && ix.kind[l] === KIND.metadata) storedKey = storedKeyOf(raw) ?? opts.fallbackKey;
      if (l < end) p.text(l, raw);
    });
    return p.finish(key);
  };
  const strict = await pass(false, opts.key ?? opts.fallbackKey);
  const key = opts.key ?? storedKey;
  const strictOutcome = 'type' in strict ? strict : { ...strict, session: strict.session && { ...strict.session, key } };
  const repair = 'type' in strict && repairFollows(strict, opts.version) ? await pass(true, key) : null;
  return { key, ...loadOutcome(key, opts.version, null, () => strictOutcome, () => repair!) };
}
