/**
 * Splitting a session file into lines the way Python's text mode reads it (universal newlines:
 * `\n`, `\r\n` and a lone `\r` each end a line), while keeping every line's byte range so that
 * untouched records can be written back byte for byte.
 */

/** One line of a file: content bytes [start, end), its terminator bytes [end, next). */
export interface RawLine {
  start: number;
  end: number;
  next: number;
}

const LF = 10;
const CR = 13;

/** A line's terminator as a code (the line index's `eol` column, the analysis wire) and as text: one table for every reader. */
export const EOL = { none: 0, lf: 1, crlf: 2, cr: 3 } as const;
export const EOL_TEXT = ['', '\n', '\r\n', '\r'] as const;

/** The terminator code of a line whose content ends at `end` and whose terminator ends at `next` (a RawLine's). */
export function eolCode(bytes: Uint8Array, end: number, next: number): number {
  return next === end ? EOL.none : next - end === 2 ? EOL.crlf : bytes[end] === CR ? EOL.cr : EOL.lf;
}

/** Byte ranges of every line; a final line without terminator is included, an empty tail is not. */
export function splitLines(bytes: Uint8Array): RawLine[] {
  const lines: RawLine[] = [];
  const n = bytes.length;
  let pos = 0;
  let nextLf = bytes.indexOf(LF, 0);
  let nextCr = bytes.indexOf(CR, 0);
  while (pos < n) {
    if (nextLf !== -1 && nextLf < pos) nextLf = bytes.indexOf(LF, pos);
    if (nextCr !== -1 && nextCr < pos) nextCr = bytes.indexOf(CR, pos);
    let end: number;
    let next: number;
    if (nextCr === -1 || (nextLf !== -1 && nextLf < nextCr)) {
      if (nextLf === -1) {
        lines.push({ start: pos, end: n, next: n });
        break;
      }
      end = nextLf;
      next = nextLf + 1;
    } else {
      end = nextCr;
      next = bytes[nextCr + 1] === LF ? nextCr + 2 : nextCr + 1;
    }
    lines.push({ start: pos, end, next });
    pos = next;
  }
  return lines;
}

/**
 * The line that starts at `pos`, cut as `splitLines` cuts it, or null at the end: a listing needs only
 * the first lines of a head, and splitting the whole of it cost more than parsing them.
 */
export function lineAt(bytes: Uint8Array, pos: number): RawLine | null {
  const n = bytes.length;
  if (pos >= n) return null;
  const lf = bytes.indexOf(LF, pos);
  const cr = bytes.subarray(pos, lf === -1 ? n : lf).indexOf(CR);
  if (cr !== -1) return { start: pos, end: pos + cr, next: bytes[pos + cr + 1] === LF ? pos + cr + 2 : pos + cr + 1 };
  return lf === -1 ? { start: pos, end: n, next: n } : { start: pos, end: lf, next: lf + 1 };
}

/**
 * The text of every line of `splitLines(bytes)`, decoded in one native pass, or null when the file
 * is not valid UTF-8 (then callers look for the fault line by line).
 */
export function decodeLines(bytes: Uint8Array, lines: RawLine[]): string[] | null {
  let text: string;
  try {
    text = decodeStrict(bytes);
  } catch {
    return null;
  }
  const out: string[] = new Array(lines.length);
  let pos = 0;
  let nextLf = text.indexOf('\n');
  let nextCr = text.indexOf('\r');
  for (let i = 0; i < lines.length; i++) {
    if (nextLf !== -1 && nextLf < pos) nextLf = text.indexOf('\n', pos);
    if (nextCr !== -1 && nextCr < pos) nextCr = text.indexOf('\r', pos);
    const end = nextCr === -1 ? (nextLf === -1 ? text.length : nextLf) : nextLf === -1 ? nextCr : Math.min(nextLf, nextCr);
    out[i] = text.slice(pos, end);
    pos = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  return out;
}

/** Where and why strict UTF-8 decoding fails, in Python's words, or null when the bytes are valid. */
export interface Utf8Fault {
  pos: number;
  byte: number;
  reason: 'invalid start byte' | 'invalid continuation byte' | 'unexpected end of data';
}

/**
 * True when a fault found in bytes[.., end) only waits for bytes after `end` in CPython's incremental
 * decoder (a text file's chunk ends there): a sequence cut short, or a cut `ED A0`–`ED BF` (a
 * surrogate's start, held back for error handlers that pass surrogates). The next chunk decides.
 */
export function pendingAtChunkEnd(bytes: Uint8Array, f: Utf8Fault, end: number): boolean {
  if (f.reason === 'unexpected end of data') return true;
  return bytes[f.pos] === 0xed && end - f.pos === 2 && bytes[f.pos + 1]! >= 0xa0 && bytes[f.pos + 1]! <= 0xbf;
}

/**
 * The first invalid UTF-8 sequence in bytes[from, to), classified as CPython's decoder does. Runs of
 * ASCII are skipped four bytes at a time: a listing validates nanobot's whole first 8 KiB chunk of
 * every file, and a byte loop was its largest cost after the file system's.
 */
export function findUtf8Fault(bytes: Uint8Array, from = 0, to = bytes.length): Utf8Fault | null {
  // Words of the whole buffer, so a view at any offset is read aligned (bytes outside [i, to) are never used).
  const words = to - from >= 32 ? new Uint32Array(bytes.buffer, 0, bytes.buffer.byteLength >> 2) : null;
  const base = bytes.byteOffset;
  let i = from;
  for (;;) {
    if (words) {
      while ((base + i) & 3 && i < to && bytes[i]! < 0x80) i++;
      if (((base + i) & 3) === 0) {
        let w = (base + i) >> 2;
        const last = (base + to) >> 2; // words wholly before `to`
        while (w < last && (words[w]! & 0x80808080) === 0) w++;
        i = (w << 2) - base;
      }
    }
    while (i < to && bytes[i]! < 0x80) i++;
    if (i >= to) return null;
    const b = bytes[i]!;
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return { pos: i, byte: b, reason: 'invalid start byte' };
    for (let k = 1; k <= need; k++) {
      if (i + k >= to) return { pos: i, byte: b, reason: 'unexpected end of data' };
      const c = bytes[i + k]!;
      if (c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return { pos: i, byte: b, reason: 'invalid continuation byte' };
    }
    i += need + 1;
  }
}

/** Python reads text files in 8 KiB chunks: a decoding error anywhere in a chunk it reads is raised. */
export const PY_TEXT_CHUNK = 8192;

/**
 * Where the decoder's input starts for the chunk that begins at `boundary`: there, or at a character
 * the previous chunk cut, held back and put in front. `byteAt(i)` gives the file's byte i for
 * i in [boundary - 3, boundary) (undefined where unknown: no character crosses a line's start).
 */
export function chunkInputStart(boundary: number, byteAt: (i: number) => number | undefined): number {
  for (let at = boundary - 1; at >= 0 && at >= boundary - 3; at--) {
    const b = byteAt(at);
    if (b === undefined) break;
    if (b >= 0x80 && b < 0xc0) continue;
    const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return at + len > boundary ? at : boundary;
  }
  return boundary;
}

/**
 * True when the fault's sequence (`seq`: the file's bytes from the fault on, at least 4 where the
 * file has them) is cut by a chunk ending `upTo` bytes after the fault before it shows as invalid:
 * CPython's incremental decoder holds it back and meets the fault only at the next read.
 */
function faultCutAt(seq: Uint8Array, upTo: number): boolean {
  if (upTo <= 0 || upTo >= 4) return false;
  const s = seq.subarray(0, upTo);
  const g = findUtf8Fault(s);
  return g !== null && g.pos === 0 && pendingAtChunkEnd(s, g, s.length);
}

/**
 * CPython's UnicodeDecodeError text for a fault met while reading a file of `size` bytes in text
 * mode. Its position counts from the start of the decoder's input at the read that meets the fault
 * (`inputStart`: see `chunkInputStart`, for the fault's 8 KiB chunk); a sequence cut by its chunk's
 * end, or the file's, is met at the next read, at position 0. `seq`: the bytes from the fault on.
 */
export function textFaultMessage(f: Utf8Fault, size: number, seq: Uint8Array, inputStart: number): string {
  const chunkEnd = f.pos - (f.pos % PY_TEXT_CHUNK) + PY_TEXT_CHUNK;
  const base = f.reason === 'unexpected end of data' || (chunkEnd < size && faultCutAt(seq, chunkEnd - f.pos)) ? f.pos : inputStart;
  return `'utf-8' codec can't decode byte 0x${f.byte.toString(16).padStart(2, '0')} in position ${f.pos - base}: ${f.reason}`;
}

/** `textFaultMessage` over a whole file in hand. */
export function utf8FaultMessageInFile(bytes: Uint8Array, f: Utf8Fault): string {
  const chunkStart = f.pos - (f.pos % PY_TEXT_CHUNK);
  return textFaultMessage(f, bytes.length, bytes.subarray(f.pos, f.pos + 4), chunkInputStart(chunkStart, (i) => bytes[i]));
}

/** CPython's UnicodeDecodeError text for a fault (what nanobot logs when a file cannot be read). */
export function utf8FaultMessage(f: Utf8Fault): string {
  return `'utf-8' codec can't decode byte 0x${f.byte.toString(16).padStart(2, '0')} in position ${f.pos}: ${f.reason}`;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossyDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes valid UTF-8 exactly (a BOM is kept as U+FEFF, as Python's 'utf-8' codec does). */
export function decodeStrict(bytes: Uint8Array): string {
  return strictDecoder.decode(bytes);
}

/** Decodes for display: invalid bytes become U+FFFD (the raw bytes are kept elsewhere). */
export function decodeLossy(bytes: Uint8Array): string {
  return lossyDecoder.decode(bytes);
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string; lone surrogates make Python raise, so callers check `loneSurrogateIndex` first. */
export function encodeUtf8(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Index of the first lone surrogate (which Python cannot encode to UTF-8), or -1. */
export function loneSurrogateIndex(s: string): number {
  // ES2024's native check (Node 20+, current browsers) first: the regex below is slow on a 100 MB save.
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  if (native && native.call(s)) return -1;
  const m = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(s);
  return m ? m.index : -1;
}
