/**
 * A large file's health read from its index alone (line-index.ts): how many lines have each
 * problem the index's kinds, flags, roles and terminators can tell, where the metadata record
 * is, and where the next line with a given problem is. No byte of the file is read again. The
 * listed diagnostics are another answer, not a copy of these rules: `parseDocument`'s own rules run
 * on the lines the index picks (index-diagnostics.ts), which read back the values they judge.
 */
import { EOL, type LineIndex } from './line-index';
import { FLAG, KIND, ROLE } from './fact-codes';

/**
 * The problems a line can have, as bits (one line may have several). Their order is the order
 * they are listed in: what loses data or breaks nanobot first, then what nanobot reads anyway.
 */
export const LINE_PROBLEM = {
  /** Not valid UTF-8: nanobot reads nothing from the whole file. */
  invalidUtf8: 1,
  /** Not a record (corrupt: not JSON, not an object, too deep, a number too long, not UTF-8). */
  notRecord: 2,
  /** Not valid JSON (JSONDecodeError). */
  badJson: 4,
  /** JSON, but not an object. */
  notObject: 8,
  /** Nested deeper than Python's recursion limit. */
  tooDeep: 16,
  /** An integer over Python's 4,300 digits (ValueError). */
  longNumber: 32,
  /** Starts with a byte-order mark. */
  bom: 64,
  /** nanobot's `json.loads` of the line raises (the line's bytes are UTF-8). */
  rejected: 128,
  /** A message without `role`: nanobot's replay raises KeyError on it. */
  missingRole: 256,
  /** A provider_state record main does not accept (its repair pass skips it). */
  invalidState: 512,
  /** Blank: nanobot skips it. */
  blank: 1024,
  /** Ends with `\r\n`. */
  crlf: 2048,
  /** Ends with a lone `\r`. */
  cr: 4096,
} as const;
export type LineProblem = keyof typeof LINE_PROBLEM;
export const LINE_PROBLEMS = Object.keys(LINE_PROBLEM) as LineProblem[];

/** Problems of the file as a whole, each at one line (or none). */
export type FileProblem = 'noFinalNewline' | 'missingMetadata' | 'metadataNotFirst' | 'duplicateMetadata';

/** What the index says about a file's health. */
export interface IndexHealth {
  /** Lines with each line problem. */
  lines: Record<LineProblem, number>;
  /** The first line with each line problem, -1 for none (the view's "first" needs no scan). */
  first: Record<LineProblem, number>;
  /** Metadata records: how many, the first and the last (the one nanobot loads), -1 when none. */
  metadata: { count: number; first: number; last: number };
  /** The last line when it has content and no terminator, else -1. */
  noFinalNewline: number;
}

/** The problem bits of a line's facts (its kind, flags, terminator and role codes): the one definition the table below is made from. */
function problemsOf(k: number, f: number, e: number, role: number): number {
  let p = e === EOL.crlf ? LINE_PROBLEM.crlf : e === EOL.cr ? LINE_PROBLEM.cr : 0;
  if (k === KIND.blank) return p | LINE_PROBLEM.blank;
  if (f & FLAG.bom) p |= LINE_PROBLEM.bom;
  if (k === KIND.message) {
    if (role === ROLE.none) p |= LINE_PROBLEM.missingRole;
    return f & FLAG.nanobotBad ? p | LINE_PROBLEM.rejected : p;
  }
  if (k === KIND.provider_state && !(f & FLAG.stateValid)) p |= LINE_PROBLEM.invalidState;
  if (k !== KIND.corrupt) return f & FLAG.nanobotBad ? p | LINE_PROBLEM.rejected : p;
  p |= LINE_PROBLEM.notRecord;
  if (f & FLAG.invalidUtf8) return p | LINE_PROBLEM.invalidUtf8;
  p |= LINE_PROBLEM.rejected;
  if (f & FLAG.tooDeep) return p | LINE_PROBLEM.tooDeep;
  if (f & FLAG.valueError) return p | LINE_PROBLEM.longNumber;
  if (f & FLAG.notObject) return p | LINE_PROBLEM.notObject;
  // What is left failed json.loads (nanobotBad); an index made before FLAG.notObject had no flag for a non-object.
  return f & FLAG.nanobotBad ? p | LINE_PROBLEM.badJson : p | LINE_PROBLEM.notObject;
}

/**
 * A line's facts as one small key: kind (3 bits), terminator (2), whether it has no role (1) and
 * the 7 flags the problems read (nanobotBad, tooDeep, invalidUtf8, stateValid as bits 3–6 of the
 * flags; valueError, bom, notObject as bits 8–10). The counts tally keys, not problems: a line
 * costs four loads, a few shifts and one increment, whatever is wrong with it.
 */
function keyOf(k: number, f: number, e: number, r: number): number {
  return k | (e << 3) | (r === NO_ROLE ? 32 : 0) | ((((f >> 3) & 15) | (((f >> 8) & 7) << 4)) << 6);
}
const NO_ROLE = ROLE.none;
const METADATA = KIND.metadata;
const MESSAGE = KIND.message;
const LF = EOL.lf;
/** Flags that make a message line a problem (a BOM); the others are facts about its value. */
const MESSAGE_FAULTS = FLAG.bom | FLAG.nanobotBad;
const KEYS = 1 << 13;

/**
 * The problem bits of every key, each computed from `problemsOf` the first time it is asked (-1: not
 * yet). Filling all 8,192 when the module loaded cost every run that reads a big file a loop V8
 * optimized (and `problemsOf` with it) for the few keys a file's lines have.
 */
const PROBLEMS_OF_KEY = new Int32Array(KEYS).fill(-1);

/** The problem bits of a key (`keyOf`). */
function keyProblems(key: number): number {
  const p = PROBLEMS_OF_KEY[key]!;
  if (p >= 0) return p;
  const fb = key >> 6;
  const flags = ((fb & 15) << 3) | (((fb >> 4) & 7) << 8);
  return (PROBLEMS_OF_KEY[key] = problemsOf(key & 7, flags, (key >> 3) & 3, key & 32 ? NO_ROLE : ROLE.user));
}

/** The problem bits of line `i`: the one definition the counts, the jumps and the rows share. */
export function lineProblems(ix: Pick<LineIndex, 'kind' | 'flags' | 'eol' | 'role'>, i: number): number {
  return keyProblems(keyOf(ix.kind[i]!, ix.flags[i]!, ix.eol[i]!, ix.role[i]!));
}

/** An empty tally, to add slices of the index to. */
export function emptyHealth(): IndexHealth {
  const lines = {} as Record<LineProblem, number>;
  const first = {} as Record<LineProblem, number>;
  for (const k of LINE_PROBLEMS) {
    lines[k] = 0;
    first[k] = -1;
  }
  return { lines, first, metadata: { count: 0, first: -1, last: -1 }, noFinalNewline: -1 };
}

/**
 * Adds lines [from, to) of the index to `h` (so a page can count 1.7 million lines in slices
 * between which it yields); the last slice (to = count) also settles the final newline.
 */
export function addHealth(h: IndexHealth, ix: Pick<LineIndex, 'count' | 'kind' | 'flags' | 'eol' | 'role'>, from: number, to: number): IndexHealth {
  const perKey = new Uint32Array(KEYS);
  const firstOfKey = new Int32Array(KEYS).fill(-1);
  const m = h.metadata;
  const { kind, flags, eol, role } = ix;
  for (let i = from; i < to; i++) {
    const k = kind[i]!;
    const f = flags[i]!;
    const e = eol[i]!;
    const r = role[i]!;
    // Most lines are plain messages ending in "\n", with no problem: four tests, nothing tallied.
    if (k === MESSAGE && e === LF && r !== NO_ROLE && !(f & MESSAGE_FAULTS)) continue;
    const key = keyOf(k, f, e, r);
    if (perKey[key]!++ === 0) firstOfKey[key] = i;
    if (k === METADATA) {
      if (m.count++ === 0) m.first = i;
      m.last = i;
    }
  }
  for (let key = 0; key < KEYS; key++) {
    const n = perKey[key]!;
    if (n === 0) continue;
    const p = keyProblems(key);
    for (let b = 0; b < LINE_PROBLEMS.length; b++) {
      if (!(p & (1 << b))) continue;
      const name = LINE_PROBLEMS[b]!;
      h.lines[name] += n;
      const at = firstOfKey[key]!;
      // Slices come in order: an earlier slice's first line is before any of this one's.
      if (h.first[name] < 0 || at < h.first[name]) h.first[name] = at;
    }
  }
  if (to === ix.count && to > 0) {
    const last = to - 1;
    h.noFinalNewline = ix.eol[last] === EOL.none && ix.kind[last] !== KIND.blank ? last : -1;
  }
  return h;
}

/** How many lines (or places) each file problem concerns. */
export function fileProblemCount(h: IndexHealth, p: FileProblem): number {
  const m = h.metadata;
  if (p === 'noFinalNewline') return h.noFinalNewline >= 0 ? 1 : 0;
  if (p === 'missingMetadata') return m.count === 0 ? 1 : 0;
  if (p === 'metadataNotFirst') return m.count > 0 && m.first !== 0 ? 1 : 0;
  return Math.max(0, m.count - 1);
}

/**
 * The first line after `after` with line problem `p`, wrapping to the file's start; -1 when no
 * line has it. A scan of the typed arrays from there: no list of lines is kept per problem.
 */
export function nextProblemLine(ix: Pick<LineIndex, 'count' | 'kind' | 'flags' | 'eol' | 'role'>, p: LineProblem, after: number): number {
  const bit = LINE_PROBLEM[p];
  const { kind, flags, eol, role } = ix;
  const hit = (i: number) => keyProblems(keyOf(kind[i]!, flags[i]!, eol[i]!, role[i]!)) & bit;
  for (let i = after + 1; i < ix.count; i++) if (hit(i)) return i;
  for (let i = 0; i <= Math.min(after, ix.count - 1); i++) if (hit(i)) return i;
  return -1;
}

/** The next line (after `after`, wrapping) a file problem points at; -1 when there is none (or no line to show, as for a missing metadata record). */
export function nextFileProblemLine(ix: Pick<LineIndex, 'count' | 'kind'>, h: IndexHealth, p: FileProblem, after: number): number {
  if (p === 'noFinalNewline') return h.noFinalNewline;
  if (p === 'missingMetadata') return -1;
  if (p === 'metadataNotFirst') return h.metadata.count > 0 && h.metadata.first !== 0 ? h.metadata.first : -1;
  // Every metadata record but the last (nanobot loads the last; its listing shows the first).
  const last = h.metadata.last;
  for (let i = after + 1; i < last; i++) if (ix.kind[i] === KIND.metadata) return i;
  for (let i = 0; i < Math.min(after + 1, last); i++) if (ix.kind[i] === KIND.metadata) return i;
  return -1;
}

/** The index's plain counts, the first facts a large file's header gives: messages by role (user, assistant, tool, other), and lines that are not records. */
export function roleCounts(ix: Pick<LineIndex, 'messageCount' | 'messages' | 'role' | 'count' | 'kind'>): { roles: [number, number, number, number]; notRecords: number } {
  const roles: [number, number, number, number] = [0, 0, 0, 0];
  for (let k = 0; k < ix.messageCount; k++) {
    const r = ix.role[ix.messages[k]!]!;
    roles[r === ROLE.user ? 0 : r === ROLE.assistant ? 1 : r === ROLE.tool ? 2 : 3]++;
  }
  let notRecords = 0;
  for (let i = 0; i < ix.count; i++) if (ix.kind[i] === KIND.corrupt || ix.kind[i] === KIND.blank) notRecords++;
  return { roles, notRecords };
}
