/**
 * `session-lens format FILE`: exactly the bytes nanobot's `save()` would write. A big file is read
 * on its line index: nanobot's load from it, then one pass over its messages' lines, copying every
 * line the index knows to be its message's json.dumps text (as every line nanobot wrote is) and
 * parsing and dumping only the others. Nothing is held but the index.
 */
import path from 'node:path';
import { encodeSession, formatHead, formatSession } from '../core/edit/format';
import { loneSurrogateIndex } from '../core/python/lines';
import { keyForFile } from '../store/listing/session-list';
import { dumpsLoneSurrogate, eachDumped, loadIndexed, unchangedSince } from '../store/adapter/indexed-read';
import type { Args } from './args';
import { describeLoad, located, readLocated, type Located } from './open';
import { bytePrinter, type Out } from './printer';
import { STREAMING } from './streaming';

const NL = new Uint8Array([10]);

/** What the save of a session nanobot loads nothing from writes (said on stderr first). */
function writeEmpty(key: string, why: string, now: string, out: Out): number {
  process.stderr.write(`nanobot loads nothing from this file (${why}); its save would write an empty session:\n`);
  return writeText(formatSession({ key, createdAt: now, updatedAt: now, lastConsolidated: 0, metadata: {}, messages: [], messageLines: [] }), out);
}

function writeText(text: string, out: Out): number {
  const enc = encodeSession(text);
  if (!enc.ok) {
    process.stderr.write(`nanobot's save raises ${enc.error.type}: ${enc.error.message}\n`);
    return 1;
  }
  if (out.bytes) out.bytes(enc.bytes);
  else process.stdout.write(enc.bytes);
  return 0;
}

/** `format` on the line index; null when the whole-file path must answer (a save that raises: it finds where). */
async function formatIndexed(file: Located, now: string, out: Out): Promise<number | null> {
  const { abs, adapter, keyOpt, version } = file;
  const name = path.basename(abs);
  const { index: ix, stat, load } = await loadIndexed(adapter, name, { now, version, fallbackKey: keyForFile(name, version), dumps: true, ...keyOpt });
  const s = load.result;
  if (!s) return writeEmpty(load.key, describeLoad(load), now, out);
  const head = formatHead(s);
  // Python raises on a lone surrogate: the whole-file path finds where, and writes nothing.
  if (loneSurrogateIndex(head) >= 0 || (await dumpsLoneSurrogate(adapter, name, ix, s.lines))) return null;
  const p = bytePrinter(out);
  p.put(head);
  await eachDumped(adapter, name, ix, s.lines, false, (piece) => {
    p.put(piece);
    p.put(NL);
  });
  await unchangedSince(adapter, name, stat);
  p.flush();
  return 0;
}

/** Runs `format`: 1 when nanobot's save would raise (nothing is written then). */
export async function cmdFormat(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1);
  if (file.size >= STREAMING.from) {
    const code = await formatIndexed(file, now, out);
    if (code !== null) return code;
  }
  const session = await readLocated(file, now);
  const s = session.nanobot.result;
  return s ? writeText(formatSession(s), out) : writeEmpty(session.key, describeLoad(session.nanobot), now, out);
}
