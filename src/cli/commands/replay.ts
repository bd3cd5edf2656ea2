/**
 * `session-lens replay FILE`: nanobot's `get_history()` and the fate of every message, through the
 * file's SessionSource (a big file's replay reads back only the messages it keeps). The fates are
 * written as they are made; where nanobot raises (at load, or in the replay) that is the answer, exit 1.
 */
import { rulesOf } from '../../core/nanobot/nanobot-version';
import { pyDumps } from '../../core/python/pyjson';
import { DROP_REASON_EN } from '../../words/replay-en';
import type { Fate, ReplayOptions } from '../../core/replay/replay';
import type { EntrySink } from '../../core/replay/indexed-replay';
import type { SourceReplay } from '../../store/source/session-source';
import type { Args } from '../args';
import { describeLoad, loadRaise, opened, reportRaise, tokenCounter } from '../open';
import { bytePrinter, Printer, type BytePrinter, type Out } from '../output/printer';
import { plural } from '../output/text';

type Printed = NonNullable<SourceReplay['replay']>;

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
  finish(s: Printed, held: Printed['entries']): void {
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

/** Runs `replay`; 1 where nanobot raises (its load or its replay), else 0 (loading nothing is an answer too). */
export async function cmdReplay(args: Args, now: string, out: Out): Promise<number> {
  const file = await opened(args.positional(0, 'FILE'), args, 1, now, out);
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
  const count = maxTokens > 0 || !args.json ? await tokenCounter(version) : undefined;
  const { load, replay } = await file.source.replay(opts, { ...(count && { count }), ...(answer && { emit: answer.entry }) });
  const raised = loadRaise(load);
  if (raised) return reportRaise(raised, out);
  if (!replay) {
    if (args.json) out.log(pyDumps({ entries: [], fates: [] }));
    else out.log(`nanobot loads nothing from this file (${describeLoad(load)}): it would start an empty session and replay nothing.`);
    return 0;
  }
  const s = replay;
  if (s.error) {
    const { message_index, ...error } = s.error;
    if (!args.json && maxTokens < 0) out.log(`--max-tokens ${maxTokens} is no budget: nanobot applies one only when max_tokens > 0.`);
    // Index -1: it raises before reading any message (slicing with a stored last_consolidated).
    return reportRaise({ during: 'replay', error, ...(message_index >= 0 ? { message: message_index, line: s.lineOf(message_index) } : {}) }, out);
  }
  if (answer) {
    answer.finish(s, s.entries);
    return 0;
  }
  const p = new Printer(out);
  // nanobot applies a budget only when max_tokens > 0: anything else is no budget at all.
  if (maxTokens < 0) p.line(`--max-tokens ${maxTokens} is no budget: nanobot applies one only when max_tokens > 0.`);
  const total = (s.tokens ?? []).reduce((a, b) => a + b, 0);
  p.line(`${s.entries.length} of ${plural(s.count, 'message')} replayed, ~${plural(total, 'token')}${maxTokens > 0 ? ` of a ${maxTokens}-token budget` : ' (no token budget)'}.`);
  for (let i = 0; i < s.count; i++) {
    const f = s.fate(i);
    const line = `#${i + 1} (line ${s.lineOf(i) + 1}) ${s.roleOf(i)}`;
    const tokens = s.tokens?.[f.kept ? f.entry : -1];
    if (f.kept) p.line(`  kept    ${line}${f.changes.length ? ` [${f.changes.join(', ')}]` : ''}  ~${tokens === undefined ? '?' : plural(tokens, 'token')}`);
    else p.line(`  dropped ${line}: ${DROP_REASON_EN[f.reason]}`);
  }
  p.flush();
  return 0;
}
