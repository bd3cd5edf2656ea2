/**
 * nanobot's `_load` over a file streamed past in byte chunks, keeping only the last messages (a
 * ring) plus each message's line and role: the same answers as `loadNanobot` and `storedKey` on the
 * whole file, with memory bounded by the ring, not by the file.
 */
import { LineSplitter, type ChunkLine } from './line-stream';
import { decodeStrict, findUtf8Fault, utf8FaultMessage } from './lines';
import { LoadPass, loadOutcome, passSession, repairFollows, type LoadOutcome, type MessageSink, type NanobotSession, type PassOutcome } from './load';
import { rulesOf, type NanobotVersion } from './nanobot-version';
import { pyLoads, type PyError } from './pyjson';
import { pyStrip } from './pytext';
import { dictGet, isDict, type PyDict } from './pyvalue';
import type { HeldMessages } from './replay';

/** A session as nanobot loads it, of which only the last messages are held. */
export type StreamedSession = Omit<NanobotSession, 'messages' | 'messageLines'> &
  HeldMessages & {
    /** 0-based file line of every message (held or not). */
    messageLines: Int32Array;
    /** The role of message `i` when it is a string, else '?' (what the CLI prints). */
    roleOf: (i: number) => string;
  };

/** The load, and the key it was made under (given, else the stored one, else the fallback). */
export type StreamedLoad = LoadOutcome<StreamedSession> & { key: string };

export interface StreamOptions {
  now: string;
  version: NanobotVersion;
  /** The key when none is given and the file stores none (the file name's). */
  fallbackKey: string;
  key?: string;
  /** How many of the last messages to hold. */
  hold: number;
}

/** Grows an Int32Array / Uint16Array by doubling (4 + 2 bytes a message, whatever its size). */
function grown<T extends Int32Array | Uint16Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** The last `capacity` messages, and every message's line and role. */
class MessageRing implements MessageSink {
  private ring: PyDict[] = [];
  private count = 0;
  private lines = new Int32Array(1024);
  private roles = new Uint16Array(1024);
  private roleIds = new Map<string, number>();
  private roleNames = ['?'];

  constructor(private readonly capacity: number) {}

  add(message: PyDict, line: number): void {
    this.ring[this.count % this.capacity] = message;
    this.lines = grown(this.lines, this.count + 1);
    this.roles = grown(this.roles, this.count + 1);
    this.lines[this.count] = line;
    this.roles[this.count] = this.roleId(dictGet(message, 'role'));
    this.count++;
  }

  private roleId(role: unknown): number {
    if (typeof role !== 'string') return 0;
    let id = this.roleIds.get(role);
    if (id === undefined) {
      // Past 65,535 distinct roles the rest print as '?': a display detail, never an answer.
      if (this.roleNames.length > 0xffff) return 0;
      id = this.roleNames.push(role) - 1;
      this.roleIds.set(role, id);
    }
    return id;
  }

  /** The held messages in order, with every message's line and role. */
  held(): Pick<StreamedSession, 'count' | 'tailStart' | 'tail' | 'messageLines' | 'roleOf'> {
    const { count, capacity, ring, roles, roleNames } = this;
    const tailStart = Math.max(0, count - capacity);
    const tail = count <= capacity ? ring.slice(0, count) : [...ring.slice(count % capacity), ...ring.slice(0, count % capacity)];
    return { count, tailStart, tail, messageLines: this.lines.slice(0, count), roleOf: (i) => roleNames[roles[i]!]! };
  }
}

/** One streamed pass: the file's decoding error, its stored key, and the pass's outcome. */
interface PassRead {
  decodeError: PyError | null;
  storedKey: string;
  outcome: PassOutcome<StreamedSession>;
}

async function readPass(chunks: AsyncIterable<Uint8Array>, opts: StreamOptions, key: string | undefined, repair: boolean): Promise<PassRead> {
  const rules = rulesOf(opts.version);
  const ring = new MessageRing(Math.max(1, opts.hold));
  const pass = new LoadPass(opts.now, repair, rules, ring);
  let decodeError: PyError | null = null;
  let passError: PyError | null = null;
  let storedKey = opts.fallbackKey;
  const onLine = (l: ChunkLine) => {
    let text: string;
    try {
      text = decodeStrict(l.bytes.subarray(0, l.contentLength));
    } catch {
      // The whole file's first fault, where Python's decoder meets it (the terminator is ASCII).
      if (!decodeError) {
        const f = findUtf8Fault(l.bytes)!;
        decodeError = { type: 'UnicodeDecodeError', message: utf8FaultMessage({ ...f, pos: f.pos + l.start }) };
      }
      return;
    }
    const stripped = pyStrip(text);
    if (!stripped) return;
    const parsed = pyLoads(stripped);
    if (key === undefined) {
      // storedKey's rule: the last metadata record the recovered lens reads (a BOM set aside).
      const r = text.charCodeAt(0) === 0xfeff ? pyLoads(pyStrip(text.slice(1))) : parsed;
      if (r.ok && isDict(r.value) && dictGet(r.value, '_type') === 'metadata') {
        const k = dictGet(r.value, 'key');
        storedKey = typeof k === 'string' && k ? k : opts.fallbackKey;
      }
    }
    if (!decodeError && !passError) passError = pass.feed({ index: l.index, text: stripped, parsed });
  };
  const splitter = new LineSplitter(onLine);
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  const t = pass.finish();
  const outcome: PassOutcome<StreamedSession> = passError ?? { session: passSession(t, key ?? storedKey, repair, rules, ring.held()), skipped: t.skipped };
  return { decodeError, storedKey, outcome };
}

/**
 * `loadNanobot` (under `storedKey`'s key when none is given) over a file read through `chunks()`,
 * called once, or twice when nanobot's repair pass runs. Holds the last `hold` messages.
 */
export async function streamedLoad(chunks: () => AsyncIterable<Uint8Array>, opts: StreamOptions): Promise<StreamedLoad> {
  const first = await readPass(chunks(), opts, opts.key, false);
  const key = opts.key ?? first.storedKey;
  const strict = first.outcome;
  let repair: PassOutcome<StreamedSession> | null = null;
  if (!first.decodeError && 'type' in strict && repairFollows(strict, opts.version)) repair = (await readPass(chunks(), opts, key, true)).outcome;
  return { key, ...loadOutcome(key, opts.version, first.decodeError, () => strict, () => repair!) };
}
