/**
 * How the CLI's file commands open their FILE: the argument checked, the nanobot version chosen
 * (named in human output), nanobot's lens read, and what to say when nanobot loads nothing.
 */
import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { rulesOf, type NanobotVersion } from '../core/nanobot/nanobot-version';
import type { PyError } from '../core/python/pyjson';
import type { PyDict } from '../core/python/pyvalue';
import { estimateMessageTokens } from '../core/tokens/tokens';
import { createNodeAdapter } from '../store/adapter/node-adapter';
import { readNanobotLens, type NanobotView } from '../store/adapter/read-only';
import { UsageError, type Args } from './args';
import type { Out } from './printer';
import { withByteProgress } from './terminal';
import { cliTokenizer } from './tokenizer';
import { versionFor } from './version';

/** The file argument checked, its version chosen (and named in human output), and an adapter over its folder. */
export async function located(file: string, args: Args, positionals: number, out?: Out) {
  args.noMoreThan(positionals);
  const abs = resolve(file);
  let size: number;
  try {
    const st = statSync(abs);
    if (!st.isFile()) throw new UsageError(`not a file: ${file}`);
    size = st.size;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const { version, how } = await versionFor(dirname(abs), args);
  if (out && !args.json) out.log(`${rulesOf(version).label} rules (${how})`);
  return { abs, size, version, adapter: withByteProgress(createNodeAdapter(dirname(abs))), keyOpt: args.key !== undefined ? { key: args.key } : {} };
}

/** A FILE argument located: its absolute path, size, version, an adapter over its folder, `--key`. */
export type Located = Awaited<ReturnType<typeof located>>;

/** Opens a file to read nanobot's lens only (replay, tokens, format): no hash, no recovered lens. */
export async function openedNanobot(file: string, args: Args, now: string, out?: Out): Promise<NanobotView> {
  return readLocated(await located(file, args, 1, out), now);
}

/** nanobot's lens of a file already located (whole, no hash). */
export function readLocated({ abs, version, adapter, keyOpt }: Located, now: string): Promise<NanobotView> {
  return readNanobotLens(adapter, basename(abs), { now, version, ...keyOpt });
}

/** nanobot's token estimate at a version, once the tokenizer has loaded. */
export async function tokenCounter(version: NanobotVersion) {
  const count = await cliTokenizer();
  return (m: PyDict) => estimateMessageTokens(m, count, version);
}

/** Why nanobot loads nothing from a file, in its own exception's words. */
export function describeLoad(n: { repairError: PyError | null; strictError: PyError | null }): string {
  const e = n.repairError ?? n.strictError;
  return e ? `${e.type}: ${e.message}` : 'no messages and no metadata';
}
