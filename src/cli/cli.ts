/**
 * `session-lens`: the same core over Node's file system. Read commands print nanobot's answers;
 * write commands print what they would do and write only with `--write`, through the atomic save.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { repairDocument, setTitle, trimToLegalSuffix, type EditResult } from '../core/edits';
import { encodeSession, formatSession } from '../core/format';
import { isoRoundTrip, localIsoNow } from '../core/isotime';
import { fileStem } from '../core/listing';
import { pyDumps } from '../core/pyjson';
import { dictFrom, type PyDict, type PyValue } from '../core/pyvalue';
import { DROP_REASON_TEXT, getHistory } from '../core/replay';
import { estimateMessageTokens } from '../core/tokens';
import { loadTokenizer } from '../core/tokenizer';
import { shownValue } from '../store/listed-row';
import { createNodeAdapter } from '../store/node-adapter';
import { deleteSession, listSessions, openSession, saveDocument, writeFork, type OpenedSession } from '../store/sessions';
import { checkHealth } from './check';
import { parseArgs, UsageError, type Args } from './args';

const USAGE = `usage: session-lens <command> [options]

Read (add --json for one JSON document in Python's json.dumps form):
  replay FILE [--key K] [--max-messages N] [--max-tokens N] [--timestamps] [--extend-to-user]
  load FILE [--key K]        both lenses: as nanobot sees it, and recovered, with diagnostics
  tokens FILE [--key K]      nanobot's token estimate per message
  list DIR                   nanobot's session listing, in its order
  format FILE [--key K]      exactly what nanobot's save would write
  check PATH                 health report over a file or a folder (exit 1 when something is wrong)
Write (print the plan; --write to do it, atomically):
  trim FILE N [--extend-to-user]     keep a legal suffix of N messages
  fork FILE BEFORE_USER_INDEX NEW_KEY   new session with the turns before that user message
  repair FILE                write a .bak backup, then the recovered session
  set-title FILE TITLE       set the title, marked as edited by a person
  delete FILE
Every command takes --now ISO to fix nanobot's clock.`;

type Out = { log: (s: string) => void };

async function opened(file: string, args: Args, now: string): Promise<{ session: OpenedSession; adapter: ReturnType<typeof createNodeAdapter> }> {
  const abs = path.resolve(file);
  try {
    if (!statSync(abs).isFile()) throw new UsageError(`not a file: ${file}`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const adapter = createNodeAdapter(path.dirname(abs));
  const session = await openSession(adapter, path.basename(abs), { now, ...(args.key !== undefined ? { key: args.key } : {}) });
  return { session, adapter };
}

function nanobotSession(s: OpenedSession) {
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

async function tokenCounter() {
  const count = await loadTokenizer();
  return (m: PyDict) => estimateMessageTokens(m, count);
}

async function cmdReplay(args: Args, now: string, out: Out): Promise<number> {
  const { session } = await opened(args.positional(0, 'FILE'), args, now);
  const s = session.nanobot.result;
  const maxTokens = args.int('max-tokens', 0);
  const opts = { maxMessages: args.int('max-messages', 120), maxTokens, includeTimestamps: args.flag('timestamps'), extendToUser: args.flag('extend-to-user') };
  if (!s) {
    if (args.json) out.log(pyDumps({ entries: [] }));
    else out.log(`nanobot loads nothing from this file (${describeLoad(session)}): it would start an empty session and replay nothing.`);
    return 0;
  }
  const count = maxTokens > 0 || !args.json ? await tokenCounter() : undefined;
  const r = getHistory(s.messages, s.lastConsolidated, opts, count);
  if (args.json) {
    out.log(pyDumps(r.error ? { error: { type: r.error.type, message: r.error.message } } : { entries: r.entries }));
    return 0;
  }
  if (r.error) {
    out.log(`nanobot raises ${r.error.type}: ${r.error.message} at message ${r.error.message_index + 1} (line ${s.messageLines[r.error.message_index]! + 1}).`);
    return 0;
  }
  const total = (r.tokens ?? []).reduce((a, b) => a + b, 0);
  out.log(`${r.entries.length} of ${s.messages.length} messages replayed, ~${total} tokens${maxTokens ? ` of a ${maxTokens}-token budget` : ''}.`);
  s.messages.forEach((m, i) => {
    const f = r.fates[i]!;
    const role = typeof m.role === 'string' ? m.role : '?';
    const line = `#${i + 1} (line ${s.messageLines[i]! + 1}) ${role}`;
    if (f.kept) out.log(`  kept    ${line}${f.changes.length ? ` [${f.changes.join(', ')}]` : ''}  ~${r.tokens?.[f.entry] ?? '?'} tokens`);
    else out.log(`  dropped ${line}: ${DROP_REASON_TEXT[f.reason]}`);
  });
  return 0;
}

function describeLoad(s: OpenedSession): string {
  const n = s.nanobot;
  const e = n.repairError ?? n.strictError;
  return e ? `${e.type}: ${e.message}` : 'no messages and no metadata';
}

async function cmdLoad(args: Args, now: string, out: Out): Promise<number> {
  const { session } = await opened(args.positional(0, 'FILE'), args, now);
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
    out.log(`as nanobot sees it: ${n.result.messages.length} messages, last_consolidated ${n.result.lastConsolidated}, ${n.path === 'repair' ? `repair path (strict pass failed: ${n.strictError!.type}: ${n.strictError!.message}; ${n.skipped} lines skipped)` : 'normal load'}`);
  } else {
    out.log(`as nanobot sees it: NOTHING (${describeLoad(session)}). nanobot starts an empty session, and its next save replaces this file.`);
  }
  out.log(`recovered: ${rec.messages.length} messages, ${session.doc.records.length} lines`);
  for (const d of diagnostics) out.log(`  line ${d.line + 1}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.kind}: ${d.message}`);
  return 0;
}

async function cmdTokens(args: Args, now: string, out: Out): Promise<number> {
  const { session } = await opened(args.positional(0, 'FILE'), args, now);
  const s = session.nanobot.result;
  const count = await tokenCounter();
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
    out.log(`total: ${values.reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0)}`);
  }
  return 0;
}

async function cmdList(args: Args, now: string, out: Out): Promise<number> {
  const dir = path.resolve(args.positional(0, 'DIR'));
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
  } catch (e) {
    throw new UsageError(`cannot list ${args.positional(0, 'DIR')}: ${(e as Error).message}`);
  }
  const listing = await listSessions(createNodeAdapter(dir), '', { now });
  if (listing.sortError) {
    if (args.json) out.log(pyDumps({ error: { type: listing.sortError.type, message: listing.sortError.message } }));
    else out.log(`nanobot's listing raises ${listing.sortError.type}: ${listing.sortError.message}`);
    return 0;
  }
  const rows = listing.summaries.flatMap((s) => (s.row ? [s.row] : []));
  if (args.json) {
    out.log(pyDumps({ rows: rows.map((r) => dictFrom([['key', r.key], ['created_at', r.created_at], ['updated_at', r.updated_at], ['title', r.title], ['preview', r.preview], ['path', r.path]])) }));
    return 0;
  }
  for (const r of rows) out.log(`${shownValue(r.updated_at)}  ${r.keyText}${r.title ? `  "${r.title}"` : ''}\n    ${r.preview}`);
  const hidden = listing.summaries.filter((s) => !s.row);
  for (const s of hidden) out.log(`(not listed by nanobot) ${s.fileName}: ${s.skipReason}`);
  out.log(`${rows.length} sessions; read ${listing.bytesRead} of ${listing.bytesStored} bytes`);
  return 0;
}

async function cmdFormat(args: Args, now: string): Promise<number> {
  const { session } = await opened(args.positional(0, 'FILE'), args, now);
  const s = session.nanobot.result;
  if (!s) {
    process.stderr.write(`nanobot loads nothing from this file (${describeLoad(session)}); its save would write an empty session:\n`);
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

async function planOrWrite(args: Args, out: Out, plan: string, write: () => Promise<string>): Promise<number> {
  out.log(plan);
  if (!args.flag('write')) {
    out.log('(dry run: add --write to do it)');
    return 0;
  }
  out.log(await write());
  return 0;
}

async function cmdEdit(cmd: string, args: Args, now: string, out: Out): Promise<number> {
  const file = args.positional(0, 'FILE');
  const { session, adapter } = await opened(file, args, now);
  const apply = (r: EditResult, backup = false) => {
    if (!r.ok) throw new UsageError(r.error);
    return planOrWrite(args, out, r.summary, async () => {
      const saved = await saveDocument(adapter, session, r.doc, { now, backup });
      return `written ${saved.opened.bytes.length} bytes to ${file}${saved.result.backup ? ` (backup: ${saved.result.backup})` : ''}`;
    });
  };
  switch (cmd) {
    case 'trim':
      return apply(trimToLegalSuffix(session.doc, session.key, Number(args.positionalInt(1, 'N')), args.flag('extend-to-user'), now));
    case 'set-title':
      return apply(setTitle(session.doc, session.key, args.positional(1, 'TITLE'), now));
    case 'repair':
      return apply(repairDocument(session.doc, fileStem(session.fileName), now), true);
    case 'fork': {
      const i = args.positionalInt(1, 'BEFORE_USER_INDEX');
      const key = args.positional(2, 'NEW_KEY');
      return planOrWrite(args, out, `Fork ${JSON.stringify(session.key)} before user turn ${i} into a new session ${JSON.stringify(key)}, beside the source.`, async () => {
        const f = await writeFork(adapter, session, i, key, now);
        return `written ${f.path} (${f.session.messages.length} messages)`;
      });
    }
    case 'delete':
      return planOrWrite(args, out, `Delete ${file} (${session.recovered.messages.length} messages). nanobot starts an empty session for ${JSON.stringify(session.key)} next time.`, async () => {
        await deleteSession(adapter, session);
        return `deleted ${file}`;
      });
  }
  throw new UsageError(`unknown command: ${cmd}`);
}

/** Runs one CLI invocation; returns the exit code (2 for bad arguments or unreadable files). */
export async function main(argv: string[], out: Out = { log: (s) => process.stdout.write(s + '\n') }): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (!args.command || args.flag('help')) {
      out.log(USAGE);
      return args.command ? 0 : 2;
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
        return await checkHealth(args.positional(0, 'PATH'), now, out, args.json);
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

