/**
 * `session-lens turn FILE`: the next request nanobot's agent loop would send for a session, part by
 * part (system prompt from nanobot's own instructions and the workspace's files, the replay, the
 * current message and its runtime context), with nanobot's token counts; and the session's archive
 * entries. `session-lens memory DIR`: a workspace's memory files read-only, with their health.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { agentLoopOptions } from '../../core/replay/budget';
import { rulesOf, type NanobotVersion } from '../../core/nanobot/nanobot-version';
import { pyDumps } from '../../core/python/pyjson';
import type { PyDict, PyValue } from '../../core/python/pyvalue';
import { getHistory, replayLastConsolidated } from '../../core/replay/replay';
import { estimateMessageTokens } from '../../core/tokens/tokens';
import { assembleTurn, type MachineSlot, type Turn, type TurnPart } from '../../core/turn/build';
import { nanobotClock } from '../../core/turn/joined';
import { entriesOfSession, entryDict, memoryHealth, readMemory, type MemoryIssue, type MemoryView } from '../../core/turn/memory';
import { saveTraces, type SaveTrace } from '../../core/turn/save-traces';
import { turnRulesOf } from '../../core/turn/turn-rules';
import { createNodeAdapter } from '../../store/adapter/node-adapter';
import { looksLikeWorkspace, readWorkspace } from '../../store/adapter/workspace-snapshot';
import { UsageError, type Args } from '../args';
import { describeLoad, located, readLocated } from '../open';
import { Printer, type Out } from '../output/printer';
import { cliTokenizer } from '../tokenizer';
import { versionFor } from '../version';
import { NOT_COUNTED_EN, standInFiguresEn, turnTotalEn, UNKNOWN_SLOT_EN, unknownSizeEn } from '../../words/turn-en';

const PART_NAME: Record<TurnPart['kind'], string> = {
  identity: "nanobot's built-in instructions (identity)",
  bootstrap: 'workspace file',
  'tool-contract': "nanobot's built-in instructions (tool contract)",
  memory: 'long-term memory',
  'active-skills': 'active skills (loaded whole)',
  skills: 'skills summary',
  'recent-history': 'recent history (archive entries Dream has not processed)',
  'session-summary': "session summary (_last_summary, pending after nanobot compacted the idle session, in nanobot's frame)",
  history: 'history (the replay)',
  'current-message': 'current message',
  'runtime-context': 'runtime context',
};

const MACHINE_NAME: Record<MachineSlot, string> = {
  runtime: 'platform and Python version',
  'workspace-path': "the workspace's absolute path",
  channel: 'the channel',
  clock: 'the clock',
  chat: 'channel, chat and sender ids',
  'skill-requirements': "which skills' binaries and variables the machine has",
  'runtime-providers': 'runtime-context providers (CLI apps, goals, skill mentions, session messages)',
  'file-order': "the file system's order of skill folders",
  'nanobot-install': "where nanobot is installed (the built-in skills' paths; counted as installed by setup.sh)",
};

const LEFT_OUT: Record<string, string> = {
  'template-untouched': "nanobot's untouched template, left out",
  blank: 'only whitespace, left out',
  empty: 'empty, left out',
  'not-read': 'not part of the request at any version',
};

export const ISSUE_TEXT: Record<MemoryIssue['code'], (i: MemoryIssue) => string> = {
  'unparsable-line': (i) => `history.jsonl line ${(i as { line: number }).line}: not JSON, skipped`,
  'non-object-line': (i) => `history.jsonl line ${(i as { line: number }).line}: JSON but not an object: ${(i as { raises: boolean }).raises ? 'nanobot raises reading the archive' : 'skipped'}`,
  'no-cursor': (i) => `history.jsonl line ${(i as { line: number }).line}: no cursor, skipped`,
  'invalid-cursor': (i) => `history.jsonl line ${(i as { line: number }).line}: invalid cursor ${(i as { value: string }).value}, dropped`,
  'malformed-entry': (i) => `history.jsonl line ${(i as { line: number }).line}: malformed entry at cursor ${(i as { cursor: number }).cursor}, dropped`,
  'dream-cursor-unreadable': (i) => `memory/.dream_cursor is not a number (${JSON.stringify((i as { text: string }).text)}): read as 0, every entry unprocessed`,
  'dream-cursor-ahead': (i) => `memory/.dream_cursor ${(i as { cursor: number }).cursor} is past the last entry (${(i as { latest: number }).latest}): newer entries stay hidden from Dream until cursors pass it`,
  'legacy-history-pending': () => 'memory/HISTORY.md without history.jsonl: nanobot migrates it when it next starts',
};

export const TRACE_TEXT: Record<SaveTrace['code'], string> = {
  'runtime-context-stripped': 'the model also saw a runtime-context block (time, channel) after this text; the save stripped it',
  'runtime-context-kept': 'the model saw runtime-context blocks after this text; the file keeps them with a marker and later turns replay them',
  'tool-result-truncated': 'the model saw the whole result; the save cut it to max_tool_result_chars, and later turns see the cut text',
  'image-placeholder': 'the model saw an image here; the file keeps a placeholder, and later turns see only that',
  'tool-result-omitted': "every block of this result was dropped by the save; later turns see nanobot's placeholder",
  'reply-missing': 'no reply before this turn: an empty reply was skipped by the save, or the turn never finished',
  'tool-result-missing': 'a tool call here has no result in the file: the save dropped it as unknown, or the turn stopped',
};

/**
 * The workspace of a session file: `--workspace`; else the folder above a `sessions` folder (v0.2,
 * v0.3.0); else the path main's namespace names in its `.workspace` file.
 */
function workspaceDir(file: string, args: Args): string | null {
  const asked = args.string('workspace');
  const folder = path.dirname(file);
  let dir: string | null = asked !== undefined ? path.resolve(asked) : path.basename(folder) === 'sessions' ? path.dirname(folder) : null;
  if (dir === null) {
    try {
      const named = readFileSync(path.join(folder, '.workspace'), 'utf8').replace(/\r?\n$/, '');
      if (named && path.isAbsolute(named)) dir = named;
    } catch {
      // no namespace marker: no workspace known
    }
  }
  if (dir === null) return null;
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    // nanobot writes `workspace.expanduser().resolve()`: links followed.
    return realpathSync(dir);
  } catch (e) {
    if (asked !== undefined) throw new UsageError(`--workspace: cannot read ${asked}: ${(e as Error).message}`);
    return null;
  }
}

const NOW_PARTS = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:([+-])(\d\d):(\d\d)(?::[\d.]+)?)?$/;

/** This machine's short name for its zone at an instant, when it is one Python's `%Z` would also print (`UTC`, `EST`). */
function machineZone(epochMs: number): string | null {
  const name = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{3,5}$/.test(name) ? name : null;
}

/**
 * v0.2's time line for `--now` (nanobot's clock), as `current_time_str` prints it on this machine: the
 * instant in this machine's zone (a time without an offset is this machine's local time), with the
 * zone's name. Null without `--now`, or when this machine's zone has no short name Python would print.
 */
function clockOfNow(given: string | undefined, now: string, withOffset: boolean): string | null {
  const m = given === undefined ? null : NOW_PARTS.exec(now);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = [+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!];
  const epoch = m[7] ? Date.UTC(y, mo, d, h, mi, sec) - (m[7] === '-' ? -1 : 1) * (+m[8]! * 60 + +m[9]!) * 60_000 : new Date(y, mo, d, h, mi, sec).getTime();
  const zone = machineZone(epoch);
  return zone === null ? null : nanobotClock(epoch, -new Date(epoch).getTimezoneOffset(), zone, withOffset);
}

/** `datetime.now()` on nanobot's machine for `--now`: the instant in this machine's local time, naive (as 0.1.5.post3 subtracts it). */
function localNow(given: string | undefined): string | null {
  const m = given === undefined ? null : NOW_PARTS.exec(given);
  if (!m) return null;
  if (!m[7]) return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
  const epoch = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - (m[7] === '-' ? -1 : 1) * (+m[8]! * 60 + +m[9]!) * 60_000;
  return new Date(epoch - new Date(epoch).getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
}

function partDict(p: TurnPart): PyDict {
  const d: PyDict = { kind: p.kind, sources: p.sources, tokens: p.tokens, builtin_tokens: p.builtinTokens, exact: p.exact, machine: p.machine, notes: p.notes, text: p.text, sha256: p.sha256 };
  if (p.count !== undefined) d.count = p.count;
  if (p.cursors) d.cursors = p.cursors;
  return d;
}

function memoryDict(view: MemoryView, key: string | null): PyDict {
  return {
    health: memoryHealth(view),
    dream_cursor: view.dreamCursor,
    dream_cursor_file: view.dreamCursorFile,
    latest_cursor: view.latestCursor,
    entries: view.entries.length,
    unprocessed: view.unprocessed,
    issues: view.issues.map((i) => ({ ...(i as unknown as PyDict) })),
    ...(key !== null ? { session_entries: entriesOfSession(view, key).map(entryDict) } : {}),
  };
}

function turnDict(turn: Turn, ws: string | null, key: string): PyDict {
  return {
    version: turn.version,
    figures: turn.figures,
    figures_from: turn.figuresFrom,
    nanobot_counts: turn.nanobotCounts,
    workspace: ws,
    session_key: key,
    parts: turn.parts.map(partDict),
    left_out: turn.leftOut.map((l) => ({ file: l.file, reason: l.reason })),
    runtime_context: turn.runtimeContext,
    merged_into_last: turn.mergedIntoLast,
    system_tokens: turn.systemTokens,
    history_tokens: turn.historyTokens,
    current_tokens: turn.currentTokens,
    total: turn.total,
    spread: turn.spread,
    unknown: turn.unknown.map((u) => ({ slot: u.slot, tokens: u.tokens, spread: u.spread })),
    exact: turn.exact,
    context_window: turn.contextWindow,
    messages: turn.messages as PyValue,
    archive: turn.memory ? memoryDict(turn.memory, key) : null,
    raises: turn.raises ? { type: turn.raises.type, message: turn.raises.message } : null,
  };
}

function printTurn(p: Printer, turn: Turn, ws: string | null, key: string, traces: SaveTrace[][]): void {
  p.line(`The next request for ${JSON.stringify(key)} (${rulesOf(turn.version).label}), ${ws ? `workspace ${ws}` : 'no workspace (--workspace DIR adds its files)'}:`);
  if (turn.figures === 'stand-in') p.line(`  ${standInFiguresEn(rulesOf(turn.figuresFrom).label)}`);
  if (!turn.nanobotCounts) p.line(`  ${NOT_COUNTED_EN}`);
  if (turn.raises) p.line(`  nanobot raises ${turn.raises.type}: ${turn.raises.message} reading memory/history.jsonl: this turn fails`);
  p.line(`  system prompt ≈ ${turn.systemTokens} tokens`);
  for (const part of turn.parts) {
    if (part.kind === 'history') p.line(`  ${PART_NAME.history}: ${part.count} messages, ${part.tokens} tokens`);
    else if (part.kind === 'current-message' || part.kind === 'runtime-context') {
      const where = part.kind === 'runtime-context' ? ` (${turn.runtimeContext === 'appended-to-text' ? "appended to the user's text; the save strips it" : turn.runtimeContext === 'prefixed-to-text' ? "before the user's text; the save strips it" : turn.runtimeContext === 'marker' ? 'kept apart with a marker' : 'none unless a provider adds blocks'})` : part.notes.includes('merged-into-last-user') ? ' (merged into the last user message)' : '';
      const from = part.sources.length ? ` from ${part.sources.join(', ')}` : '';
      p.line(`  ${PART_NAME[part.kind]}: ${part.exact ? '' : '≈'}${part.tokens} tokens${from}${where}${part.notes.includes('explicit-skills') ? ' [skills the message names with $name]' : ''}`);
    } else {
      const src = part.sources.length ? ` ${part.sources.join(', ')}` : '';
      p.line(`    ${part.kind === 'bootstrap' ? part.sources[0] : PART_NAME[part.kind]}:${part.kind === 'bootstrap' ? '' : src} ${part.exact ? '' : '≈'}${part.tokens} tokens${part.builtinTokens ? ` (${part.builtinTokens} of them nanobot's own text, counted, not shown)` : ''}${part.notes.length ? ` [${part.notes.join(', ')}]` : ''}`);
    }
    if (part.machine.length) p.line(`      depends on the machine nanobot runs on: ${part.machine.map((m) => MACHINE_NAME[m]).join('; ')}`);
  }
  for (const l of turn.leftOut) p.line(`  ${l.file}: ${LEFT_OUT[l.reason]}`);
  const window = turn.contextWindow ? ` of a ${turn.contextWindow}-token context window (${((100 * turn.total) / turn.contextWindow).toFixed(1)}%)` : '';
  p.line(`  ${turnTotalEn(turn.total, turn.spread, turn.exact)}${window}`);
  if (turn.unknown.length) p.line('  not known here, counted at the middle of their range:');
  for (const u of turn.unknown) p.line(`    ${UNKNOWN_SLOT_EN[u.slot]}: ${unknownSizeEn(u)}`);
  if (turn.memory) {
    const own = entriesOfSession(turn.memory, key);
    p.line(`archive: ${own.length} entr${own.length === 1 ? 'y' : 'ies'} of this session in memory/history.jsonl${own.length ? ` (cursors ${own.map((e) => e.cursor).join(', ')})` : ''}; Dream cursor ${turn.memory.dreamCursor}; health ${memoryHealth(turn.memory)}`);
    for (const i of turn.memory.issues) p.line(`  ${ISSUE_TEXT[i.code](i)}`);
  }
  const traced = traces.map((t, i) => [i, t] as const).filter(([, t]) => t.length);
  if (traced.length) {
    p.line(`what saving changed (${traced.length} message${traced.length === 1 ? '' : 's'}):`);
    for (const [i, t] of traced) for (const tr of t) p.line(`  #${i + 1}: ${TRACE_TEXT[tr.code]}`);
  }
}

/** Runs `turn`; 0, or 2 when nanobot loads nothing. */
export async function cmdTurn(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1, out);
  const view = await readLocated(file, now);
  const s = view.nanobot.result;
  if (!s) {
    process.stderr.write(`session-lens: nanobot loads nothing from this file (${describeLoad(view.nanobot)})\n`);
    return 2;
  }
  const version: NanobotVersion = file.version;
  // The agent loop's replay for the context window (the version's default config: 65,536 up to 0.2.1, then 200,000), unless overridden.
  const contextWindow = args.int('context-window', rulesOf(version).defaultContextWindow);
  const loop = agentLoopOptions(version, contextWindow);
  const maxMessages = args.int('max-messages', loop.maxMessages);
  const maxTokens = args.int('max-tokens', loop.maxTokens);
  const count = await cliTokenizer();
  // The budget walked with nanobot's estimate (without a counter get_history applies no budget), from the stored
  // last_consolidated where the version slices with it unchecked.
  const replay = getHistory(s.messages, replayLastConsolidated(s), { ...loop, maxMessages, maxTokens }, version, (e) => estimateMessageTokens(e, count, version));
  if (replay.error && !args.json) out.log(`nanobot raises ${replay.error.type}: ${replay.error.message} replaying this session (message #${replay.error.message_index + 1})`);
  const wsDir = workspaceDir(file.abs, args);
  const ws = wsDir ? await readWorkspace(createNodeAdapter(wsDir), '', wsDir) : null;
  const clock = clockOfNow(args.string('now'), now, turnRulesOf(version).clockWithOffset);
  const turn = assembleTurn({ version, workspace: ws, history: replay.entries, message: args.string('message') ?? '', sessionKey: s.key, contextWindow, metadata: s.metadata, clock, now: localNow(args.string('now')) }, count);
  const traces = saveTraces(s.messages, version);
  if (args.json) {
    const d = turnDict(turn, wsDir, s.key);
    d.replay_error = replay.error ? { type: replay.error.type, message: replay.error.message, message_index: replay.error.message_index } : null;
    d.save_traces = traces.map((t, i) => ({ message: i, traces: t as unknown as PyValue[] })).filter((t) => (t.traces as PyValue[]).length);
    out.log(pyDumps(d));
    return 0;
  }
  const p = new Printer(out);
  printTurn(p, turn, wsDir, s.key, traces);
  p.flush();
  return 0;
}

/** Runs `memory DIR`; 0 when healthy, 1 when something is dropped or nanobot raises. */
export async function cmdMemory(args: Args, out: Out): Promise<number> {
  args.noMoreThan(1);
  const dir = path.resolve(args.positional(0, 'DIR'));
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
  } catch (e) {
    throw new UsageError(`cannot read ${args.positional(0, 'DIR')}: ${(e as Error).message}`);
  }
  const { version, how } = await versionFor(dir, args);
  const ws = await readWorkspace(createNodeAdapter(dir), '', dir);
  if (!looksLikeWorkspace(ws)) throw new UsageError(`${args.positional(0, 'DIR')}: no workspace files (AGENTS.md, memory/, skills/) here`);
  const view = readMemory({ memory: ws.files.get('memory/MEMORY.md') ?? null, history: ws.files.get('memory/history.jsonl') ?? null, dreamCursor: ws.files.get('memory/.dream_cursor') ?? null, legacyHistory: !!ws.legacyHistory }, version);
  const health = memoryHealth(view);
  if (args.json) {
    out.log(pyDumps({ version, workspace: dir, memory_md: ws.files.get('memory/MEMORY.md') ?? null, ...memoryDict(view, null), history: view.entries.map(entryDict) }));
    return health === 'ok' ? 0 : 1;
  }
  const p = new Printer(out);
  p.line(`${rulesOf(version).label} rules (${how})`);
  const mem = ws.files.get('memory/MEMORY.md');
  p.line(`memory/MEMORY.md: ${mem === undefined ? 'none' : `${mem.length} characters`}`);
  p.line(`memory/history.jsonl: ${view.entries.length} valid entr${view.entries.length === 1 ? 'y' : 'ies'}, latest cursor ${view.latestCursor}`);
  p.line(`Dream cursor: ${view.dreamCursor}${view.dreamCursorFile ? '' : ' (no memory/.dream_cursor)'}; ${view.unprocessed.length} entr${view.unprocessed.length === 1 ? 'y' : 'ies'} not processed yet`);
  const bySession = new Map<string, number>();
  for (const e of view.entries) bySession.set(e.sessionKey ?? '(no session key)', (bySession.get(e.sessionKey ?? '(no session key)') ?? 0) + 1);
  for (const [k, n] of bySession) p.line(`  ${k}: ${n}`);
  p.line(`health: ${health}`);
  for (const i of view.issues) p.line(`  ${ISSUE_TEXT[i.code](i)}`);
  p.flush();
  return health === 'ok' ? 0 : 1;
}
