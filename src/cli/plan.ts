/**
 * A write command's dry run and `--write`, on its own: `trim` of a big file (over its line index)
 * uses it without loading the whole-file edits and saves of write.ts.
 */
import type { Args } from './args';

/** Where a write command prints its plan and what it did. */
export type Out = { log: (s: string) => void };

/** Prints a write's plan, and does it only with `--write` (then prints what `write` says it did). */
export async function planOrWrite(args: Args, out: Out, plan: string, write: () => Promise<string>): Promise<number> {
  out.log(plan);
  if (!args.flag('write')) {
    out.log('(dry run: add --write to do it)');
    return 0;
  }
  out.log(await write());
  return 0;
}
