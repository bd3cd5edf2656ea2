/**
 * The session's find bar: a query over every message's text, tool calls and results, "3 of 17",
 * Enter / Shift+Enter for the next / previous match, Escape to close. Each match scrolls the
 * conversation to its message; the message's marks come from Hl, the current one is outlined.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { OpenedSession } from '../../../store/sessions';
import type { Pairing } from '../pairing';
import { pg } from '../../i18n/text';
import { findMatches, MATCH_LIMIT, searchIndex, type FindMatch } from './search-index';
import { closeFind, findFocus, findQuery } from './state';

export interface FindBarProps {
  opened: OpenedSession;
  pairing: Pairing;
  /** Brings message `message` (0-based, recovered lens) into view. */
  onGoto: (message: number) => void;
}

/** Outlines the `nth` mark of the highlighted card once the list has drawn it (a few frames at most). */
function markCurrent(m: FindMatch): void {
  let tries = 12;
  const step = () => {
    for (const el of document.querySelectorAll('.sl-find-current')) el.classList.remove('sl-find-current');
    const card = document.querySelector(`.sl-conversation article[data-message="${m.message}"]`);
    // Only the texts the index searched (message text, tool calls): other JSON shown may hold marks too.
    const marks = card ? card.querySelectorAll('.sl-msgtext mark.sl-find-hit, .sl-calls mark.sl-find-hit') : [];
    const mark = marks[m.nth] ?? marks[0];
    if (mark) {
      mark.classList.add('sl-find-current');
      mark.scrollIntoView?.({ block: 'nearest' });
    } else if (--tries > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
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
    markCurrent(matches[k]!);
  };
  useEffect(() => {
    findQuery.value = text;
    setAt(0);
    if (matches.length) go(0);
  }, [matches]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      go(e.shiftKey ? at - 1 : at + 1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      closeFind();
    }
  };
  const t = pg().find;
  const more = matches.length >= MATCH_LIMIT;
  return (
    <div class="sl-findbar" role="search" aria-label={t.label}>
      <input
        ref={input}
        type="search"
        class="sl-find-input"
        aria-label={t.inputLabel}
        placeholder={t.placeholder}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKey}
      />
      <span class="sl-find-count" role="status" aria-live="polite">
        {text.trim() === '' ? '' : matches.length === 0 ? t.noMatches : t.position(at + 1, more ? MATCH_LIMIT : matches.length, more)}
      </span>
      <button type="button" aria-label={t.previous} title={t.previousTitle} disabled={!matches.length} onClick={() => go(at - 1)}>↑</button>
      <button type="button" aria-label={t.next} title={t.nextTitle} disabled={!matches.length} onClick={() => go(at + 1)}>↓</button>
      <button type="button" aria-label={t.close} title={t.closeTitle} onClick={closeFind}>✕</button>
    </div>
  );
}
