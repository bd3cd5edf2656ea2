/**
 * Output too big to build as one string (a replay's fates for a million messages): pieces are
 * gathered and written about 1 MB at a time. Where the sink only takes whole lines (tests), the
 * document goes out in one piece at the end.
 */
import { escapeLoneSurrogates } from './text';
import { decodeLossy } from '../../core/python/lines';

/** Where the CLI prints: whole lines, and (on a real stdout) raw pieces and raw bytes. */
export interface Out {
  log: (s: string) => void;
  write?: (s: string) => void;
  bytes?: (b: Uint8Array) => void;
  /** Set on `jsonOut`: text pieces are JSON, their lone surrogates written as escapes (bytes are the file's own). */
  json?: true;
  /** Set where `bytes` is done with a piece when it returns (the process's stdout, written at once): a printer may reuse its buffer. */
  bytesWritten?: true;
}

/** An `Out` for a JSON document: lone surrogates printed as `\\ud800` escapes, not as U+FFFD. */
export function jsonOut(out: Out): Out {
  return {
    log: (s) => out.log(escapeLoneSurrogates(s)),
    ...(out.write && { write: (s: string) => out.write!(escapeLoneSurrogates(s)) }),
    ...(out.bytes && { bytes: out.bytes }),
    ...(out.bytesWritten && { bytesWritten: true as const }),
    json: true,
  };
}

const FLUSH_AT = 256 << 10;

/** Gathers pieces and lines, writing them out in big pieces. */
export class Printer {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly out: Out) {}

  /** Appends text (no newline). */
  write(s: string): void {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= FLUSH_AT && this.out.write) this.drain();
  }

  /** Appends a line. */
  line(s: string): void {
    this.write(s + '\n');
  }

  /** Writes out what is gathered; call once at the end. */
  flush(): void {
    if (this.out.write) return this.drain();
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (text) this.out.log(text.endsWith('\n') ? text.slice(0, -1) : text);
  }

  private drain(): void {
    this.out.write!(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

const encoder = new TextEncoder();

export interface BytePrinter {
  put: (piece: Uint8Array | string) => void;
  flush: () => void;
}

/**
 * Bytes and text gathered into 1 MiB buffers and written as bytes (a file's own bytes are copied,
 * never decoded). A sink without `bytes` (tests) gets the text, through a Printer. `size`: the
 * buffer's (a smaller one holds less memory per write, for output made of many small pieces).
 */
export function bytePrinter(out: Out, size = FLUSH_AT): BytePrinter {
  const sink = out.bytes;
  if (!sink) {
    const p = new Printer(out);
    return { put: (piece) => p.write(typeof piece === 'string' ? piece : decodeLossy(piece)), flush: () => p.flush() };
  }
  const text = out.json ? escapeLoneSurrogates : (s: string) => s;
  let buf = new Uint8Array(size);
  let used = 0;
  // A sink that may hold on to what it was given gets a fresh buffer each time; stdout, written at
  // once, gets the same one again (a 6.5 MB answer in fresh 1 MiB buffers left ~6 MiB of dead
  // buffers for the GC, in the peak memory).
  const drain = () => {
    if (used) sink(buf.subarray(0, used));
    if (!out.bytesWritten) buf = new Uint8Array(size);
    used = 0;
  };
  // Text pieces are joined while they surely fit in the buffer's room (3 bytes a UTF-16 unit) and
  // encoded at once: one encode per piece (a replay's 10,000 small ones) cost more than the joining.
  // (Escaping the joined text is escaping each piece: a piece is whole JSON values and separators,
  // so none ends or starts inside a surrogate pair.)
  let pending = '';
  const putBytes = (piece: Uint8Array) => {
    if (piece.length > size - used) {
      drain();
      if (piece.length >= size) return sink(new Uint8Array(piece));
    }
    buf.set(piece, used);
    used += piece.length;
  };
  const settle = () => {
    if (!pending) return;
    const t = text(pending);
    pending = '';
    if (t.length * 3 > size - used) return putBytes(encoder.encode(t));
    used += encoder.encodeInto(t, buf.subarray(used)).written;
  };
  const put = (piece: Uint8Array | string) => {
    if (typeof piece === 'string') {
      if ((pending.length + piece.length) * 3 > size - used) settle();
      pending += piece;
      // A piece bigger than the room goes as bytes at once, as it came.
      if (pending.length * 3 > size - used) settle();
      return;
    }
    settle();
    putBytes(piece);
  };
  return {
    put,
    flush: () => {
      settle();
      drain();
    },
  };
}
