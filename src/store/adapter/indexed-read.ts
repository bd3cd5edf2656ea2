/**
 * A replay of a file too big to hold (core/indexed-replay.ts): one streamed pass loads it as
 * nanobot does into a replay index, noting where each line lies; the replay then reads back the
 * messages it keeps by their byte ranges, in blocks of up to 1 MiB, never the whole file again.
 */
import { replayIndexed, ReplayIndexer, type IndexedReplay, type ReplayIndex } from '../../core/replay/indexed-replay';
import { decodeStrict } from '../../core/python/lines';
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { pyLoads } from '../../core/python/pyjson';
import { pyStrip } from '../../core/python/pytext';
import type { PyDict } from '../../core/python/pyvalue';
import type { ReplayOptions, TokenCounter } from '../../core/replay/replay';
import { streamedLoadInto, type StreamedLoad } from '../../core/lens/streamed-load';
import type { StorageAdapter } from './adapter';
import { StoreError } from './errors';
import { keyForFile } from '../listing/session-list';
import { steadily } from './streamed-read';

const BLOCK_BYTES = 1 << 20;
const BLOCK_MESSAGES = 2048;

function grown<T extends Float64Array | Uint32Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** nanobot's load of the file (its messages as a replay index) and its replay, or null when it loads nothing. */
export interface IndexedReplayRead {
  load: Omit<StreamedLoad, 'result'> & { result: { lastConsolidated: number; index: ReplayIndex } | null };
  replay: IndexedReplay | null;
}

/**
 * Loads `path` as nanobot does, streamed, into a replay index; then replays it reading back only the
 * messages the replay keeps (and those its budget walk counts).
 */
export async function replayStreamed(adapter: StorageAdapter, path: string, opts: { now: string; version: NanobotVersion; key?: string; replay: ReplayOptions; count?: TokenCounter }): Promise<IndexedReplayRead> {
  const fileName = path.split('/').pop()!;
  let starts = new Float64Array(1024);
  let lengths = new Uint32Array(1024);
  const load = { now: opts.now, version: opts.version, fallbackKey: keyForFile(fileName, opts.version), ...(opts.key !== undefined ? { key: opts.key } : {}) };
  const sink = () => {
    const ix = new ReplayIndexer(opts.replay, opts.version);
    return { add: (m: PyDict, line: number) => ix.add(m, line), held: () => ({ index: ix.finish() }) };
  };
  const { value, stat } = await steadily(adapter, path, (chunks) => {
    starts = new Float64Array(1024);
    lengths = new Uint32Array(1024);
    return streamedLoadInto(chunks, load, sink, (l) => {
      starts = grown(starts, l.index + 1);
      lengths = grown(lengths, l.index + 1);
      starts[l.index] = l.start;
      lengths[l.index] = l.contentLength;
      return undefined;
    });
  });
  const s = value.result;
  if (!s) return { load: { ...value, result: null }, replay: null };
  const ix = s.index;
  const lineOf = (i: number) => ix.lines[i]!;
  // One block of consecutive messages in hand: the budget walk reads backwards, the kept replay forwards.
  let block: { first: number; last: number; at: number; bytes: Uint8Array } | null = null;
  let lastAsked = -1;
  const at = async (i: number): Promise<PyDict> => {
    if (!block || i < block.first || i > block.last) {
      const backwards = i < lastAsked;
      let first = i;
      let last = i;
      const end = (k: number) => starts[lineOf(k)]! + lengths[lineOf(k)]!;
      if (backwards) while (first > 0 && i - first < BLOCK_MESSAGES && end(i) - starts[lineOf(first - 1)]! <= BLOCK_BYTES) first--;
      else while (last < ix.count - 1 && last - i < BLOCK_MESSAGES && end(last + 1) - starts[lineOf(i)]! <= BLOCK_BYTES) last++;
      const from = starts[lineOf(first)]!;
      block = { first, last, at: from, bytes: await adapter.readRange(path, from, end(last)) };
    }
    lastAsked = i;
    const l = lineOf(i);
    const off = starts[l]! - block.at;
    const r = pyLoads(pyStrip(decodeStrict(block.bytes.subarray(off, off + lengths[l]!))));
    if (!r.ok) throw new StoreError('conflict', `'${path}' changed while it was read; is another program writing it?`, { path, reason: { code: 'changed-while-read' } });
    return r.value as PyDict;
  };
  const replay = await replayIndexed(ix, s.lastConsolidated, opts.replay, opts.version, at, opts.count);
  block = null;
  const after = await adapter.stat(path);
  if (after.size !== stat.size || after.lastModified !== stat.lastModified) throw new StoreError('conflict', `'${path}' changed while it was read; is another program writing it?`, { path, reason: { code: 'changed-while-read' } });
  return { load: { ...value, result: { lastConsolidated: s.lastConsolidated, index: ix } }, replay };
}
