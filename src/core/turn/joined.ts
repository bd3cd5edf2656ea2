/**
 * nanobot's estimate of a whole request (`estimate_prompt_tokens_chain` without a provider counter):
 * every message's parts joined by `\n` and encoded as one text, plus 4 per message. The request is
 * kept as pieces: known text, and numbers where nanobot's own words (figures of the version table)
 * or a value that joins on its own (a path, the platform line, the clock) stand. Consecutive texts
 * are encoded together, so the joins between them count as nanobot counts them.
 */
import { type NanobotVersion, rulesOf } from '../nanobot/nanobot-version';
import { pyDumps } from '../python/pyjson';
import { dictGet, isDict, pyTypeName, truthy, type PyDict, type PyValue } from '../python/pyvalue';
import { TokenEstimateError, type TextTokenCounter } from '../tokens/tokens';

/** Known text, or tokens already counted (a figure, or a value that joins as its own pieces). */
export type Piece = string | number;

/** A part of the request whose text is not known, named, with its tokens counted and how far they may be off (null: no bound). */
export type UnknownSlot = 'runtime' | 'clock' | 'workspace-path' | 'channel' | 'join' | 'recent-history-cut' | 'summary-time' | 'builtin-skill' | 'estimate-fails';

export interface Unknown {
  slot: UnknownSlot;
  /** Tokens counted for it in the total (the middle of its range). */
  tokens: number;
  /** ± this many tokens; null when there is no bound. */
  spread: number | null;
}

/**
 * The texts the joined estimate takes from one message, in its order: the content (a string, or a
 * list's text blocks), the tool calls as JSON, the reasoning, the name and the tool call id.
 * Throws TokenEstimateError where Python's join raises (a truthy non-str text block before main).
 */
export function promptParts(message: PyDict, version: NanobotVersion, contentOnly = false): string[] {
  const skipNonString = rulesOf(version).nonStringTextBlock === 'skip';
  const parts: PyValue[] = [];
  const content = dictGet(message, 'content');
  if (typeof content === 'string') parts.push(content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      if (!isDict(block) || dictGet(block, 'type') !== 'text') continue;
      const text = dictGet(block, 'text') ?? '';
      if (truthy(text) && !(skipNonString && typeof text !== 'string')) parts.push(text);
    }
  }
  // (0.1.4.post5 counts the content alone: `contentOnly`.)
  const toolCalls = contentOnly ? undefined : dictGet(message, 'tool_calls');
  if (truthy(toolCalls)) parts.push(pyDumps(toolCalls!));
  const reasoning = contentOnly ? undefined : dictGet(message, 'reasoning_content');
  if (typeof reasoning === 'string' && reasoning) parts.push(reasoning);
  for (const key of contentOnly ? [] : ['name', 'tool_call_id']) {
    const v = dictGet(message, key);
    if (typeof v === 'string' && v) parts.push(v);
  }
  const bad = parts.findIndex((p) => typeof p !== 'string');
  if (bad >= 0) throw new TokenEstimateError({ type: 'TypeError', message: `sequence item ${bad}: expected str instance, ${pyTypeName(parts[bad]!)} found` });
  return parts as string[];
}

/** The pieces' tokens: each run of texts encoded as one; null when tiktoken refuses a run (a special token). */
export function countPieces(pieces: readonly Piece[], count: TextTokenCounter): number | null {
  let total = 0;
  let run = '';
  const flush = (): boolean => {
    if (!run) return true;
    const n = count(run);
    run = '';
    if (n === 'special') return false;
    total += n;
    return true;
  };
  for (const p of pieces) {
    if (typeof p === 'string') run += p;
    else {
      if (!flush()) return null;
      total += p;
    }
  }
  return flush() ? total : null;
}

/** The UTF-8 bytes of the pieces' texts (what the later fallback counts for them). */
export function pieceBytes(pieces: readonly Piece[]): number {
  const enc = new TextEncoder();
  return pieces.reduce<number>((a, p) => a + (typeof p === 'string' ? enc.encode(p).length : 0), 0);
}

/** The middle and half-width of a range of token counts, so that middle ± half covers it. */
export function rangeOf(counts: readonly number[]): { tokens: number; spread: number } {
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  const tokens = Math.round((lo + hi) / 2);
  return { tokens, spread: Math.max(tokens - lo, hi - tokens) };
}

/** A Windows path (drive letter or UNC): nanobot there writes the Windows policy and a Windows platform line. */
export function isWindowsPath(path: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

// Platform lines nanobot may write (`{system} {machine}, Python {version}`): the machine's, not nanobot's words.
const POSIX_SYSTEMS = ['Linux', 'macOS'];
const POSIX_MACHINES = ['x86_64', 'aarch64', 'arm64'];
const WINDOWS_MACHINES = ['AMD64', 'ARM64'];
const PYTHONS = ['3.11.2', '3.11.15', '3.12.3', '3.12.13', '3.13.1', '3.13.11', '3.14.0', '3.14.2'];

/** The platform line's size when the machine is not known: the range over likely systems, machines and Pythons. */
export function runtimeRange(windows: boolean, count: TextTokenCounter): { tokens: number; spread: number } {
  const lines: string[] = [];
  for (const system of windows ? ['Windows'] : POSIX_SYSTEMS)
    for (const machine of windows ? WINDOWS_MACHINES : POSIX_MACHINES) for (const py of PYTHONS) lines.push(`${system} ${machine}, Python ${py}`);
  return rangeOf(lines.map((l) => countText(count, l)));
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZONES: [string, string][] = [['UTC', '+00:00'], ['CET', '+01:00'], ['CEST', '+02:00'], ['EST', '-05:00'], ['PDT', '-07:00'], ['JST', '+09:00'], ['Asia/Shanghai', '+08:00'], ['America/Los_Angeles', '-08:00'], ['Europe/Berlin', '+01:00']];

/** v0.2's time line's size (as it joins, `' ' + time + '\n'`) when the clock is not known. */
export function clockRange(count: TextTokenCounter, withOffset = true): { tokens: number; spread: number } {
  const lines: string[] = [];
  for (const day of WEEKDAYS) for (const [zone, off] of ZONES) lines.push(` 2026-11-19 23:47 (${day}) (${zone}${withOffset ? `, UTC${off}` : ''})\n`);
  return rangeOf(lines.map((l) => countText(count, l)));
}

/**
 * nanobot's `current_time_str` for an instant in a zone: `YYYY-MM-DD HH:MM (Weekday) (zone, UTC±hh:mm)`.
 * `offsetMinutes` east of UTC; `zone` is the name nanobot prints (its configured zone, else the machine's).
 */
export function nanobotClock(epochMs: number, offsetMinutes: number, zone: string, withOffset = true): string {
  const d = new Date(epochMs + offsetMinutes * 60_000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
  const day = WEEKDAYS[(d.getUTCDay() + 6) % 7]!;
  const a = Math.abs(offsetMinutes);
  if (!withOffset) return `${date} (${day}) (${zone})`; // (0.1.4.post5: the zone's name alone)
  return `${date} (${day}) (${zone}, UTC${offsetMinutes < 0 ? '-' : '+'}${p2(Math.floor(a / 60))}:${p2(a % 60)})`;
}

/** A text's tokens, with tiktoken's refusal counted as its byte quarter (the piece stands alone). */
export function countText(count: TextTokenCounter, text: string): number {
  const n = count(text);
  return n === 'special' ? Math.floor(new TextEncoder().encode(text).length / 4) : n;
}
