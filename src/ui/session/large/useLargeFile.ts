/**
 * Opening a file in large-file mode, step by step: the first messages from its head, then its
 * line index, which the page's source builds in its worker (store/large/page-source.ts), with
 * progress. Each step is state the view shows as soon as it is in; every tab reads the source.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LineIndex } from '../../../core/index/line-index';
import type { PyDict } from '../../../core/python/pyvalue';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { headMessages } from '../../../store/large/read/head-messages';
import type { SessionSource } from '../../../store/source/session-source';
import { loadMarkdown } from '../markdown/loader';
import { errorText } from '../../shell/status';

/** Messages read from the file's head while it is indexed: a screenful of short ones (only a screenful is rendered: row-height.ts). */
const HEAD_SHOWN = 12;
/** Progress is shown a few times a second: a render per slice would add up. */
const PROGRESS_MS = 250;

interface LargeFile {
  head: PyDict[] | null;
  progress: { bytes: number; lines: number } | null;
  index: LineIndex | null;
  error: string | null;
}

const EMPTY: LargeFile = { head: null, progress: null, index: null, error: null };

/** `source`'s file opened step by step (`reader` hands over its head); a new source (after a save) opens it again. */
export function useLargeFile(source: SessionSource, reader: StorageAdapter): LargeFile {
  const [state, setState] = useState<LargeFile>(EMPTY);
  useEffect(() => {
    let live = true;
    const put = (s: Partial<LargeFile>) => live && setState((prev) => ({ ...prev, ...s }));
    setState(EMPTY);
    let shown = 0;
    const { path, version } = source.stat;
    void (async () => {
      try {
        const heading = (async () => {
          const file = reader.file ? await reader.file(path) : null;
          if (!file) return;
          put({ head: await headMessages(file, version, HEAD_SHOWN) });
          // The list shown once the index is in renders Markdown: fetch and compile the parser
          // now, while the worker indexes, rather than in the tasks that show the list.
          setTimeout(() => void loadMarkdown(), 0);
        })();
        const index = await source.lineIndex((bytes, lines) => {
          if (performance.now() - shown < PROGRESS_MS) return;
          shown = performance.now();
          put({ progress: { bytes, lines } });
        });
        await heading;
        put({ index });
      } catch (e) {
        put({ error: errorText(e) });
      }
    })();
    return () => void (live = false);
  }, [source, reader]);
  return state;
}
