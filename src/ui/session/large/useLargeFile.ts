/**
 * Opening a file in large-file mode, step by step: the Blob (left on disk), the first messages from
 * its first 256 KiB, the index from the worker (with progress), then nanobot's load from the index
 * (decoding only the metadata records). Each step is state the view shows as soon as it is in.
 */
import { useEffect, useState } from 'preact/hooks';
import { parseDocument } from '../../../core/document';
import { loadFromIndex, type IndexLoad } from '../../../core/index-load';
import type { LineIndex } from '../../../core/line-index';
import type { NanobotVersion } from '../../../core/nanobot-version';
import type { PyDict } from '../../../core/pyvalue';
import { KIND } from '../../../core/record-facts';
import type { StorageAdapter } from '../../../store/adapter';
import { indexFile, readRecords } from '../../../store/large-client';

const HEAD_BYTES = 256 * 1024;
/** Progress is shown a few times a second: a render per slice would add up. */
const PROGRESS_MS = 250;

export interface LargeFile {
  file: Blob | null;
  head: PyDict[] | null;
  progress: { bytes: number; lines: number } | null;
  index: LineIndex | null;
  load: IndexLoad | null;
  error: string | null;
  /** `'no-file'`: the storage cannot hand the file over as a Blob. */
  problem: 'no-file' | null;
}

const EMPTY: LargeFile = { file: null, head: null, progress: null, index: null, load: null, error: null, problem: null };

/** The first messages of the file's head (a cut last line left out). */
async function headMessages(file: Blob, version: NanobotVersion): Promise<PyDict[]> {
  const bytes = new Uint8Array(await file.slice(0, Math.min(file.size, HEAD_BYTES)).arrayBuffer());
  let end = bytes.length;
  if (end < file.size) while (end > 0 && bytes[end - 1] !== 10) end--;
  return parseDocument(bytes.subarray(0, end), { version }).records.flatMap((r) => (r.kind === 'message' && r.value ? [r.value] : []));
}

/** Reads the metadata records (few) so nanobot's load can be answered from the index. */
async function loadOf(file: Blob, ix: LineIndex, version: NanobotVersion): Promise<IndexLoad> {
  const metas = new Map<number, PyDict>();
  for (let i = 0; i < ix.count; i++) {
    if (ix.kind[i] !== KIND.metadata) continue;
    const [v] = await readRecords(file, ix, [i]);
    metas.set(i, v ?? {});
  }
  return loadFromIndex(ix, version, (l) => metas.get(l) ?? {});
}

/** The large file at `path`, opened step by step. */
export function useLargeFile(adapter: StorageAdapter, path: string, version: NanobotVersion): LargeFile {
  const [state, setState] = useState<LargeFile>(EMPTY);
  useEffect(() => {
    let live = true;
    const put = (s: Partial<LargeFile>) => live && setState((prev) => ({ ...prev, ...s }));
    setState(EMPTY);
    if (!adapter.file) {
      put({ problem: 'no-file' });
      return;
    }
    let shown = 0;
    void (async () => {
      try {
        const file = await adapter.file!(path);
        put({ file });
        const heading = headMessages(file, version).then((head) => put({ head }));
        const index = await indexFile(file, version, (bytes, lines) => {
          if (performance.now() - shown < PROGRESS_MS) return;
          shown = performance.now();
          put({ progress: { bytes, lines } });
        });
        await heading;
        put({ index, load: await loadOf(file, index, version) });
      } catch (e) {
        put({ error: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => void (live = false);
  }, [adapter, path, version]);
  return state;
}
