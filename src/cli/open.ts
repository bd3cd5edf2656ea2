/**
 * How the CLI's file commands open their FILE: the argument checked, the nanobot version chosen
 * (named in human output), nanobot's lens read, and what to say when nanobot loads nothing.
 */
import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { rulesOf, type NanobotVersion } from '../core/nanobot/nanobot-version';
import { pyDumps, type PyError } from '../core/python/pyjson';
import type { PyDict } from '../core/python/pyvalue';
import { createNodeAdapter } from '../store/adapter/node-adapter';
import type { NanobotView } from '../store/adapter/read-only';
import { openSource } from '../store/source/open-source';
import { normalised } from '../store/source/source-adapter';
import type { NanobotRaise, SessionSource } from '../store/source/session-source';
import { UsageError, type Args } from './args';
import type { Out } from './output/printer';
import { withByteProgress } from './output/terminal';
import { raiseText } from './output/text';
import { versionFor } from './version';

/** The file argument checked, its version chosen (and named in human output), and an adapter over its folder. */
export async function located(file: string, args: Args, positionals: number, out?: Out) {
  args.noMoreThan(positionals);
  const abs = resolve(file);
  try {
    if (!statSync(abs).isFile()) throw new UsageError(`not a file: ${file}`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const { version, how } = await versionFor(dirname(abs), args);
  if (out && !args.json) out.log(`${rulesOf(version).label} rules (${how})`);
  return { abs, version, adapter: withByteProgress(normalised(createNodeAdapter(dirname(abs)))), keyOpt: args.key !== undefined ? { key: args.key } : {} };
}

/** A FILE argument located: its absolute path, version, an adapter over its folder (normalised: every optional read there), `--key`. */
export type Located = Awaited<ReturnType<typeof located>>;

/**
 * A FILE argument located and opened as a SessionSource (its size picks the implementation, in the
 * store): every file command reads and edits through it. `printing`: it prints messages as json.dumps text.
 */
export async function opened(file: string, args: Args, positionals: number, now: string, out?: Out, printing = false): Promise<Located & { source: SessionSource }> {
  const at = await located(file, args, positionals, out);
  const source = await openSource(at.adapter, basename(at.abs), { now, version: at.version, ...at.keyOpt, ...(printing ? { printing } : {}) });
  return { ...at, source };
}

/** nanobot's lens of a file already located, read whole (`turn`, which needs every message at once). */
export async function readLocated({ abs, version, adapter, keyOpt }: Located, now: string): Promise<NanobotView> {
  const { readNanobotLens } = await import('../store/adapter/read-only');
  return readNanobotLens(adapter, basename(abs), { now, version, ...keyOpt });
}

/**
 * nanobot's token estimate at a version, once the tokenizer has loaded. The counter's code is imported
 * here, not with this file: a command that counts nothing (a windowed replay, load, format) never compiles it.
 */
export async function tokenCounter(version: NanobotVersion) {
  const [{ cliTokenizer }, { estimateMessageTokens }] = await Promise.all([import('./tokenizer'), import('../core/tokens/tokens')]);
  const count = await cliTokenizer();
  return (m: PyDict) => estimateMessageTokens(m, count, version);
}

/** Why nanobot loads nothing from a file, in its own exception's words. */
export function describeLoad(n: { repairError: PyError | null; strictError: PyError | null }): string {
  const e = n.repairError ?? n.strictError;
  return e ? `${e.type}: ${e.message}` : 'no messages and no metadata';
}

/**
 * Where nanobot raises, the command's answer: with `--json` an error document (a code, where it
 * raised, the exception's type and text, and for a replay the message and its line), else the words;
 * exit 1.
 */
export function reportRaise(r: NanobotRaise, out: Out): number {
  if (out.json) {
    const error: PyDict = { code: 'nanobot-raises', during: r.during, type: r.error.type, message: r.error.message };
    if (r.message !== undefined) Object.assign(error, { message_index: r.message, line: r.line! + 1 });
    out.log(pyDumps({ error }));
  } else out.log(raiseText(r));
  return 1;
}

/** nanobot's raise when `load` says it raises (its `_load` lets an exception propagate), else null. */
export function loadRaise(load: { error: PyError | null }): NanobotRaise | null {
  return load.error ? { during: 'load', error: load.error } : null;
}
