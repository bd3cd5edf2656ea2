/**
 * Output too big to build as one string (a replay's fates for a million messages): pieces are
 * gathered and written about 1 MB at a time. Where the sink only takes whole lines (tests), the
 * document goes out in one piece at the end.
 */

/** Where the CLI prints: whole lines, and (on a real stdout) raw pieces. */
export interface Out {
  log: (s: string) => void;
  write?: (s: string) => void;
}

const FLUSH_AT = 1 << 20;

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
