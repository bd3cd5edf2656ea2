/**
 * `session-lens trim FILE N` on a big file: planned over the file's line index, as large-file mode
 * plans it (store/save/indexed-trim.ts), and, with `--write`, its pieces written guarded by the
 * hashes of the bytes indexed, so memory follows the index, not the file. It prints what the
 * whole-file path prints and writes the same bytes.
 */
import { editRefusalEn } from '../words/edit-en';
import { basename } from 'node:path';
import { StoreError } from '../store/adapter/errors';
import { planTrimIndexed, writeTrimIndexed } from '../store/save/indexed-trim';
import { UsageError, type Args } from './args';
import type { Located } from './open';
import { plural } from './text';
import { nothingToWrite, planOrWrite, saidChange, type Out } from './plan';

/** Runs `trim` on a located big file; the arguments are checked as the whole-file path checks them. */
export async function cmdTrimIndexed(file: string, at: Located, args: Args, now: string, out: Out): Promise<number> {
  const max = args.positionalInt(1, 'N');
  args.noMoreThan(2);
  const name = basename(at.abs);
  const opts = { now, version: at.version, ...at.keyOpt, max, extendToUser: args.flag('extend-to-user') };
  const t = await planTrimIndexed(at.adapter, name, opts);
  if ('error' in t) throw new UsageError(editRefusalEn(t.error));
  if (!t.write && t.refusal === null) return nothingToWrite(args, out, saidChange(t.change));
  return planOrWrite(args, out, saidChange(t.change), async () => {
    if (t.refusal !== null) throw new StoreError('io', editRefusalEn(t.refusal.error), { path: name, reason: { code: 'line-cannot-save', line: t.refusal.line, error: t.refusal.raises } });
    const bytes = (await writeTrimIndexed(at.adapter, t)).bytes;
    return { text: `written ${plural(bytes, 'byte')} to ${file}`, data: { path: file, bytes, backup: null } };
  });
}
