/**
 * The find bar as it looks, apart from where its matches come from: the full view counts them at
 * once (FindBar), the large-file view hears them from a worker while it reads (LargeFindBar).
 */
import type { Ref } from 'preact';
import { pg } from '../../i18n/text';
import { closeFind } from './state';

export interface FindBarViewProps {
  text: string;
  onText: (text: string) => void;
  /** 0-based current match. */
  at: number;
  /** Matches counted so far. */
  total: number;
  /** More matches than counted (the limit was reached): "10,000+". */
  more: boolean;
  /** Still searching: the count may grow. */
  busy?: boolean;
  onStep: (to: number) => void;
  input: Ref<HTMLInputElement>;
}

/** The bar: the query, "n of m", previous / next, close; Enter / Shift+Enter step, Escape closes. */
export function FindBarView({ text, onText, at, total, more, busy, onStep, input }: FindBarViewProps) {
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onStep(e.shiftKey ? at - 1 : at + 1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      closeFind(true);
    }
  };
  const t = pg().find;
  const count = text.trim() === '' ? '' : total === 0 ? (busy ? t.searching : t.noMatches) : t.position(at + 1, total, more) + (busy ? ` ${t.searching}` : '');
  return (
    <div class="sl-findbar" role="search" aria-label={t.label} aria-busy={busy ? 'true' : undefined}>
      <input ref={input} type="search" class="sl-find-input" aria-label={t.inputLabel} placeholder={t.placeholder} value={text} onInput={(e) => onText(e.currentTarget.value)} onKeyDown={onKey} />
      <span class="sl-find-count" role="status" aria-live="polite">
        {count}
      </span>
      <button type="button" aria-label={t.previous} title={t.previousTitle} disabled={!total} onClick={() => onStep(at - 1)}>↑</button>
      <button type="button" aria-label={t.next} title={t.nextTitle} disabled={!total} onClick={() => onStep(at + 1)}>↓</button>
      <button type="button" aria-label={t.close} title={t.closeTitle} onClick={() => closeFind(true)}>✕</button>
    </div>
  );
}
