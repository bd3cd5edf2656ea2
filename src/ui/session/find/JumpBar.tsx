/**
 * The jump controls (message #N, file line N, the first message the replay sends, the latest) over
 * any session, through its source (the Conversation tab's, at every size).
 */
import { useState } from 'preact/hooks';
import { pg } from '../../i18n/text';

/** What the jump controls need of a session, whether it is held whole or read through its index (large-file mode). */
export interface JumpBarProps {
  /** Messages (#1–total). */
  total: number;
  /** Lines of the file. */
  lines: number;
  /** The 0-based file line of the first message the replay sends, or null when it sends none. */
  firstReplayed: () => Promise<number | null>;
  /** Brings message `message` (0-based, recovered lens) into view. */
  onMessage: (message: number) => void;
  /** Brings the row of 0-based file line `line` into view; false when that line has no row. */
  onLine: (line: number) => boolean;
}

function whole(v: string): number | null {
  return /^\s*\d+\s*$/.test(v) ? Number(v) : null;
}

/** The jump controls over any session: message #N, file line N, the first replayed message, the latest. */
export function JumpBar({ total, lines, firstReplayed, onMessage, onLine }: JumpBarProps) {
  const [msg, setMsg] = useState('');
  const [line, setLine] = useState('');
  // What to tell the user, read at render (a language switch re-words it); null for nothing.
  const [said, setSaid] = useState<(() => string) | null>(null);
  const setSay = (say: (() => string) | null) => setSaid(() => say);
  const t = pg().find;
  const toMessage = () => {
    const n = whole(msg);
    if (n === null || n < 1 || n > total) return setSay(() => pg().find.noMessage(msg.trim(), total));
    setSay(null);
    onMessage(n - 1);
  };
  const toLine = () => {
    const n = whole(line);
    if (n === null || n < 1 || n > lines || !onLine(n - 1)) return setSay(() => pg().find.noLine(line.trim()));
    setSay(null);
  };
  const toReplayed = async () => {
    setSay(() => pg().find.replaying);
    try {
      const l = await firstReplayed();
      if (l === null) setSay(() => pg().find.noneSent);
      else {
        setSay(null);
        onLine(l);
      }
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      setSay(() => pg().find.replayFailed(why));
    }
  };
  const enter = (f: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      f();
    }
  };
  return (
    <div class="sl-jump" role="group" aria-label={t.jumpTo}>
      <span class="sl-muted">{t.jumpTo}</span>
      <label>
        # <input class="sl-jump-message" inputMode="numeric" size={6} aria-label={t.messageNumber} value={msg} onInput={(e) => setMsg(e.currentTarget.value)} onKeyDown={enter(toMessage)} />
      </label>
      <button type="button" onClick={toMessage}>{t.go}</button>
      <label>
        {t.line} <input class="sl-jump-line" inputMode="numeric" size={6} aria-label={t.fileLine} value={line} onInput={(e) => setLine(e.currentTarget.value)} onKeyDown={enter(toLine)} />
      </label>
      <button type="button" onClick={toLine}>{t.go}</button>
      <button type="button" class="sl-link" onClick={() => void toReplayed()}>{t.firstReplayed}</button>
      <button type="button" class="sl-link" disabled={total === 0} onClick={() => onMessage(total - 1)}>{t.latest}</button>
      {said && <span class="sl-muted" role="status">{said()}</span>}
    </div>
  );
}
