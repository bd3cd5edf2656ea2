/**
 * `session-lens trim FILE N` on a big file: planned from a streamed pass and, with `--write`,
 * written from a second one (store/streamed-trim.ts), so memory follows the kept window, not the
 * file. It prints what the whole-file path prints and writes the same bytes.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { planTrimStreamed, writeTrimStreamed, type StreamHash } from '../store/save/streamed-trim';
import { UsageError, type Args } from './args';
import type { Located } from './open';
import { STREAMING } from './streaming';
import { plural } from './text';
import { planOrWrite, type Out } from './write';

/** SHA-256 as the store's snapshots take it, fed a chunk at a time. */
function sha256(): StreamHash {
  const h = createHash('sha256');
  return { update: (b) => void h.update(b), digest: () => h.digest('hex') };
}

/** Runs `trim` on a located big file; the arguments are checked as the whole-file path checks them. */
export async function cmdTrimStreamed(file: string, at: Located, args: Args, now: string, out: Out): Promise<number> {
  const max = args.positionalInt(1, 'N');
  args.noMoreThan(2);
  const write = args.flag('write');
  const opts = { now, version: at.version, ...at.keyOpt, max, extendToUser: args.flag('extend-to-user'), hold: Math.max(0, max) + STREAMING.slack };
  const t = await planTrimStreamed(at.adapter, path.basename(at.abs), write ? { ...opts, hash: sha256 } : opts);
  if ('error' in t) throw new UsageError(t.error);
  if (!t.write) {
    out.log(`${t.summary} Nothing is written.`);
    return 0;
  }
  return planOrWrite(args, out, t.summary, async () => `written ${plural((await writeTrimStreamed(at.adapter, t, sha256)).bytes, 'byte')} to ${file}`);
}
