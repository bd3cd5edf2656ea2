/**
 * Opening a file in large-file mode, step by step: the Blob (left on disk), the first messages from
 * its head, then the index from the worker (with progress) and the source over it
 * (store/large/page-source.ts), which every tab reads. Each step is state the view shows as soon as it is in.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LineIndex } from '../../../core/index/line-index';
import type { PyDict } from '../../../core/python/pyvalue';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { headMessages } from '../../../store/large/read/head-messages';
import { indexInPage } from '../../../store/large/page-source';
import type { SessionSource, SourceStat } from '../../../store/source/session-source';
import { nowIso } from '../../workspace/model';
import { loadMarkdown } from '../markdown/loader';
import { errorText } from '../../shell/status';

/** Messages read from the file's head while it is indexed: a screenful of short ones (only a screenful is rendered: row-height.ts). */
export const HEAD_SHOWN = 12;
/** Progress is shown a few times a second: a render per slice would add up. */
const PROGRESS_MS = 250;

export interface LargeFile {
  head: PyDict[] | null;
  progress: { bytes: number; lines: number } | null;
  index: LineIndex | null;
  /** The file's source over that index: what every tab reads. */
  source: SessionSource | null;
  error: string | null;
  /** `'no-file'`: the storage cannot hand the file over as a Blob. */
  problem: 'no-file' | null;
}

const EMPTY: LargeFile = { head: null, progress: null, index: null, source: null, error: null, problem: null };

/** The large file `stat` names, opened step by step; a new `generation` opens it again (after a save). */
export function useLargeFile(adapter: StorageAdapter, stat: Pick<SourceStat, 'path' | 'fileName' | 'version'>, generation = 0): LargeFile {
  const [state, setState] = useState<LargeFile>(EMPTY);
  const { path, fileName, version } = stat;
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
        // A File states what it is a snapshot of (no extra look-up); another Blob is the file as stat sees it.
        const at = file instanceof File ? { size: file.size, lastModified: file.lastModified } : await adapter.stat(path);
        const heading = headMessages(file, version, HEAD_SHOWN).then((head) => {
          put({ head });
          // The list shown once the index is in renders Markdown: fetch and compile the parser
          // now, while the worker indexes, rather than in the tasks that show the list.
          setTimeout(() => void loadMarkdown(), 0);
        });
        const { index, source } = await indexInPage(adapter, file, at, { path, fileName, version }, nowIso(), (bytes, lines) => {
          if (performance.now() - shown < PROGRESS_MS) return;
          shown = performance.now();
          put({ progress: { bytes, lines } });
        });
        await heading;
        put({ index, source });
      } catch (e) {
        put({ error: errorText(e) });
      }
    })();
    return () => void (live = false);
  }, [adapter, path, version, generation]);
  return state;
}
