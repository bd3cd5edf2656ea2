/**
 * `session-lens replay FILE`: nanobot's `get_history()` and the fate of every message. A big file
 * with a count window streams: only the window's last messages (and every message's line and role)
 * are held, and the fates are written as they are made. Where a rule needs more than is held (an
 * `--extend-to-user` walk further back, main's replay without a count window) the whole file is read.
 */
import path from 'node:path';
import { rulesOf } from '../core/nanobot-version';
import { pyDumps } from '../core/pyjson';
import { dictFrom } from '../core/pyvalue';
import { DROP_REASON_TEXT, heldFate, replayHeld, type Fate, type HeldMessages, type HeldReplay, type ReplayOptions } from '../core/replay';
import { readNanobotLens } from '../store/read-only';
import { readNanobotStreamed } from '../store/streamed-read';
import type { Args } from './args';
import { describeLoad, located, tokenCounter, type Located } from './open';
import { Printer, type Out } from './printer';
import { STREAMING } from './streaming';
import { plural } from './text';

/** A loaded session as the replay reads it: its held messages, each message's file line and role. */
interface Replayable {
  held: HeldMessages;
  lastConsolidated: number;
  lineOf: (i: number) => number;
  roleOf: (i: number) => string;
}

/** The session nanobot loads, streamed when big enough and windowed; null when it loads nothing. */
async function replayed(file: Located, now: string, opts: ReplayOptions, tokens: boolean) {
  const { abs, size, adapter, keyOpt, version } = file;
  const rules = rulesOf(version);
  const count = tokens ? await tokenCounter(version) : undefined;
  const replay = (s: Replayable) => ({ session: s, r: replayHeld(s.held, s.lastConsolidated, opts, version, count) });
  const window = opts.maxMessages! > 0 ? opts.maxMessages! : rules.nonPositiveMaxMessages;
  if (window !== null && size >= STREAMING.from) {
    const v = await readNanobotStreamed(adapter, path.basename(abs), { now, version, hold: window + STREAMING.slack, ...keyOpt });
    const s = v.nanobot.result;
    if (!s) return { load: v.nanobot, replay: null };
    const attempt = replay({ held: s, lastConsolidated: s.lastConsolidated, lineOf: (i) => s.messageLines[i]!, roleOf: s.roleOf });
    if (attempt.r) return { load: v.nanobot, replay: attempt };
  }
  const v = await readNanobotLens(adapter, path.basename(abs), { now, version, ...keyOpt });
  const s = v.nanobot.result;
  if (!s) return { load: v.nanobot, replay: null };
  const held = { count: s.messages.length, tailStart: 0, tail: s.messages };
  const roleOf = (i: number) => (typeof s.messages[i]!.role === 'string' ? (s.messages[i]!.role as string) : '?');
  return { load: v.nanobot, replay: replay({ held, lastConsolidated: s.lastConsolidated, lineOf: (i) => s.messageLines[i]!, roleOf }) };
}

/** A fate as JSON (Python's json.dumps form): the file line, and kept (with its entry and changes) or why not. */
function fateJson(f: Fate, line: number): string {
  if (!f.kept) return `{"line": ${line + 1}, "kept": false, "reason": "${f.reason}"}`;
  return pyDumps(dictFrom([['line', line + 1], ['kept', true], ['entry', f.entry], ['changes', f.changes]]));
}

/** Prints `{"entries": …, "fates": […]}` a fate at a time, never the whole document as one string. */
function printJson(p: Printer, s: Replayable, r: HeldReplay): void {
  p.write('{"entries": [');
  r.entries.forEach((e, i) => p.write((i ? ', ' : '') + pyDumps(e)));
  p.write('], "fates": [');
  for (let i = 0; i < s.held.count; i++) p.write((i ? ', ' : '') + fateJson(heldFate(r, i), s.lineOf(i)));
  p.line(']}');
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
  const { load, replay } = await replayed(file, now, opts, maxTokens > 0 || !args.json);
  if (!replay) {
    if (args.json) out.log(pyDumps({ entries: [], fates: [] }));
    else out.log(`nanobot loads nothing from this file (${describeLoad(load)}): it would start an empty session and replay nothing.`);
    return 0;
  }
  const { session: s, r } = replay as { session: Replayable; r: HeldReplay };
  const p = new Printer(out);
  if (args.json) {
    if (r.error) p.line(pyDumps({ error: { type: r.error.type, message: r.error.message } }));
    else printJson(p, s, r);
    p.flush();
    return 0;
  }
  // nanobot applies a budget only when max_tokens > 0: anything else is no budget at all.
  if (maxTokens < 0) p.line(`--max-tokens ${maxTokens} is no budget: nanobot applies one only when max_tokens > 0.`);
  if (r.error) {
    p.line(`nanobot raises ${r.error.type}: ${r.error.message} at message ${r.error.message_index + 1} (line ${s.lineOf(r.error.message_index) + 1}).`);
    p.flush();
    return 0;
  }
  const total = (r.tokens ?? []).reduce((a, b) => a + b, 0);
  p.line(`${r.entries.length} of ${plural(s.held.count, 'message')} replayed, ~${plural(total, 'token')}${maxTokens > 0 ? ` of a ${maxTokens}-token budget` : ' (no token budget)'}.`);
  for (let i = 0; i < s.held.count; i++) {
    const f = heldFate(r, i);
    const line = `#${i + 1} (line ${s.lineOf(i) + 1}) ${s.roleOf(i)}`;
    const tokens = r.tokens?.[f.kept ? f.entry : -1];
    if (f.kept) p.line(`  kept    ${line}${f.changes.length ? ` [${f.changes.join(', ')}]` : ''}  ~${tokens === undefined ? '?' : plural(tokens, 'token')}`);
    else p.line(`  dropped ${line}: ${DROP_REASON_TEXT[f.reason]}`);
  }
  p.flush();
  return 0;
}
