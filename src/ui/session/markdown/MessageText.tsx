/**
 * A message's text: Markdown rendered as elements, or the raw text exactly as stored (per message,
 * or everywhere). Plain text while the parser loads, and for texts too long to format at once.
 */
import { useContext, useEffect, useState } from 'preact/hooks';
import { Fold } from '../parts/Fold';
import { pg } from '../../i18n/text';
import { foldAt } from '../parts/reveal';
import { loadMarkdown, markdownFailed, markdownModule, type MarkdownModule } from './loader';
import { rawEverywhere, RawOverridesContext, setOverride } from './prefs';

/** Above this many characters a text is shown as plain text (revealed in chunks), not as Markdown. */
export const MARKDOWN_LIMIT = 50_000;

/** `id` names the text for its per-message raw choice (file line, and block index for content lists). */
export function MessageText({ text, id }: { text: string; id: string }) {
  const overrides = useContext(RawOverridesContext);
  const [own, setOwn] = useState<boolean | undefined>(undefined);
  const choice = overrides ? overrides.value.get(id) : own;
  const raw = choice ?? rawEverywhere.value;
  const tooLong = text.length > MARKDOWN_LIMIT;
  const mod = markdownModule.value;
  useEffect(() => {
    if (!raw && !tooLong) void loadMarkdown();
  }, [raw, tooLong]);
  const toggle = () => (overrides ? setOverride(overrides, id, !raw) : setOwn(!raw));
  let body;
  if (raw) body = <Fold text={text} />;
  else if (tooLong) {
    body = (
      <>
        <p class="sl-muted sl-small sl-md-note">{pg().markdown.tooLong(text.length, MARKDOWN_LIMIT)}</p>
        <Fold text={text} />
      </>
    );
  } else if (mod) body = <MarkdownFold text={text} mod={mod} />;
  else body = <div class="sl-md-pending" aria-busy={!markdownFailed.value}><Fold text={text} /></div>;
  return (
    <div class={`sl-msgtext ${raw ? 'sl-is-raw' : ''}`}>
      {!tooLong && (
        <button type="button" class="sl-link sl-raw-switch" aria-pressed={raw} title={pg().markdown.rawTitle} onClick={toggle}>
          {pg().markdown.rawText}
        </button>
      )}
      {body}
    </div>
  );
}

/** Formatted Markdown, folded like plain text: the first part's Markdown, then all of it. */
function MarkdownFold({ text, mod }: { text: string; mod: MarkdownModule }) {
  const [open, setOpen] = useState(false);
  const at = foldAt(text, 1500, 24);
  const folded = at < text.length;
  return (
    <div class="sl-fold">
      {mod.renderMarkdown(open || !folded ? text : text.slice(0, at))}
      {folded && !open && <span class="sl-muted">…</span>}
      {folded && (
        <p class="sl-fold-bar">
          <button type="button" class="sl-link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? pg().session.showLess : pg().session.showAll(text.length - at)}
          </button>
        </p>
      )}
    </div>
  );
}
