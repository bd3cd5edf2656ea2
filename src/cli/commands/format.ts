/**
 * `session-lens format FILE`: exactly the bytes nanobot's `save()` would write, through the file's
 * SessionSource (a big file: one pass over its messages' lines, each line nanobot wrote copied as it
 * is, nothing held but the index).
 */
import { encodeSession, formatSession } from '../../core/edit/format';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import type { Args } from '../args';
import { describeLoad, loadRaise, opened, reportRaise } from '../open';
import { bytePrinter, type Out } from '../output/printer';

/** What the save of a session nanobot loads nothing from writes (said on stderr first). */
function writeEmpty(key: string, why: string, now: string, out: Out, version: NanobotVersion): number {
  process.stderr.write(`nanobot loads nothing from this file (${why}); its save would write an empty session:\n`);
  const enc = encodeSession(formatSession({ key, createdAt: now, updatedAt: now, lastConsolidated: 0, metadata: {}, messages: [], messageLines: [] }, version));
  if (!enc.ok) return saveRaises(enc.error);
  if (out.bytes) out.bytes(enc.bytes);
  else process.stdout.write(enc.bytes);
  return 0;
}

function saveRaises(error: { type: string; message: string }): number {
  process.stderr.write(`nanobot's save raises ${error.type}: ${error.message}\n`);
  return 1;
}

/** Runs `format`: 1 when nanobot's load or save would raise (nothing is written then). */
export async function cmdFormat(args: Args, now: string, out: Out): Promise<number> {
  const file = await opened(args.positional(0, 'FILE'), args, 1, now, undefined, true);
  const load = await file.source.load();
  const raised = loadRaise(load);
  if (raised) return reportRaise(raised, out);
  if (!load.result) return writeEmpty(load.key, describeLoad(load), now, out, file.version);
  const p = bytePrinter(out);
  const r = await file.source.format((piece) => p.put(piece));
  if (!r.ok) return saveRaises(r.error);
  p.flush();
  return 0;
}
