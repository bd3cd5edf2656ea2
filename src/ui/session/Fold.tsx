/** Long untrusted text, folded: the first part shown as plain text, the rest one click away. */
import { useState } from 'preact/hooks';
import { count } from './text';
import { iso } from '../iso';

export interface FoldProps {
  text: string;
  /** Characters shown while folded. */
  limit?: number;
  /** Lines shown while folded. */
  lines?: number;
  class?: string;
}

function foldAt(text: string, limit: number, lines: number): number {
  let at = Math.min(text.length, limit);
  let nl = -1;
  for (let k = 0; k < lines; k++) {
    nl = text.indexOf('\n', nl + 1);
    if (nl < 0 || nl >= at) return at;
  }
  return nl;
}

/** Renders text as text (never HTML); folds it past `limit` chars or `lines` lines. */
export function Fold({ text, limit = 1500, lines = 24, class: cls }: FoldProps) {
  const [open, setOpen] = useState(false);
  const at = foldAt(text, limit, lines);
  const folded = at < text.length;
  return (
    <div class={`sl-fold ${cls ?? ''}`}>
      <pre class="sl-text">{open || !folded ? text : <>{iso(text.slice(0, at))}…</>}</pre>
      {folded && (
        <button type="button" class="sl-link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show all (${count(text.length - at)} more characters)`}
        </button>
      )}
    </div>
  );
}
