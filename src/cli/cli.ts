/**
 * `session-lens`: the same core over Node's file system. Read commands print nanobot's answers;
 * write commands print what they would do and write only with `--write`, through the atomic save.
 */
import { isoRoundTrip, localIsoNow } from '../core/python/isotime';
import { LENS_VERSION } from '../core/lens-version';
import { versionFamilies } from './version-names';
import { parseArgs, UsageError, type Args } from './args';
import { jsonOut, type Out } from './output/printer';
// Imported statically: both are in the entry's bundle anyway (the printer and the adapter use them), and a
// dynamic import of a module already there only made a namespace object of getters at every start.
import { isStoreError, storeErrorData } from '../store/adapter/errors';
import { storeErrorText } from './output/text';
import { endProgress, progress, progressFor, useProgress, writeStdout } from './output/terminal';

const USAGE = `usage: session-lens <command> [options]

Read (add --json for one JSON document in Python's json.dumps form):
  replay FILE [--key K] [--max-messages N] [--max-tokens N] [--timestamps] [--extend-to-user] [--public]
  load FILE [--key K]        both lenses: as nanobot sees it, and recovered, with diagnostics
  tokens FILE [--key K]      nanobot's token estimate per message
  list DIR                   nanobot's session listing, in its order (a sessions folder, a workspace,
                             or nanobot's config folder: each session folder in it)
  format FILE [--key K]      exactly what nanobot's save would write
  check PATH                 health report over a file or a folder (exit 1 when something is wrong)
  turn FILE [--workspace DIR] [--message TEXT] [--context-window N]
                             the next request nanobot would send, part by part, with token counts,
                             what saving changed, and the session's archive entries
  memory DIR                 a workspace's memory: MEMORY.md, history.jsonl, the Dream cursor, health
Write (print the plan; --write to do it, atomically; --json: the plan as a code with its values):
  trim FILE N [--extend-to-user]     keep a legal suffix of N messages
  fork FILE BEFORE_USER_INDEX NEW_KEY   new session with the messages before that user message
                             (user turns count from 0; the number of user turns copies them all)
  repair FILE                write a .bak backup, then the recovered session
  set-title FILE TITLE       set the title, marked as edited by a person
  delete FILE
Every command takes --now ISO to fix nanobot's clock, and --nanobot VERSION for the nanobot version
whose rules apply (default: recognised from the folder, else v0.2): a release by its pip name or its
tag (0.2.1 or v0.2.1), or a commit:
  ${versionFamilies().join('\n  ')}
On a terminal, long work shows its progress on stderr (--quiet: none); colour only on a terminal,
never with NO_COLOR. A closed pipe (| head) ends the command quietly; Ctrl-C during a write leaves
the original file and no .tmp.
--help: this text; --version: the version.`;

// Each command's code is imported when it runs: a process loads only what its command uses, so no
// run (not even `--version`) pays in start-up time and memory for compiling and setting up the whole CLI.

async function cmdEdit(cmd: string, args: Args, now: string, out: Out): Promise<number> {
  const [{ opened }, { cmdWrite }] = await Promise.all([import('./open'), import('./commands/write')]);
  const file = args.positional(0, 'FILE');
  const at = await opened(file, args, { trim: 2, 'set-title': 2, fork: 3 }[cmd] ?? 1, now, out);
  return cmdWrite(cmd, file, at.source, args, out, at.version);
}

/** Runs one CLI invocation; returns the exit code (2 for bad arguments or unreadable files). */
export async function main(argv: string[], out: Out = stdoutSink()): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.json) out = jsonOut(out);
    useProgress(progressFor(args.flag('quiet')));
    if (args.flag('version')) {
      out.log(`session-lens ${LENS_VERSION}`);
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
        return await (await import('./commands/replay')).cmdReplay(args, now, out);
      case 'load':
        return await (await import('./commands/load')).cmdLoad(args, now, out);
      case 'tokens':
        return await (await import('./commands/tokens')).cmdTokens(args, now, out);
      case 'list':
        return await (await import('./commands/list')).cmdList(args, now, out);
      case 'format':
        return await (await import('./commands/format')).cmdFormat(args, now, out);
      case 'check': {
        args.noMoreThan(1);
        const [{ checkHealth }, { askedVersion }] = await Promise.all([import('./commands/check'), import('./version')]);
        return await checkHealth(args.positional(0, 'PATH'), now, out, args.json, askedVersion(args));
      }
      case 'turn':
        return await (await import('./commands/turn')).cmdTurn(args, now, out);
      case 'memory':
        return await (await import('./commands/turn')).cmdMemory(args, out);
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
    const { pyDumps } = await import('../core/python/pyjson');
    if (isStoreError(e)) {
      // The CLI's words on stderr; with --json, the code and the reason's values on stdout too.
      if (out.json) out.log(pyDumps({ error: storeErrorData(e) } as unknown as Parameters<typeof pyDumps>[0]));
      process.stderr.write(`session-lens: ${storeErrorText(e)}\n`);
      return e.code === 'conflict' ? 1 : 2;
    }
    const code = (e as { code?: string }).code;
    if (code) {
      process.stderr.write(`session-lens: ${(e as Error).message}\n`);
      return code === 'conflict' ? 1 : 2;
    }
    throw e;
  } finally {
    endProgress();
  }
}

/**
 * The process's stdout, written at once (writeStdout: no Node stream is made for it); a progress line
 * is cleared before the answer is written (they may share a terminal).
 */
function stdoutSink(): Out {
  return {
    log: (s) => (progress().done(), writeStdout(s + '\n')),
    write: (s) => (progress().done(), writeStdout(s)),
    bytes: (b) => (progress().done(), writeStdout(b)),
    bytesWritten: true,
  };
}

