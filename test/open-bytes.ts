/**
 * A session opened from bytes a test holds, on this thread (the app opens a file by reading it:
 * openSession, its analysis in a worker when big); the same analysis, options and result.
 */
import { analyzeSession } from '../src/core/lens/open';
import { analyzeOptions, type OpenedSession, type OpenOptions } from '../src/store/save/sessions';
import type { Snapshot } from '../src/store/save/snapshot';

/** Opens a session from bytes already in hand, on this thread. */
export function openFromBytes(path: string, bytes: Uint8Array, snapshot: Snapshot, opts: OpenOptions): OpenedSession {
  const a = analyzeOptions(path, opts);
  return { path, fileName: a.fileName, version: opts.version, bytes, snapshot, ...analyzeSession(bytes, a) };
}
