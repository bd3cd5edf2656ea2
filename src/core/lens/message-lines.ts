/**
 * Which lines of a streamed file a command prints as messages, noted on a first pass so that a
 * second pass can print them without the messages ever being held: a line whose `json.dumps` text
 * is the line itself (nanobot wrote it) is copied from the file's own bytes; only the others are
 * parsed and dumped again.
 */
import { loneSurrogateIndex } from '../python/lines';
import { pyDumps } from '../python/pyjson';
import type { PyDict } from '../python/pyvalue';

/** The messages of one lens, by file line: 4 + 1 bytes a message, whatever its size. */
export interface MessageLines {
  count: number;
  /** 0-based file line of message i (increasing). */
  lines: Int32Array;
  /** 1 where message i's `json.dumps` text is its stripped line. */
  canonical: Uint8Array;
  /** Some message's `json.dumps` text holds a lone surrogate (Python cannot encode it: `save()` raises). */
  surrogates: boolean;
  /**
   * False when the dumps check was skipped (a pass whose command prints no message, e.g. `load`'s
   * summary: the check is a json.dumps of every message): every message is then marked for
   * re-dumping (still printed right), and `surrogates` says nothing.
   */
  checked: boolean;
}

/** No messages yet; `checked: false` notes lines without the dumps check (see MessageLines.checked). */
export function newMessageLines(checked = true): MessageLines {
  return { count: 0, lines: new Int32Array(1024), canonical: new Uint8Array(1024), surrogates: false, checked };
}

/**
 * Notes message `value` on file line `line`, parsed from `text` (the stripped line): whether its
 * dumps text is that line, so the next pass may copy the line's bytes.
 */
export function addMessageLine(ml: MessageLines, value: PyDict, line: number, text: string): void {
  if (ml.count === ml.lines.length) {
    const lines = new Int32Array(ml.count * 2);
    lines.set(ml.lines);
    const canonical = new Uint8Array(ml.count * 2);
    canonical.set(ml.canonical);
    ml.lines = lines;
    ml.canonical = canonical;
  }
  let same = false;
  if (ml.checked) {
    const dumped = pyDumps(value);
    same = dumped === text;
    // A line decoded from valid UTF-8 holds no lone surrogate; only a re-dumped value can.
    if (!same && loneSurrogateIndex(dumped) >= 0) ml.surrogates = true;
  }
  ml.lines[ml.count] = line;
  ml.canonical[ml.count] = same ? 1 : 0;
  ml.count++;
}

/** A pass's sink that notes every message's line (format, load): `held()` gives them; `textOf()` is the line's stripped text. */
export function messageLineSink(textOf: () => string, checked = true): { add: (m: PyDict, line: number) => void; held: () => { lensLines: MessageLines } } {
  const ml = newMessageLines(checked);
  return { add: (m, line) => addMessageLine(ml, m, line, textOf()), held: () => ({ lensLines: ml }) };
}
