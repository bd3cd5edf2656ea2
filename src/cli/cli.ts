/**
 * `session-lens`: the same core over Node's file system. Read commands print nanobot's answers;
 * write commands print what they would do and write only with `--write`, through the atomic save.
 */
import path from 'node:path';
import { encodeSession, formatSession } from '../core/format';
import { isoRoundTrip, localIsoNow } from '../core/isotime';
import { pyDumps } from '../core/pyjson';
import { dictFrom, type PyValue } from '../core/pyvalue';
import { readBothLenses, type NanobotView } from '../store/read-only';
import { openSession } from '../store/sessions';
import { version } from '../../package.json';
import { checkHealth } from './check';
import { askedVersion } from './version';
import { parseArgs, UsageError, type Args } from './args';
import { cmdList } from './list';
import { describeLoad, located, openedNanobot, tokenCounter } from './open';
import type { Out } from './printer';
import { cmdReplay } from './replay';
import { plural } from './text';
import { STREAMING } from './streaming';
import { cmdTrimStreamed } from './trim';
import { cmdWrite } from './write';

const USAGE = `usage: session-lens <command> [options]

Read (add --json for one JSON document in Python's json.dumps form):
  replay FILE [--key K] [--max-messages N] [--max-tokens N] [--timestamps] [--extend-to-user] [--public]
  load FILE [--key K]        both lenses: as nanobot sees it, and recovered, with diagnostics
  tokens FILE [--key K]      nanobot's token estimate per message
  list DIR                   nanobot's session listing, in its order (a sessions folder, a workspace,
                             or nanobot's config folder: each session folder in it)
  format FILE [--key K]      exactly what nanobot's save would write
  check PATH                 health report over a file or a folder (exit 1 when something is wrong)
Write (print the plan; --write to do it, atomically):
  trim FILE N [--extend-to-user]     keep a legal suffix of N messages
  fork FILE BEFORE_USER_INDEX NEW_KEY   new session with the messages before that user message
                             (user turns count from 0; the number of user turns copies them all)
  repair FILE                write a .bak backup, then the recovered session
  set-title FILE TITLE       set the title, marked as edited by a person
  delete FILE
Every command takes --now ISO to fix nanobot's clock, and --nanobot v0.2|v0.3.0|main for the
nanobot version whose rules apply (default: recognised from the folder, else v0.2).
--help: this text; --version: the version.`;

function nanobotSession(s: NanobotView) {
  const r = s.nanobot.result;
  return r && dictFrom([
    ['key', r.key],
    ['created_at', r.createdAt],
    ['updated_at', r.updatedAt],
    ['last_consolidated', r.lastConsolidated],
    ['metadata', r.metadata],
    ['messages', r.messages],
  ]);
}

async function cmdLoad(args: Args, now: string, out: Out): Promise<number> {
  const { abs, version, adapter, keyOpt } = await located(args.positional(0, 'FILE'), args, 1, out);
  const session = await readBothLenses(adapter, path.basename(abs), { now, version, ...keyOpt });
  const rec = session.recovered;
  const diagnostics = session.doc.diagnostics;
  if (args.json) {
    const recovered = dictFrom([
      ['key', rec.key],
      ['created_at', rec.createdAt],
      ['updated_at', rec.updatedAt],
      ['last_consolidated', rec.lastConsolidated],
      ['metadata', rec.metadata],
      ['messages', rec.messages],
    ]);
    const diags = diagnostics.map((d) => dictFrom([['line', d.line + 1], ...(d.column ? [['column', d.column] as const] : []), ['kind', d.kind], ['severity', d.severity], ['message', d.message], ['raw', d.raw]]));
    out.log(pyDumps({ nanobot: { path: session.nanobot.path, result: nanobotSession(session) }, recovered, diagnostics: diags }));
    return 0;
  }
  const n = session.nanobot;
  out.log(`${session.fileName}: key ${JSON.stringify(session.key)}`);
  if (n.result) {
    out.log(`as nanobot sees it: ${plural(n.result.messages.length, 'message')}, last_consolidated ${n.result.lastConsolidated}, ${n.path === 'repair' ? `repair path (strict pass failed: ${n.strictError!.type}: ${n.strictError!.message}; ${plural(n.skipped, 'line')} skipped)` : 'normal load'}`);
  } else {
    out.log(`as nanobot sees it: NOTHING (${describeLoad(session.nanobot)}). nanobot starts an empty session, and its next save replaces this file.`);
  }
  out.log(`recovered: ${plural(rec.messages.length, 'message')}, ${plural(session.doc.records.length, 'line')}`);
  for (const d of diagnostics) out.log(`  line ${d.line + 1}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.kind}: ${d.message}`);
  return 0;
}

async function cmdTokens(args: Args, now: string, out: Out): Promise<number> {
  const session = await openedNanobot(args.positional(0, 'FILE'), args, now, out);
  const s = session.nanobot.result;
  const count = await tokenCounter(session.version);
  const values: PyValue[] = (s?.messages ?? []).map((m) => {
    try {
      return count(m);
    } catch (e) {
      const err = (e as { error?: { type: string; message: string } }).error;
      if (err) return { error: { type: err.type, message: err.message } };
      throw e;
    }
  });
  if (args.json) out.log(pyDumps({ values }));
  else {
    if (!s) out.log('nanobot loads nothing from this file.');
    values.forEach((v, i) => out.log(`#${i + 1} ${typeof s!.messages[i]!.role === 'string' ? s!.messages[i]!.role : '?'}: ${typeof v === 'number' ? v : pyDumps(v)}`));
    out.log(`total: ${plural(values.reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0), 'token')}`);
  }
  return 0;
}

async function cmdFormat(args: Args, now: string): Promise<number> {
  const session = await openedNanobot(args.positional(0, 'FILE'), args, now);
  const s = session.nanobot.result;
  if (!s) {
    process.stderr.write(`nanobot loads nothing from this file (${describeLoad(session.nanobot)}); its save would write an empty session:\n`);
  }
  const text = s ? formatSession(s) : formatSession({ key: session.key, createdAt: now, updatedAt: now, lastConsolidated: 0, metadata: {}, messages: [], messageLines: [] });
  const enc = encodeSession(text);
  if (!enc.ok) {
    process.stderr.write(`nanobot's save raises ${enc.error.type}: ${enc.error.message}\n`);
    return 1;
  }
  process.stdout.write(enc.bytes);
  return 0;
}

async function cmdEdit(cmd: string, args: Args, now: string, out: Out): Promise<number> {
  const file = args.positional(0, 'FILE');
  const at = await located(file, args, { trim: 2, 'set-title': 2, fork: 3 }[cmd] ?? 1, out);
  // A big file is trimmed from streamed passes; the other edits still read it whole.
  if (cmd === 'trim' && at.size >= STREAMING.from) return cmdTrimStreamed(file, at, args, now, out);
  const session = await openSession(at.adapter, path.basename(at.abs), { now, version: at.version, ...at.keyOpt });
  return cmdWrite(cmd, file, session, at.adapter, args, now, out);
}

/** Runs one CLI invocation; returns the exit code (2 for bad arguments or unreadable files). */
export async function main(argv: string[], out: Out = { log: (s) => process.stdout.write(s + '\n'), write: (s) => process.stdout.write(s) }): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.flag('version')) {
      out.log(`session-lens ${version}`);
      return 0;
    }
    if (args.flag('help') || args.command === 'help') {
      out.log(USAGE);
      return 0;
    }
    if (!args.command) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const nowArg = args.string('now');
    let now = localIsoNow(new Date());
    if (nowArg !== undefined) {
      const t = isoRoundTrip(nowArg);
      if (!t.ok) throw new UsageError(`--now: ${t.message}`);
      now = t.iso;
    }
    switch (args.command) {
      case 'replay':
        return await cmdReplay(args, now, out);
      case 'load':
        return await cmdLoad(args, now, out);
      case 'tokens':
        return await cmdTokens(args, now, out);
      case 'list':
        return await cmdList(args, now, out);
      case 'format':
        return await cmdFormat(args, now);
      case 'check':
        args.noMoreThan(1);
        return await checkHealth(args.positional(0, 'PATH'), now, out, args.json, askedVersion(args));
      case 'trim':
      case 'fork':
      case 'repair':
      case 'set-title':
      case 'delete':
        return await cmdEdit(args.command, args, now, out);
      default:
        throw new UsageError(`unknown command: ${args.command}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`session-lens: ${e.message}\n`);
      return 2;
    }
    const code = (e as { code?: string }).code;
    if (code) {
      process.stderr.write(`session-lens: ${(e as Error).message}\n`);
      return code === 'conflict' ? 1 : 2;
    }
    throw e;
  }
}

