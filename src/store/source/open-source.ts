/**
 * Where a session file's size picks how it is read, the one place that does: the whole document
 * below `LINE_INDEX.from` bytes, the line index from there on. The adapter is normalised here once
 * (source-adapter.ts), so neither implementation checks a backend's optional reads again.
 */
import type { StorageAdapter } from '../adapter/adapter';
import type { OpenOptions } from '../save/sessions';
import type { SessionSource } from './session-source';
import { normalised } from './source-adapter';

/**
 * Files of at least `from` bytes are read on their line index (smaller ones read faster whole, and
 * their document is small enough to hold). Tests lower it to reach the index with small files.
 */
export const LINE_INDEX = { from: 1024 * 1024 };

/** What a source is opened for: nanobot's version, the clock, the key; `printing` when its messages will be printed as json.dumps text. */
export type SourceOptions = OpenOptions & { printing?: boolean };

/** Opens the session file `path` as the SessionSource its size calls for (nothing but its stat is read yet). */
export async function openSource(adapter: StorageAdapter, path: string, opts: SourceOptions): Promise<SessionSource> {
  const a = normalised(adapter);
  const st = await a.stat(path);
  const base = { path, fileName: path.split('/').pop()!, size: st.size, lastModified: st.lastModified, version: opts.version };
  const { printing: _printing, ...docOpts } = opts;
  // Each implementation is loaded only when a file needs it: a CLI run over a small file never
  // compiles the index's readers and planners, nor one over a big file the whole-document edits.
  const openWhole = async () => (await import('./document-source')).documentSource(a, { ...base, kind: 'document' }, docOpts);
  if (st.size < LINE_INDEX.from) return openWhole();
  let doc: Promise<SessionSource> | null = null;
  return (await import('./indexed-source')).indexedSource(a, { ...base, kind: 'index' }, opts, () => (doc ??= openWhole()));
}
