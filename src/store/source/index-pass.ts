/**
 * The line index of a file too big to hold, built in one streamed pass: `indexStreamed` (the byte
 * pass, hashing the bytes read for a later save's guard), `indexParsed` (parsing every line, each
 * line's value handed to a sink, for a command that needs every message's value once: `tokens`, a replay
 * without a count window).
 */
import type { NanobotVersion } from '../../core/nanobot/nanobot-version';
import { LineIndexer, type ByteLineSink, type LineIndex, type ParsedLineSink } from '../../core/index/line-index';
import { ProofTaker } from '../save/read-guard';
import type { LargeSource } from '../save/large-save';
import { changedWhileRead, type SourceAdapter } from './source-adapter';
import { steadily } from '../save/snapshot';

/**
 * The file's line index built in one streamed pass that parses every line (`LineIndexer`'s
 * `parsed`: no byte pass), each line's value handed to the sink `newSink` makes (a new one if the
 * file moved and is read again), whose `held()` comes back with the index: for a command that
 * needs every message's value once (`tokens`' counts, the replay index of a replay without a count window).
 * A sink with `bytes` is offered each line the byte pass is sure of first, and only the lines it
 * refuses are parsed (`LineIndexer`'s `byBytes`).
 */
export async function indexParsed<T>(adapter: SourceAdapter, path: string, version: NanobotVersion, newSink: () => { line: ParsedLineSink; bytes?: ByteLineSink; held(): T }): Promise<{ built: Built; held: T }> {
  const { value, stat } = await steadily(adapter, path, async () => {
    const sink = newSink();
    const ix = new LineIndexer(version, 0, false, sink.line, sink.bytes);
    for await (const c of adapter.readChunks(path)) ix.push(c);
    return { index: ix.finish(true), held: sink.held() };
  });
  if (value.index.size !== stat.size) throw changedWhileRead(path);
  return { built: { index: value.index, source: { path, stat } }, held: value.held };
}

/** A file's line index as `indexStreamed` built it. */
export type Built = Awaited<ReturnType<typeof indexStreamed>>;

/**
 * The file's line index (large-file mode's), built from one streamed pass (read again if the file
 * moved meanwhile), with the hashes of the bytes indexed (read-guard.ts) unless `hash` is false.
 */
export async function indexStreamed(adapter: SourceAdapter, path: string, version: NanobotVersion, hash = true, dumps = false): Promise<{ index: LineIndex; source: Pick<LargeSource, 'path' | 'stat' | 'proof'> }> {
  const { value, stat } = await steadily(adapter, path, async () => {
    const proof = hash ? new ProofTaker() : null;
    const ix = new LineIndexer(version, 0, dumps);
    let at = 0;
    for await (const c of adapter.readChunks(path)) {
      proof?.add(at, c);
      ix.push(c);
      at += c.length;
    }
    return { index: ix.finish(true), parts: proof ? proof.parts() : null };
  });
  if (value.index.size !== stat.size) throw changedWhileRead(path);
  return { index: value.index, source: { path, stat, ...(value.parts ? { proof: { size: stat.size, lastModified: stat.lastModified, parts: value.parts } } : {}) } };
}
