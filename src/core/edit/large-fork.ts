/**
 * nanobot's fork before a user turn (fork.ts) of a file known only by its index: where it cuts,
 * found from the index's roles alone, and each message line of the prefix either copied from the
 * file as it is (the index's FLAG.dumps: its bytes are what nanobot's save writes for it, and v0.3's
 * public view leaves it alone) or written again from its value. The rules are fork.ts's; the bytes
 * are those `formatSession` writes for the whole-file fork.
 */
import type { LineIndex } from '../index/line-index';
import { FLAG, ROLE } from '../index/fact-codes';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { RUNTIME_CONTEXT_KEY, publicHistoryMessage } from '../nanobot/runtime-context';
import { encodeUtf8 } from '../python/lines';
import { pyDumps } from '../python/pyjson';
import { copyDepth, type PyDict } from '../python/pyvalue';

/** Where a fork cuts the messages on `lines` (nanobot's lens): the prefix it copies, and the session's user turns. */
export interface ForkCut {
  prefix: number;
  users: number;
}

/**
 * The cut of a fork before user turn `userIndex` (≥ 0): the messages before that turn, or every
 * message when the session has no such turn (nanobot copies them all before it finds none).
 */
export function forkCut(ix: Pick<LineIndex, 'role'>, lines: ArrayLike<number>, userIndex: number): ForkCut {
  let users = 0;
  let prefix = lines.length;
  for (let k = 0; k < lines.length; k++) {
    if (ix.role[lines[k]!] !== ROLE.user) continue;
    if (users === userIndex) prefix = k;
    users++;
  }
  return { prefix, users };
}

const KEY_BYTES = encodeUtf8(JSON.stringify(RUNTIME_CONTEXT_KEY));

function holds(raw: Uint8Array, what: Uint8Array): boolean {
  for (let i = raw.indexOf(what[0]!); i >= 0 && i + what.length <= raw.length; i = raw.indexOf(what[0]!, i + 1)) {
    let j = 1;
    while (j < what.length && raw[i + j] === what[j]) j++;
    if (j === what.length) return true;
  }
  return false;
}

/**
 * Whether line `line` (its content `raw`) goes into the fork as its own bytes: the index knows them
 * to be json.dumps of the value, and the version's copy (v0.3's public view) keeps the value as it
 * is: a dumps line spells the runtime-context key plainly, so a line without it has none.
 */
export function copiedAsIs(ix: Pick<LineIndex, 'flags'>, line: number, raw: Uint8Array, version: NanobotVersion): boolean {
  if (!(ix.flags[line]! & FLAG.dumps)) return false;
  return rulesOf(version).forkCopies !== 'public-view' || !holds(raw, KEY_BYTES);
}

/**
 * The deepest nesting of brackets in a JSON line outside its strings: copy.deepcopy's depth of its
 * value is at most one more, so only a line near the version's figure is parsed to know.
 */
export function bracketDepth(raw: Uint8Array): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) max = depth;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return max;
}

/** Whether nanobot's fork raises RecursionError copying this message (fork.ts's rule). */
export function tooDeepToCopy(value: PyDict, version: NanobotVersion): boolean {
  return copyDepth(value) > rulesOf(version).depthBudget.forkMessageCopy;
}

/** Whether a line nested `brackets` deep may be too deep to copy (then its value tells). */
export function mayBeTooDeep(brackets: number, version: NanobotVersion): boolean {
  return brackets + 1 > rulesOf(version).depthBudget.forkMessageCopy;
}

/** A message of the prefix as nanobot's save writes it into the fork (its text; the version's copy of it dumped). */
export function forkLine(value: PyDict, version: NanobotVersion): string {
  return pyDumps(rulesOf(version).forkCopies === 'public-view' ? publicHistoryMessage(value) : value) + '\n';
}

/** Characters (code points) in UTF-8 bytes: every byte that does not continue a character. */
export function utf8Chars(raw: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) if ((raw[i]! & 0xc0) !== 0x80) n++;
  return n;
}
