/**
 * The session's find bar at every size: a query over every message's text, tool calls and results,
 * "3 of 17", Enter / Shift+Enter for the next / previous match, Escape to close. Its matches come
 * through the file's SessionSource (the whole document's at once; the line index's from the find
 * worker, the first shown as soon as it is found and the count growing while the rest is read; a
 * new query stops the search before). Each match scrolls the conversation to its message; the
 * cards mark the query (Hl reads findQuery) and the current match is outlined.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionSource } from '../../../store/source/session-source';
import type { FindUpdate } from '../../../store/source/find-answers';
import { pg } from '../../i18n/text';
import { errorText } from '../../shell/status';
import { FindBarView } from './FindBarView';
import { markCurrent } from './mark-current';
import { findFocus, findQuery, MATCH_LIMIT } from './state';

/** A pause in typing before the file is searched again. */
const TYPING_MS = 120;
/** The count is redrawn a few times a second while a search runs. */
const COUNT_MS = 200;

interface Progress {
  total: number;
  done: boolean;
  limited: boolean;
  error?: string;
}

export interface FindBarProps {
  source: SessionSource;
  /** Brings message `message` (0-based, recovered lens) into view. */
  onGoto: (message: number) => void;
  /** The selector of message `message`'s card, where the current match is outlined. */
  card: (message: number) => string;
  /** Frames to wait for that card (a card read from the file and decoded first waits longer). */
  frames?: number;
}

/** The bar; mounted above the conversation while find is open. */
export function FindBar({ source, onGoto, card, frames }: FindBarProps) {
  const [text, setText] = useState(findQuery.value);
  const [at, setAt] = useState(0);
  const [progress, setProgress] = useState<Progress>({ total: 0, done: true, limited: false });
  const matches = useRef<FindUpdate['found']>([]);
  const input = useRef<HTMLInputElement>(null);
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
    markCurrent(card(m.message), m.nth, frames);
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
      stop = source.find(text, MATCH_LIMIT, (u) => {
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
  }, [text, source]);
  return (
    <>
      <FindBarView text={text} onText={setText} at={at} total={progress.total} more={progress.limited} busy={!progress.done} onStep={go} input={input} />
      {progress.error && (
        <p class="notice danger" role="alert">
          {pg().large.findFailed(progress.error)}
        </p>
      )}
    </>
  );
}
