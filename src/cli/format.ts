/**
 * `session-lens format FILE`: exactly the bytes nanobot's `save()` would write. A big file streams
 * twice: a first pass loads it as nanobot does, noting each message's line; the second writes the
 * messages, copying every line nanobot itself wrote from the file's bytes. Nothing is held but
 * 5 bytes a message.
 */
import path from 'node:path';
import { emitDumpedLines, nanobotValue } from '../core/lens/dumped-lines';
import { encodeSession, formatHead, formatSession } from '../core/edit/format';
import { loneSurrogateIndex } from '../core/python/lines';
import { messageLineSink } from '../core/lens/message-lines';
import { streamedLoadInto } from '../core/lens/streamed-load';
import { keyForFile } from '../store/listing/session-list';
import { readPasses } from '../store/adapter/streamed-read';
import type { Args } from './args';
import { describeLoad, located, readLocated, type Located } from './open';
import { bytePrinter, type Out } from './printer';
import { STREAMING } from './streaming';

const NL = new Uint8Array([10]);

/** The streamed `format`; null when the whole-file path must answer (a save that would raise). */
async function formatStreamed(file: Located, now: string, out: Out): Promise<number | null> {
  const { abs, adapter, keyOpt, version } = file;
  const name = path.basename(abs);
  const opts = { now, version, fallbackKey: keyForFile(name, version), ...keyOpt };
  const { value: load, again } = await readPasses(adapter, name, (chunks) => streamedLoadInto(chunks, opts, messageLineSink));
  const s = load.result;
  if (!s) return null; // an empty session: small, and said on stderr by the whole-file path
  const head = formatHead(s);
  // Python raises on a lone surrogate: the whole-file path finds where, and writes nothing.
  if (s.lensLines.surrogates || loneSurrogateIndex(head) >= 0) return null;
  const p = bytePrinter(out);
  p.put(head);
  await again((chunks) =>
    emitDumpedLines(chunks, s.lensLines, nanobotValue, (piece) => {
      p.put(piece);
      p.put(NL);
    }),
  );
  p.flush();
  return 0;
}

/** Runs `format`: 1 when nanobot's save would raise (nothing is written then). */
export async function cmdFormat(args: Args, now: string, out: Out): Promise<number> {
  const file = await located(args.positional(0, 'FILE'), args, 1);
  if (file.size >= STREAMING.from) {
    const code = await formatStreamed(file, now, out);
    if (code !== null) return code;
  }
  const session = await readLocated(file, now);
  const s = session.nanobot.result;
  if (!s) {
    process.stderr.write(`nanobot loads nothing from this file (${describeLoad(session.nanobot)}); its save would write an empty session:\n`);
  }
  const text = s ? formatSession(s) : formatSession({ key: session.key, createdAt: now, updatedAt: now, lastConsolidated: 0, metadata: {}, messages: [], messageLines: [] });
  const enc = encodeSession(text);
  if (!enc.ok) {
    process.stderr.write(`nanobot's save raises ${enc.error.type}: ${enc.error.message}\n`);
    return 1;
  }
  if (out.bytes) out.bytes(enc.bytes);
  else process.stdout.write(enc.bytes);
  return 0;
}
