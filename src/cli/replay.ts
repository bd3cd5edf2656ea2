/**
 * `session-lens replay FILE`: nanobot's `get_history()` and the fate of every message. A big file
 * streams once into an index (each message's line, role and the facts the replay's rules read) and
 * the replay reads back only the messages it keeps, from the file's end: with a count window, an
 * `--extend-to-user` walk, main's archived tail or only a token budget, memory follows the kept
 * replay plus the index. The fates are written as they are made.
 */
import { basename } from 'node:path';
import { rulesOf } from '../core/nanobot/nanobot-version';
import { pyDumps } from '../core/python/pyjson';
import type { PyError } from '../core/python/pyjson';
import { DROP_REASON_EN } from '../words/replay-en';
import { heldFate, replayHeld, type Fate, type HeldReplay, type ReplayOptions } from '../core/replay/replay';
import type { EntrySink } from '../core/replay/indexed-replay';
import { readNanobotLens } from '../store/adapter/read-only';
import { replayStreamed } from '../store/adapter/indexed-read';
import type { Args } from './args';
import { describeLoad, located, tokenCounter, type Located } from './open';
import { bytePrinter, Printer, type BytePrinter, type Out } from './printer';
import { STREAMING } from './streaming';
import { plural } from './text';

/** A replay as the CLI prints it: the messages' lines and roles, every fate, the kept entries. */
interface Printed {
  count: number;
  lineOf: (i: number) => number;
  roleOf: (i: number) => string;
  fate: (i: number) => Fate;
  r: Pick<HeldReplay, 'entries' | 'tokens' | 'error'>;
}

/**
 * nanobot's load and replay of the file; the replay null when nanobot loads nothing. A big file
 * streams once into an index and only the messages the replay keeps are read back (whatever the
 * window, budget or version); a small one is read whole. `emit`: where a big file's kept entries go
 * as they are made (then none is held, and `r.entries` is empty).
 */
async function replayed(file: Located, now: string, opts: ReplayOptions, tokens: boolean, emit?: EntrySink): Promise<{ load: { repairError: PyError | null; strictError: PyError | null }; replay: Printed | null }> {
  const { abs, size, adapter, keyOpt, version } = file;
  const count = tokens ? await tokenCounter(version) : undefined;
  if (size >= STREAMING.from) {
    const v = await replayStreamed(adapter, basename(abs), { now, version, ...keyOpt, replay: opts, count, ...(emit && { emit }) });
    const s = v.load.result;
    if (!s || !v.replay) return { load: v.load, replay: null };
    const ix = s.index;
    return { load: v.load, replay: { count: ix.count, lineOf: (i) => ix.lines[i]!, roleOf: ix.roleOf, fate: v.replay.fate, r: v.replay } };
  }
  const v = await readNanobotLens(adapter, basename(abs), { now, version, ...keyOpt });
  const s = v.nanobot.result;
  if (!s) return { load: v.nanobot, replay: null };
  const r = replayHeld({ count: s.messages.length, tailStart: 0, tail: s.messages }, s.lastConsolidated, opts, version, count)!;
  const roleOf = (i: number) => (typeof s.messages[i]!.role === 'string' ? (s.messages[i]!.role as string) : '?');
  return { load: v.nanobot, replay: { count: s.messages.length, lineOf: (i) => s.messageLines[i]!, roleOf, fate: (i) => heldFate(r, i), r } };
}

/**
 * A fate as JSON (Python's json.dumps form): the file line, and kept (with its entry and changes) or
 * why not. Written out by hand, not through pyDumps: every part is a number or a code, and a file of
 * 10,000 messages has 10,000 fates.
 */
function fateJson(f: Fate, line: number): string {
  if (!f.kept) return `{"line": ${line + 1}, "kept": false, "reason": "${f.reason}"}`;
  return `{"line": ${line + 1}, "kept": true, "entry": ${f.entry}, "changes": [${f.changes.length ? `"${f.changes.join('", "')}"` : ''}]}`;
}

/**
 * The JSON answer `{"entries": […], "fates": […]}` written as it is made, through the byte printer
 * (pieces encoded into one reused buffer, written as it fills): the entries as the replay makes them
 * (`entry`, passed to the replay as its sink), then the fates. No entry is held once written, and
 * no text of the answer outlives its piece.
 */
/** The answer's writes: 64 KiB (its pieces are small; a bigger buffer is only memory). */
const PIECE = 64 << 10;

class JsonAnswer {
  private p: BytePrinter | null = null;
  private entries = 0;
  constructor(private readonly out: Out) {}

  readonly entry: EntrySink = (e) => {
    this.p ??= bytePrinter(this.out, PIECE);
    this.p.put((this.entries++ ? ', ' : '{"entries": [') + pyDumps(e));
  };

  /** Ends the answer: `held` (entries the replay kept in hand, when it did not stream them), then every fate. */
  finish(s: Printed, held: Printed['r']['entries']): void {
    held.forEach((e, k) => this.entry(e, k));
    const p = (this.p ??= bytePrinter(this.out, PIECE));
    p.put(this.entries ? '], "fates": [' : '{"entries": [], "fates": [');
    // Fates in pieces of a few KiB: one put per fate cost more than making the fate.
    let piece = '';
    for (let i = 0; i < s.count; i++) {
      piece += (i ? ', ' : '') + fateJson(s.fate(i), s.lineOf(i));
      if (piece.length >= 8192) {
        p.put(piece);
        piece = '';
      }
    }
    p.put(piece);
    p.put(']}\n');
    p.flush();
  }
}

/** Runs `replay`; 0 (nanobot's own failures are answers, not errors). */
export async function cmdReplay(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1, out);
  const version = file.version;
  const maxTokens = args.int('max-tokens', 0);
  const opts: ReplayOptions = {
    maxMessages: args.int('max-messages', rulesOf(version).defaultMaxMessages),
    maxTokens,
    includeTimestamps: args.flag('timestamps'),
    extendToUser: args.flag('extend-to-user'),
    includeRuntimeContext: !args.flag('public'),
  };
  const answer = args.json ? new JsonAnswer(out) : null;
  const { load, replay } = await replayed(file, now, opts, maxTokens > 0 || !args.json, answer?.entry);
  if (!replay) {
    if (args.json) out.log(pyDumps({ entries: [], fates: [] }));
    else out.log(`nanobot loads nothing from this file (${describeLoad(load)}): it would start an empty session and replay nothing.`);
    return 0;
  }
  const s = replay;
  const r = s.r;
  if (answer) {
    if (r.error) out.log(pyDumps({ error: { type: r.error.type, message: r.error.message } }));
    else answer.finish(s, r.entries);
    return 0;
  }
  const p = new Printer(out);
  // nanobot applies a budget only when max_tokens > 0: anything else is no budget at all.
  if (maxTokens < 0) p.line(`--max-tokens ${maxTokens} is no budget: nanobot applies one only when max_tokens > 0.`);
  if (r.error) {
    p.line(`nanobot raises ${r.error.type}: ${r.error.message} at message ${r.error.message_index + 1} (line ${s.lineOf(r.error.message_index) + 1}).`);
    p.flush();
    return 0;
  }
  const total = (r.tokens ?? []).reduce((a, b) => a + b, 0);
  p.line(`${r.entries.length} of ${plural(s.count, 'message')} replayed, ~${plural(total, 'token')}${maxTokens > 0 ? ` of a ${maxTokens}-token budget` : ' (no token budget)'}.`);
  for (let i = 0; i < s.count; i++) {
    const f = s.fate(i);
    const line = `#${i + 1} (line ${s.lineOf(i) + 1}) ${s.roleOf(i)}`;
    const tokens = r.tokens?.[f.kept ? f.entry : -1];
    if (f.kept) p.line(`  kept    ${line}${f.changes.length ? ` [${f.changes.join(', ')}]` : ''}  ~${tokens === undefined ? '?' : plural(tokens, 'token')}`);
    else p.line(`  dropped ${line}: ${DROP_REASON_EN[f.reason]}`);
  }
  p.flush();
  return 0;
}
