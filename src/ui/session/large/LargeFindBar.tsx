/**
 * The find bar of large-file mode: the same bar as the full view's, its matches found by a worker
 * that reads the file in slices (store/large-find-client.ts). The first match is shown as soon as
 * it is found and the count grows while the rest of the file is read; a new query stops the search
 * before. The cards mark the query (Hl reads findQuery) and the current match is outlined.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LineIndex } from '../../../core/index/line-index';
import { findInFile, prepareFind, type LargeMatch } from '../../../store/large/find/large-find-client';
import { pg } from '../../i18n/text';
import { errorText } from '../../shell/status';
import { FindBarView } from '../find/FindBarView';
import { markCurrent } from '../find/mark-current';
import { MATCH_LIMIT } from '../find/search-index';
import { findFocus, findQuery } from '../find/state';

/** A pause in typing before the file is searched again. */
const TYPING_MS = 120;
/** The count is redrawn a few times a second while a search runs. */
const COUNT_MS = 200;
/** Frames to wait for the current match's card (about 10 s): it is read from the file and decoded first, on a busy machine too. */
const MARK_FRAMES = 600;

interface Progress {
  total: number;
  done: boolean;
  limited: boolean;
  error?: string;
}

/** The bar; mounted above the large conversation while find is open. `onGoto` brings a message into view. */
export function LargeFindBar({ file, index, onGoto }: { file: Blob; index: LineIndex; onGoto: (message: number) => void }) {
  const [text, setText] = useState(findQuery.value);
  const [at, setAt] = useState(0);
  const [progress, setProgress] = useState<Progress>({ total: 0, done: true, limited: false });
  const matches = useRef<LargeMatch[]>([]);
  const input = useRef<HTMLInputElement>(null);
  // The worker gets the file and the index as the bar opens, in small tasks, before anything is typed.
  useEffect(() => void prepareFind(file, index), [file, index]);
  const focusNonce = findFocus.value;
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusNonce]);
  const go = (i: number) => {
    const n = matches.current.length;
    if (n === 0) return;
    const k = ((i % n) + n) % n;
    const m = matches.current[k]!;
    setAt(k);
    onGoto(m.message);
    markCurrent(`.sl-large-list article[data-large-index="${m.message}"]`, m.nth, MARK_FRAMES);
  };
  useEffect(() => {
    findQuery.value = text;
    matches.current = [];
    setAt(0);
    if (!text.trim()) return setProgress({ total: 0, done: true, limited: false });
    setProgress({ total: 0, done: false, limited: false });
    let stop: (() => void) | null = null;
    let shown = 0;
    const timer = setTimeout(() => {
      stop = findInFile(file, index, text, MATCH_LIMIT, (u) => {
        const first = matches.current.length === 0;
        for (const m of u.found) matches.current.push(m);
        if (first && matches.current.length) go(0);
        const now = performance.now();
        if (!u.done && !first && now - shown < COUNT_MS) return;
        shown = now;
        setProgress({ total: matches.current.length, done: u.done, limited: u.limited, error: u.error && errorText(u.error) });
      });
    }, TYPING_MS);
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [text, file, index]);
  const more = progress.limited;
  return (
    <>
      <FindBarView text={text} onText={setText} at={at} total={progress.total} more={more} busy={!progress.done} onStep={go} input={input} />
      {progress.error && (
        <p class="notice danger" role="alert">
          {pg().large.findFailed(progress.error)}
        </p>
      )}
    </>
  );
}
