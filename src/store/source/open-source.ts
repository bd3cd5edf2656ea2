/**
 * Where a session file's size picks how it is read, the one place that does: the whole document
 * below `LINE_INDEX.from` bytes (the CLI's line; the app passes its own, `SourcePick`), the line index from there on. The adapter is normalised here once
 * (source-adapter.ts), so neither implementation checks a backend's optional reads again.
 */
import type { StorageAdapter } from '../adapter/adapter';
import type { OpenOptions } from '../save/sessions';
import type { SessionSource, SourceKind } from './session-source';
import type { PageWorkers } from './indexed-source';
import { normalised } from './source-adapter';

/**
 * Files of at least `from` bytes are read on their line index (smaller ones read faster whole, and
 * their document is small enough to hold). Tests lower it to reach the index with small files.
 */
export const LINE_INDEX = { from: 1024 * 1024 };

/**
 * How a caller other than the CLI draws the line: the app reads on the index from `indexFrom` bytes
 * (its own line, or a link's lower one), and where the person asked for the whole document
 * (`whole`) gives it below `wholeBelow` bytes (what a page may hold), the index from there on.
 */
export interface SourcePick {
  indexFrom: number;
  whole?: boolean;
  wholeBelow?: number;
}

/**
 * What a source is opened for: nanobot's version, the clock, the key; `printing` when its messages
 * will be printed as json.dumps text; `pick`: the line the app draws (the CLI's `LINE_INDEX` otherwise);
 * `page`: the page's workers, which build the line index off its thread (the CLI's source reads in place).
 */
export type SourceOptions = OpenOptions & { printing?: boolean; pick?: SourcePick; page?: () => Promise<PageWorkers> };

/**
 * Which implementation a file of `size` bytes is read by, and the other one the person may ask for
 * instead (the whole document below `wholeBelow`; the index where the whole was asked at its line).
 */
export function kindFor(size: number, pick: SourcePick = { indexFrom: LINE_INDEX.from }): { kind: SourceKind; other: SourceKind | null } {
  const below = size < (pick.wholeBelow ?? Infinity);
  const atLine = size >= pick.indexFrom;
  if (pick.whole && below) return { kind: 'document', other: atLine ? 'index' : null };
  return atLine ? { kind: 'index', other: below && pick.wholeBelow !== undefined ? 'document' : null } : { kind: 'document', other: null };
}

/** Opens the session file `path` as the SessionSource its size calls for (nothing but its stat is read yet). */
export async function openSource(adapter: StorageAdapter, path: string, opts: SourceOptions): Promise<SessionSource> {
  const a = normalised(adapter);
  const st = await a.stat(path);
  const { kind, other } = kindFor(st.size, opts.pick);
  const base = { path, fileName: path.split('/').pop()!, size: st.size, lastModified: st.lastModified, version: opts.version, other };
  const { printing: _printing, pick: _pick, page: _page, ...docOpts } = opts;
  // Each implementation is loaded only when a file needs it: a CLI run over a small file never
  // compiles the index's readers and planners, nor one over a big file the whole-document edits.
  const openWhole = async () => (await import('./document-source')).documentSource(a, { ...base, kind: 'document' }, docOpts);
  if (kind === 'document') return openWhole();
  let doc: Promise<SessionSource> | null = null;
  return (await import('./indexed-source')).indexedSource(a, { ...base, kind: 'index' }, opts, () => (doc ??= openWhole()));
}
