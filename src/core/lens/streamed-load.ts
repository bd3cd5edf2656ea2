/**
 * nanobot's `_load` over a file streamed past in byte chunks, each message handed to a sink that
 * keeps only what its command needs (`replay`'s replay index, `tokens`' counts): the same answers
 * as `loadNanobot` and `storedKey` on the whole file, with memory bounded by the sink, not the file.
 */
import { LineSplitter, type ChunkLine } from './line-stream';
import { PY_TEXT_CHUNK, chunkInputStart, decodeStrict, faultCutAt, findUtf8Fault, textFaultMessage, type Utf8Fault } from '../python/lines';
import { LoadPass, loadOutcome, passSession, repairFollows, type LoadOutcome, type MessageSink, type NanobotSession, type PassOutcome } from './load';
import { rulesOf, type NanobotVersion } from '../nanobot/nanobot-version';
import { pyLoads, type LoadsResult, type PyError } from '../python/pyjson';
import { pyStrip } from '../python/pytext';
import { dictGet, isDict } from '../python/pyvalue';

/** What a streamed load needs whatever its sink keeps. */
export interface LoadStreamOptions {
  now: string;
  version: NanobotVersion;
  /** The key when none is given and the file stores none (the file name's). */
  fallbackKey: string;
  key?: string;
}

/** A pass's sink, and what it hands the session once the pass is over. */
export interface HeldSink<M> extends MessageSink {
  held(): M;
}

/** Makes a pass's sink; `textOf()` is the stripped text of the line whose message is being added. */
export type NewSink<M> = (textOf: () => string) => HeldSink<M>;

/** What a streamed pass holds of the session besides what its sink keeps. */
type Held = Omit<NanobotSession, 'messages' | 'messageLines'>;

/** One streamed pass: the file's decoding error, its stored key, and the pass's outcome. */
interface PassRead<S> {
  decodeError: PyError | null;
  storedKey: string;
  outcome: PassOutcome<S>;
}

/**
 * Sees every line of a first pass (text undefined where it is not UTF-8); may hand back its
 * json.loads of the stripped text, so the pass need not parse it again.
 */
export type LineObserver = (l: ChunkLine, text: string | undefined) => LoadsResult | undefined;

/** A line read but not yet handed to the pass: Python yields it only once its whole chunk decodes. */
interface Waiting {
  index: number;
  text: string;
  parsed: LoadsResult;
  /** The bytes Python decodes before it yields the line (not yet cut to the file's size). */
  span: number;
  /** No terminator: Python read on to the end of the file for it. */
  final: boolean;
}

async function readPass<M>(chunks: AsyncIterable<Uint8Array>, opts: LoadStreamOptions, key: string | undefined, repair: boolean, newSink: NewSink<M>, observe?: LineObserver): Promise<PassRead<Held & M>> {
  const rules = rulesOf(opts.version);
  let current = '';
  const ring = newSink(() => current);
  const pass = new LoadPass(opts.now, repair, rules, ring);
  let passError: PyError | null = null;
  let storedKey = opts.fallbackKey;
  // The file's first decoding fault (absolute position) and the bytes from it on.
  let fault: { f: Utf8Fault; seq: Uint8Array } | null = null;
  let size = 0;
  // The last chunk boundary passed (up to the fault) and where the decoder's input starts there.
  let boundary = 0;
  let boundaryInput = 0;
  const waiting: Waiting[] = [];
  const feed = (w: Waiting) => {
    current = w.text;
    if (!passError) passError = pass.feed(w);
  };
  const onLine = (l: ChunkLine) => {
    const end = l.start + l.bytes.length;
    size = end;
    let text: string | undefined;
    try {
      text = decodeStrict(l.bytes.subarray(0, l.contentLength));
    } catch {
      text = undefined;
    }
    if (!fault) {
      let faultAt = end;
      if (text === undefined) {
        // The whole file's first fault, where Python's decoder meets it (the terminator is ASCII).
        const f = findUtf8Fault(l.bytes)!;
        faultAt = l.start + f.pos;
        fault = { f: { ...f, pos: faultAt }, seq: l.bytes.slice(f.pos, f.pos + 4) };
      }
      const byteAt = (i: number) => (i >= l.start ? l.bytes[i - l.start] : undefined);
      for (let b = Math.ceil(l.start / PY_TEXT_CHUNK) * PY_TEXT_CHUNK; b < end && b <= faultAt; b += PY_TEXT_CHUNK) {
        boundary = b;
        boundaryInput = chunkInputStart(b, byteAt);
      }
    }
    if (text === undefined) {
      observe?.(l, undefined);
      return;
    }
    const known = observe?.(l, text);
    const stripped = pyStrip(text);
    if (!stripped) return;
    const parsed = known ?? pyLoads(stripped);
    if (key === undefined) {
      // storedKey's rule: the last metadata record the recovered lens reads (a BOM set aside).
      const r = text.charCodeAt(0) === 0xfeff ? pyLoads(pyStrip(text.slice(1))) : parsed;
      if (r.ok && isDict(r.value) && dictGet(r.value, '_type') === 'metadata') {
        const k = dictGet(r.value, 'key');
        storedKey = typeof k === 'string' && k ? k : opts.fallbackKey;
      }
    }
    if (fault || passError) return;
    // decodedSpan of the whole-file load, before the cut to the file's size (known at the end).
    let span = Math.max(PY_TEXT_CHUNK, Math.ceil(end / PY_TEXT_CHUNK) * PY_TEXT_CHUNK);
    if (end % PY_TEXT_CHUNK === 0 && l.bytes[l.bytes.length - 1] === 0x0d) span += PY_TEXT_CHUNK;
    waiting.push({ index: l.index, text: stripped, parsed, span, final: l.contentLength === l.bytes.length });
    // Lines whose chunks are all read, and valid, are what Python yields.
    let n = 0;
    while (n < waiting.length && waiting[n]!.span <= size) feed(waiting[n++]!);
    if (n) waiting.splice(0, n);
  };
  const splitter = new LineSplitter(onLine);
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  // Python yields the lines before the chunk that holds the fault; a sequence a chunk's end cuts
  // waits for the next read, so the lines before that read come first.
  let decodeError: PyError | null = null;
  const found = fault as { f: Utf8Fault; seq: Uint8Array } | null;
  for (const w of waiting) {
    const span = Math.min(w.span, size);
    if (found && span > found.f.pos && (w.final || !faultCutAt(found.seq, span - found.f.pos))) break;
    feed(w);
  }
  if (found) {
    const chunkStart = found.f.pos - (found.f.pos % PY_TEXT_CHUNK);
    decodeError = { type: 'UnicodeDecodeError', message: textFaultMessage(found.f, size, found.seq, chunkStart === boundary ? boundaryInput : chunkStart) };
  }
  const t = pass.finish();
  const outcome: PassOutcome<Held & M> = passError ?? decodeError ?? { session: passSession(t, key ?? storedKey, repair, rules, ring.held()), skipped: t.skipped };
  return { decodeError, storedKey, outcome };
}

/**
 * `loadNanobot` (under `storedKey`'s key when none is given) over a file read through `chunks()`,
 * called once, or twice when nanobot's repair pass runs; each pass's messages go to a new sink, so
 * a command keeps only what it prints (the last messages, every message's line, a count per message).
 * `observe` sees every line of the first pass (the recovered lens reads along).
 */
export async function streamedLoadInto<M>(chunks: () => AsyncIterable<Uint8Array>, opts: LoadStreamOptions, newSink: NewSink<M>, observe?: LineObserver): Promise<LoadOutcome<Held & M> & { key: string }> {
  const first = await readPass(chunks(), opts, opts.key, false, newSink, observe);
  const key = opts.key ?? first.storedKey;
  const strict = first.outcome;
  let repair: PassOutcome<Held & M> | null = null;
  if ('type' in strict && repairFollows(strict, opts.version)) repair = (await readPass(chunks(), opts, key, true, newSink)).outcome;
  // Each pass raises a decoding error where Python meets it, after the lines before it.
  return { key, ...loadOutcome(key, opts.version, null, () => strict, () => repair!) };
}
