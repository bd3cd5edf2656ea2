/**
 * The session's find bar: a query over every message's text, tool calls and results, "3 of 17",
 * Enter / Shift+Enter for the next / previous match, Escape to close. Each match scrolls the
 * conversation to its message; the message's marks come from Hl, the current one is outlined.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { OpenedSession } from '../../../store/save/sessions';
import type { Pairing } from '../parts/pairing';
import { FindBarView } from './FindBarView';
import { markCurrent } from './mark-current';
import { findMatches, MATCH_LIMIT, searchIndex } from './search-index';
import { findFocus, findQuery } from './state';

export interface FindBarProps {
  opened: OpenedSession;
  pairing: Pairing;
  /** Brings message `message` (0-based, recovered lens) into view. */
  onGoto: (message: number) => void;
}

/** The bar; mounted by the Conversation tab while find is open. */
export function FindBar({ opened, pairing, onGoto }: FindBarProps) {
  const [text, setText] = useState(findQuery.value);
  const [at, setAt] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const index = useMemo(() => searchIndex(opened, pairing), [opened, pairing]);
  const matches = useMemo(() => findMatches(index, text), [index, text]);
  const focusNonce = findFocus.value;
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusNonce]);
  const go = (i: number) => {
    if (matches.length === 0) return;
    const k = ((i % matches.length) + matches.length) % matches.length;
    setAt(k);
    onGoto(matches[k]!.message);
    markCurrent(`.sl-conversation article[data-message="${matches[k]!.message}"]`, matches[k]!.nth);
  };
  useEffect(() => {
    findQuery.value = text;
    setAt(0);
    if (matches.length) go(0);
  }, [matches]);
  const more = matches.length >= MATCH_LIMIT;
  return <FindBarView text={text} onText={setText} at={at} total={more ? MATCH_LIMIT : matches.length} more={more} onStep={go} input={input} />;
}
