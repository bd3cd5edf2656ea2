/**
 * Lines from byte chunks: the streaming twin of `splitLines` (universal newlines: `\n`, `\r\n` and a
 * lone `\r` each end a line), for files too big to hold whole. A line, a `\r\n` or a UTF-8 character
 * may straddle chunk boundaries; the lines come out exactly as `splitLines` cuts the whole file.
 */

/** One line as it streams past: its bytes with their terminator, where it starts in the file. */
export interface ChunkLine {
  /** 0-based line number, as `splitLines` counts (blank lines included). */
  index: number;
  /** Byte offset of the line's first byte in the file. */
  start: number;
  /** Content then terminator. Valid only during the callback: it may view the caller's chunk. */
  bytes: Uint8Array;
  /** Length of the content (without terminator) within `bytes`. */
  contentLength: number;
}

const LF = 10;
const CR = 13;

/**
 * Cuts byte chunks into lines, in order, calling `onLine` for each complete one. Chunks are read
 * during `push` only (a partial line is copied), so a reader may reuse its buffer.
 */
export class LineSplitter {
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  /** The pending line ended in `\r` at a chunk end: the next byte says whether `\n` joins it. */
  private pendingCr = false;
  private index = 0;
  private offset = 0;

  constructor(private readonly onLine: (line: ChunkLine) => void) {}

  /** Feeds the next chunk of the file. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    let pos = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (chunk[0] === LF) {
        this.emit(chunk, 0, 1, 2);
        pos = 1;
      } else this.emit(chunk, 0, 0, 1);
    }
    const n = chunk.length;
    let nextLf = chunk.indexOf(LF, pos);
    let nextCr = chunk.indexOf(CR, pos);
    while (pos < n) {
      if (nextLf !== -1 && nextLf < pos) nextLf = chunk.indexOf(LF, pos);
      if (nextCr !== -1 && nextCr < pos) nextCr = chunk.indexOf(CR, pos);
      if (nextLf === -1 && nextCr === -1) break;
      if (nextCr === -1 || (nextLf !== -1 && nextLf < nextCr)) {
        this.emit(chunk, pos, nextLf + 1, 1);
        pos = nextLf + 1;
      } else if (nextCr + 1 === n) {
        this.keep(chunk.subarray(pos));
        this.pendingCr = true;
        return;
      } else {
        const crlf = chunk[nextCr + 1] === LF;
        this.emit(chunk, pos, nextCr + (crlf ? 2 : 1), crlf ? 2 : 1);
        pos = nextCr + (crlf ? 2 : 1);
      }
    }
    if (pos < n) this.keep(chunk.subarray(pos));
  }

  /** The end of the file: a final line without terminator (or ending in a lone `\r`) comes out. */
  end(): void {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.emit(new Uint8Array(0), 0, 0, 1);
    } else if (this.pendingLength) this.emit(new Uint8Array(0), 0, 0, 0);
  }

  private keep(part: Uint8Array): void {
    this.pending.push(new Uint8Array(part)); // a copy, whatever the chunk's class (a Node Buffer's slice is a view)
    this.pendingLength += part.length;
  }

  /** Emits pending bytes + chunk[from, to), whose last `terminator` bytes end the line. */
  private emit(chunk: Uint8Array, from: number, to: number, terminator: number): void {
    let bytes: Uint8Array;
    // A plain view, even of a Node Buffer: Buffer's subarray makes a Buffer through its species
    // constructor, a real share of a streamed command's CPU at one call per line (and more downstream).
    if (this.pendingLength === 0) bytes = new Uint8Array(chunk.buffer, chunk.byteOffset + from, to - from);
    else {
      bytes = new Uint8Array(this.pendingLength + to - from);
      let at = 0;
      for (const p of this.pending) {
        bytes.set(p, at);
        at += p.length;
      }
      bytes.set(chunk.subarray(from, to), at);
      this.pending = [];
      this.pendingLength = 0;
    }
    this.onLine({ index: this.index++, start: this.offset, bytes, contentLength: bytes.length - terminator });
    this.offset += bytes.length;
  }
}
