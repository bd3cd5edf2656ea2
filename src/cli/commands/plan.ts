/**
 * A write command's dry run and `--write`, on its own: `trim` of a big file (over its line index)
 * uses it without loading the whole-file edits and saves of write.ts.
 */
import { editChangeEn } from '../../words/edit-en';
import type { EditChange } from '../../core/edit/edits';
import { pyDumps } from '../../core/python/pyjson';
import type { PyDict } from '../../core/python/pyvalue';
import type { Args } from '../args';

/** Where a write command prints its plan and what it did (`json`: one document, not words). */
export type Out = { log: (s: string) => void; json?: true };

/** What a write command says: its words, and (for `--json`) the code and values they word. */
export interface Said {
  text: string;
  data: PyDict;
}

/** An edit's change, said: the CLI's words and the code with its values. */
export function saidChange(c: EditChange): Said {
  return { text: editChangeEn(c), data: { ...c } };
}

/** A plan that writes nothing (nanobot would leave the file as it is): `… Nothing is written.`, or with `--json` the plan and no write. */
export function nothingToWrite(args: Args, out: Out, plan: Said): number {
  if (out.json) out.log(pyDumps({ plan: plan.data, dry_run: !args.flag('write'), written: null }));
  else out.log(`${plan.text} Nothing is written.`);
  return 0;
}

/**
 * Prints a write's plan, and does it only with `--write` (then prints what `write` says it did).
 * With `--json`, one document: `{"plan": {code, …values}, "dry_run": bool, "written": null | {…}}`.
 */
export async function planOrWrite(args: Args, out: Out, plan: Said, write: () => Promise<Said>): Promise<number> {
  const dry = !args.flag('write');
  if (out.json) {
    const done = dry ? null : await write();
    out.log(pyDumps({ plan: plan.data, dry_run: dry, written: done ? done.data : null }));
    return 0;
  }
  out.log(plan.text);
  if (dry) {
    out.log('(dry run: add --write to do it)');
    return 0;
  }
  out.log((await write()).text);
  return 0;
}
