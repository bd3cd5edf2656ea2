/**
 * nanobot's `_load` over a file known by its line index, with nanobot's own exception texts: the
 * strict pass reads back only the lines that are not plain messages (metadata, provider states,
 * anything its json.loads may refuse) and stands in for the others, which it only counts and
 * places; the repair pass (a damaged file) reads every line. The file must be valid UTF-8 (else
 * Python's read fails first, with a text that depends on its decoder's chunks: the caller reads it
 * another way).
 */
import { LoadPass, passSession, type PassOutcome, type NanobotSession } from '../lens/load';
import { decodeStrict } from '../python/lines';
import type { LoadsResult, PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import type { PyDict } from '../python/pyvalue';
import type { VersionRules } from '../nanobot/nanobot-version';
import type { LineIndex } from './line-index';
import { FLAG, KIND } from './fact-codes';

/** Flags that make a message line one the strict pass must read (its json.loads may raise or differ). */
const NOT_PLAIN = FLAG.nanobotBad | FLAG.tooDeep | FLAG.valueError | FLAG.bom | FLAG.invalidUtf8;
const PLAIN: LoadsResult = { ok: true, value: Object.freeze({}) as PyDict };

type Ix = Pick<LineIndex, 'count' | 'kind' | 'flags'>;

/** Whether line `i` is a message the strict pass stands in for. */
function plain(ix: Ix, i: number): boolean {
  return ix.kind[i] === KIND.message && !(ix.flags[i]! & NOT_PLAIN);
}

/** Whether the file is valid UTF-8 throughout (what `IndexedPass` needs). */
export function indexDecodes(ix: Ix): boolean {
  for (let i = 0; i < ix.count; i++) if (ix.flags[i]! & FLAG.invalidUtf8) return false;
  return true;
}

/** The lines whose text a pass reads, ascending. */
export function passLines(ix: Ix, repair: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < ix.count; i++) if (ix.kind[i] !== KIND.blank && (repair || !plain(ix, i))) out.push(i);
  return out;
}

/** A session as an indexed pass yields it: the head, and the line of every message nanobot holds. */
export type IndexedSession = Omit<NanobotSession, 'messages' | 'messageLines'> & { lines: Uint32Array };

/** One pass of `_load` over the index: `text` each line of `passLines` in order, then `finish`. */
export class IndexedPass {
  private next = 0;
  private error: PyError | null = null;
  private lines = new Uint32Array(1024);
  private count = 0;
  private readonly pass: LoadPass;

  constructor(
    private readonly ix: Ix,
    now: string,
    private readonly repair: boolean,
    private readonly rules: VersionRules,
  ) {
    this.pass = new LoadPass(now, repair, rules, { add: (_m, line) => this.note(line) });
  }

  private note(line: number): void {
    if (this.count === this.lines.length) {
      const b = new Uint32Array(this.count * 2);
      b.set(this.lines);
      this.lines = b;
    }
    this.lines[this.count++] = line;
  }

  /** Stands in for the plain messages before line `to`. */
  private upTo(to: number): void {
    for (; this.next < to && !this.error; this.next++) if (!this.repair && plain(this.ix, this.next)) this.error = this.pass.feed({ index: this.next, text: '', parsed: PLAIN });
  }

  /** Line `i`'s content bytes (valid UTF-8). */
  text(i: number, raw: Uint8Array): void {
    this.upTo(i);
    if (!this.error) this.error = this.pass.feed({ index: i, text: pyStrip(decodeStrict(raw)) });
    this.next = i + 1;
  }

  /** The pass's outcome under `key`. */
  finish(key: string): PassOutcome<IndexedSession> {
    this.upTo(this.ix.count);
    if (this.error) return this.error;
    const t = this.pass.finish();
    return { session: passSession(t, key, this.repair, this.rules, { lines: this.lines.slice(0, this.count) }), skipped: t.skipped };
  }
}
