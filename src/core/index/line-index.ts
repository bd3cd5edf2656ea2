/**
 * A compact index of a session file built from byte chunks in any sizes: per line its byte offset,
 * content length, terminator and facts, in typed arrays that grow. A line is read once: the byte
 * pass (byte-facts.ts) finds its facts and its end together; a line it is unsure of is cut at its
 * terminator and read the exact way (record-facts.ts). Lines and
 * UTF-8 characters cut by a chunk boundary are joined before they are read, and a `\r` ending a
 * chunk waits for the next one (is it `\r\n`?), so the lines are exactly those of `splitLines`.
 * The values themselves are not kept: a caller reads a line's bytes back by its offset.
 */
import { scanLine, scanned } from '../bytes/byte-facts';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { lineFacts, parsedLineFacts, parsedValue, KIND } from './record-facts';
import type { PyDict } from '../python/pyvalue';
import type { LineFacts } from './fact-codes';
import { plainScratch } from '../bytes/plain-run';

import { EOL } from '../python/lines';

/** Terminator codes (python/lines.ts: one table for every reader), and each one's length. */
export { EOL };
const EOL_BYTES = [0, 1, 2, 1];

/** The finished index: `count` lines, every array at least that long. */
export interface LineIndex {
  count: number;
  /** The offset just after the last byte indexed (the file's size; a part's end, index-parts.ts). */
  size: number;
  /** Byte offset of each line's content. */
  start: Float64Array;
  /** Content length in bytes (without the terminator). */
  length: Uint32Array;
  eol: Uint8Array;
  kind: Uint8Array;
  role: Uint8Array;
  flags: Uint16Array;
  /** Line index of every message record, in order. */
  messages: Uint32Array;
  messageCount: number;
}

const LF = 10;
const CR = 13;

/**
 * Sees each line as an indexer that parses (`parsed`) reads it: its number, facts, and its value as
 * the version's `json.loads` reads it when that is an object (else null). The value is the caller's to keep.
 */
export type ParsedLineSink = (line: number, facts: LineFacts, value: PyDict | null) => void;

/**
 * Offered each line the byte pass is sure of, before it is parsed (`LineIndexer`'s `byBytes`): its
 * number, its facts and the bytes the byte pass read it in (a view for this call only, in which
 * byte-facts.ts' `scannedCallId` finds more). True when the caller needs nothing more of it: the line
 * is then indexed by those facts and not parsed; false, and it is parsed and handed to the `parsed`
 * sink as any other.
 */
export type ByteLineSink = (line: number, facts: LineFacts, raw: Uint8Array) => boolean;

/** The byte just after line `i` (its terminator included). */
export function lineEnd(ix: Pick<LineIndex, 'start' | 'length' | 'eol'>, i: number): number {
  return ix.start[i]! + ix.length[i]! + EOL_BYTES[ix.eol[i]!]!;
}

/** Builds a LineIndex from consecutive chunks; `push` each chunk, then `finish`. */
export class LineIndexer {
  private cap = 1024;
  private n = 0;
  private start = new Float64Array(this.cap);
  private length = new Uint32Array(this.cap);
  private eol = new Uint8Array(this.cap);
  private kind = new Uint8Array(this.cap);
  private role = new Uint8Array(this.cap);
  private flags = new Uint16Array(this.cap);
  private msgs = new Uint32Array(this.cap);
  private msgCount = 0;
  /** Bytes of a line not finished yet (kept across chunks), and the file offset of its first byte. */
  private carry = new Uint8Array(0);
  private carryLen = 0;
  private carryAt = 0;
  private consumed: number;
  /** The version has provider_state records (the byte pass leaves them to the exact path). */
  private readonly psRecords: boolean;

  /**
   * `at`: the file offset of the first byte pushed (a part of the file indexed on its own,
   * index-parts.ts); `dumps`: note FLAG.dumps (a printer's index: `format`, `load --json`);
   * `parsed`: read every line the exact way (no byte pass) and hand each one's value there, for a
   * command that parses every message anyway (`tokens`, `replay`): each line is parsed once.
   * `byBytes` (with `parsed`): each line the byte pass is sure of is offered there first, and parsed
   * only when it is refused (a replay needs no value of most users' and tools' lines).
   */
  constructor(
    private readonly version: NanobotVersion,
    at = 0,
    private readonly dumps = false,
    private readonly parsed?: ParsedLineSink,
    private readonly byBytes?: ByteLineSink,
  ) {
    this.consumed = at;
    this.psRecords = rulesOf(version).providerStateRecord;
  }

  /** Lines indexed so far. */
  get count(): number {
    return this.n;
  }

  /**
   * Reads one more chunk of the file (the next bytes after the previous chunk). The chunk is read
   * from a copy in the SIMD kernel's memory where there is one (plain-run.ts): the copy costs a few
   * percent of the pass and lets strings be read 16 bytes at a time. No view of it outlives the call.
   */
  push(given: Uint8Array): void {
    // Parsing: a plain view, even of a Node Buffer (whose subarray, once a line, builds a Buffer).
    const view = this.parsed ? new Uint8Array(given.buffer, given.byteOffset, given.length) : given;
    const chunk = this.parsed && !this.byBytes ? view : (plainScratch(given) ?? view);
    const base = this.consumed;
    this.consumed += chunk.length;
    let from = 0;
    if (this.carryLen) {
      // Finish the carried line with the chunk's bytes up to its first terminator: only that line
      // is copied, never the chunk.
      from = this.finishCarry(chunk);
      if (from < 0) return;
    }
    const used = this.scan(chunk, base, false, from, given);
    if (used < chunk.length) {
      this.carryLen = 0;
      this.carryAt = base + used;
      this.append(chunk.subarray(used));
    }
  }

  /**
   * Ends the carried line with the start of `chunk`; returns where the chunk's own lines begin,
   * or -1 when the whole chunk went into the carry (no terminator yet, or a last `\r` to wait on).
   */
  private finishCarry(chunk: Uint8Array): number {
    if (this.carry[this.carryLen - 1] === CR) {
      // The carry ended with the `\r` that ended the chunk before: `\r\n` or a lone `\r`.
      if (chunk.length === 0) return -1;
      const crlf = chunk[0] === LF;
      this.add(this.carryAt, this.carry.subarray(0, this.carryLen - 1), crlf ? EOL.crlf : EOL.cr);
      this.carryLen = 0;
      return crlf ? 1 : 0;
    }
    const lf = chunk.indexOf(LF);
    // Only a `\r` before that `\n` matters: the search stops there, not at the chunk's end.
    const cr = (lf === -1 ? chunk : chunk.subarray(0, lf)).indexOf(CR);
    const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr);
    if (end === -1) {
      this.append(chunk);
      return -1;
    }
    if (end === cr && cr === chunk.length - 1) {
      this.append(chunk);
      return -1;
    }
    this.append(chunk.subarray(0, end));
    const crlf = end === cr && chunk[cr + 1] === LF;
    this.add(this.carryAt, this.carry.subarray(0, this.carryLen), end === lf ? EOL.lf : crlf ? EOL.crlf : EOL.cr);
    this.carryLen = 0;
    return end + (crlf ? 2 : 1);
  }

  /**
   * Ends the file: a last line without terminator is indexed; returns the index, arrays cut to size
   * (copies, whose buffers hold nothing else: a part is sent to another thread by its buffers), or
   * with `views`, views of the arrays as they grew (no copy of the whole index at its largest).
   */
  finish(views = false): LineIndex {
    if (this.carryLen) this.scan(this.carry.subarray(0, this.carryLen), this.carryAt, true);
    this.carryLen = 0;
    const n = this.n;
    const cut = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(a: T, k: number): T => (views ? (a.subarray(0, k) as T) : (a.slice(0, k) as T));
    return {
      count: n,
      size: this.consumed,
      start: cut(this.start, n),
      length: cut(this.length, n),
      eol: cut(this.eol, n),
      kind: cut(this.kind, n),
      role: cut(this.role, n),
      flags: cut(this.flags, n),
      messages: cut(this.msgs, this.msgCount),
      messageCount: this.msgCount,
    };
  }

  private append(bytes: Uint8Array): void {
    const need = this.carryLen + bytes.length;
    if (need > this.carry.length) {
      const next = new Uint8Array(Math.max(need, this.carry.length * 2, 4096));
      next.set(this.carry.subarray(0, this.carryLen));
      this.carry = next;
    }
    this.carry.set(bytes, this.carryLen);
    this.carryLen = need;
  }

  /**
   * Indexes every complete line of `data` from `from` (file offset `base` at 0); returns where the
   * unfinished rest begins. Terminators are searched for in `search`, the same bytes as the caller
   * gave them: a Node Buffer's indexOf is memchr, many times a plain array's (a pass that parses every line).
   */
  private scan(data: Uint8Array, base: number, last: boolean, from = 0, search: Uint8Array = data): number {
    const n = data.length;
    let pos = from;
    // The next `\n` and `\r` at or after `pos` (-1: none left), searched for only when a line is
    // read the slow way; -2: not yet.
    let nextLf = -2;
    let nextCr = -2;
    while (pos < n) {
      // Most lines: the byte pass reads the line and finds its end at once (not when every line is parsed).
      const q = this.parsed && !this.byBytes ? -1 : scanLine(data, pos, this.psRecords, this.dumps);
      if (q >= 0) {
        // The line's terminator, read once: a read only at a chunk's end had no type feedback when V8
        // first optimized this loop, and reaching it threw that code away (a second compile of `scan`).
        // (Its tests run on every line too: a comparison first made there had no feedback either.)
        const t = q < n ? data[q]! : -1;
        const cr = t === CR;
        // No terminator yet, or a last `\r` that may be the first half of `\r\n`: wait for the next chunk.
        if (!last && (q === n || (q === n - 1 && cr))) return pos;
        const code = t === LF ? EOL.lf : q === n ? EOL.none : data[q + 1] === LF ? EOL.crlf : EOL.cr;
        if (this.parsed && !this.byBytes!(this.n, scanned, data)) this.add(base + pos, data.subarray(pos, q), code);
        else this.put(base + pos, q - pos, code, scanned.kind, scanned.role, scanned.flags);
        pos = q + EOL_BYTES[code]!;
        continue;
      }
      if (nextLf !== -1 && nextLf < pos) nextLf = search.indexOf(LF, pos);
      if (nextCr !== -1 && nextCr < pos) nextCr = search.indexOf(CR, pos);
      let end: number;
      let code: number;
      let next: number;
      if (nextCr === -1 || (nextLf !== -1 && nextLf < nextCr)) {
        if (nextLf === -1) {
          if (!last) return pos;
          end = n;
          code = EOL.none;
          next = n;
        } else {
          end = nextLf;
          code = EOL.lf;
          next = nextLf + 1;
        }
      } else {
        // A `\r` ending the data may be the first half of `\r\n`: wait for the next chunk.
        if (nextCr === n - 1 && !last) return pos;
        end = nextCr;
        const crlf = data[nextCr + 1] === LF;
        code = crlf ? EOL.crlf : EOL.cr;
        next = nextCr + (crlf ? 2 : 1);
      }
      this.add(base + pos, data.subarray(pos, end), code);
      pos = next;
    }
    return pos;
  }

  /** Indexes one line read the slow way (record-facts.ts). */
  private add(at: number, raw: Uint8Array, eol: number): void {
    if (this.parsed) {
      const f = parsedLineFacts(raw, this.version);
      this.put(at, raw.length, eol, f.kind, f.role, f.flags);
      this.parsed(this.n - 1, f, parsedValue.value);
      return;
    }
    const f = lineFacts(raw, this.version, this.dumps);
    this.put(at, raw.length, eol, f.kind, f.role, f.flags);
  }

  private put(at: number, length: number, eol: number, kind: number, role: number, flags: number): void {
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    this.start[i] = at;
    this.length[i] = length;
    this.eol[i] = eol;
    this.kind[i] = kind;
    this.role[i] = role;
    this.flags[i] = flags;
    if (kind === KIND.message) {
      if (this.msgCount === this.msgs.length) this.msgs = grown(this.msgs, this.msgs.length * 2);
      this.msgs[this.msgCount++] = i;
    }
  }

  private grow(): void {
    this.cap *= 2;
    this.start = grown(this.start, this.cap);
    this.length = grown(this.length, this.cap);
    this.eol = grown(this.eol, this.cap);
    this.kind = grown(this.kind, this.cap);
    this.role = grown(this.role, this.cap);
    this.flags = grown(this.flags, this.cap);
  }
}

/** A typed array of `cap` elements holding `a`'s at its start: an array grown as the lines come. */
export function grown<T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, cap: number): T {
  const next = new (a.constructor as new (n: number) => T)(cap);
  next.set(a);
  return next;
}
