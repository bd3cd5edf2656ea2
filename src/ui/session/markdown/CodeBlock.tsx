/** A fenced code block from a message: its language label, the code as text, and a Copy button. */
import { useState } from 'preact/hooks';
import { iso } from '../../parts/iso';
import { Hl } from '../find/Hl';
import { pg } from '../../i18n/text';

/** Shows `code` verbatim (never highlighted as HTML); Copy puts exactly `code` on the clipboard. */
export function CodeBlock({ code, info }: { code: string; info: string }) {
  const [status, setStatus] = useState<'copied' | 'copyRefused' | ''>('');
  // The language word of the fence's info string (`python title="x"` → `python`), '' for none.
  const lang = info.trim().split(/\s+/)[0] ?? '';
  const t = pg().markdown;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('copied');
    } catch {
      setStatus('copyRefused');
    }
  };
  return (
    <figure class="sl-md-code">
      <figcaption>
        <span class="sl-md-lang">{lang ? iso(lang) : t.code}</span>
        <button type="button" class="sl-md-copy" onClick={copy} aria-label={lang ? t.copyLanguage(lang) : t.copyCode}>{t.copy}</button>
        <span role="status" class="sl-muted sl-small">{status && t[status]}</span>
      </figcaption>
      <pre><code><Hl text={code} /></code></pre>
    </figure>
  );
}
