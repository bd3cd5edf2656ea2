/** A fenced code block from a message: its language label, the code as text, and a Copy button. */
import { useState } from 'preact/hooks';
import { iso } from '../../iso';
import { Hl } from '../find/Hl';

/** The language word of a fence's info string (`python title="x"` → `python`), '' for none. */
export function fenceLanguage(info: string): string {
  return info.trim().split(/\s+/)[0] ?? '';
}

/** Shows `code` verbatim (never highlighted as HTML); Copy puts exactly `code` on the clipboard. */
export function CodeBlock({ code, info }: { code: string; info: string }) {
  const [status, setStatus] = useState('');
  const lang = fenceLanguage(info);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('Copied');
    } catch {
      setStatus('Copy refused: select the code to copy it');
    }
  };
  return (
    <figure class="sl-md-code">
      <figcaption>
        <span class="sl-md-lang">{lang ? iso(lang) : 'code'}</span>
        <button type="button" class="sl-md-copy" onClick={copy} aria-label={lang ? `Copy ${lang} code` : 'Copy code'}>Copy</button>
        <span role="status" class="sl-muted sl-small">{status}</span>
      </figcaption>
      <pre><code><Hl text={code} /></code></pre>
    </figure>
  );
}
