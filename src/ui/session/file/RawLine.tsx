/**
 * The frame of one raw line of a file (FileLines.tsx): its number, its tags, its text (never HTML),
 * a cut mark, and what follows (the buttons that show more, the line's problems).
 */
import type { ComponentChildren } from 'preact';
import { pg } from '../../i18n/text';

/** Bytes of a line drawn before "show more". */
export const LINE_DISPLAY_MAX = 3000;

/** A line's height before it is measured, from how many characters of it are drawn. */
export function lineHeight(shown: number): number {
  return Math.min(400, 40 + Math.ceil(Math.min(shown, LINE_DISPLAY_MAX) / 100) * 18);
}

/** How a line ends when not with "\n" (the control names are the same in every language); null for "\n". */
export function eolText(eol: string): string | null {
  return eol === '\r\n' ? 'CRLF' : eol === '\r' ? 'CR' : eol === '' ? pg().file.noFinalNewline : null;
}

export interface RawLineProps {
  /** 0-based line number. */
  n: number;
  /** Classes besides `sl-line` (its kind, its problems, the highlight). */
  class: string;
  /** Tags before the text (kind, terminator, …). */
  tags: ComponentChildren;
  /** The text as shown (text nodes and marks only). */
  children: ComponentChildren;
  /** Whether the text shown is cut (an ellipsis follows it). */
  cut: boolean;
  /** After the text: a button that shows more, the line's problems. */
  after?: ComponentChildren;
}

/** One raw line: gutter, tags, text. */
export function RawLine(p: RawLineProps) {
  return (
    <div class={`sl-line ${p.class}`} data-line={p.n + 1}>
      <span class="sl-gutter" aria-label={pg().file.lineLabel(p.n + 1)}>{p.n + 1}</span>
      <div class="sl-line-body">
        {p.tags}
        <pre class="sl-text sl-code">
          <bdi>{p.children}</bdi>
          {p.cut ? '…' : ''}
        </pre>
        {p.after}
      </div>
    </div>
  );
}
