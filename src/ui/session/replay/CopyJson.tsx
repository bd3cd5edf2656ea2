/** The replayed provider messages as Python's json.dumps text: copy to the clipboard, or download. */
import { useState } from 'preact/hooks';
import { pyDumps } from '../../../core/pyjson';
import type { PyDict } from '../../../core/pyvalue';

/** Copy / download buttons; when the clipboard is refused the text is shown to copy by hand. */
export function CopyJson({ entries, fileName }: { entries: PyDict[]; fileName: string }) {
  const [status, setStatus] = useState('');
  const [fallback, setFallback] = useState<string | null>(null);
  const copy = async () => {
    const text = pyDumps(entries);
    try {
      await navigator.clipboard.writeText(text);
      setStatus(`Copied ${entries.length} messages as JSON (${text.length.toLocaleString('en-US')} characters).`);
      setFallback(null);
    } catch {
      setStatus('The clipboard is not available here: select the text below and copy it.');
      setFallback(text);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([pyDumps(entries)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName.replace(/\.jsonl$/, '') + '.history.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div class="sl-copy">
      <button type="button" onClick={copy}>Copy history as JSON</button>
      <button type="button" onClick={download}>Download JSON</button>
      <span role="status" class="sl-muted">{status}</span>
      {fallback !== null && <textarea readOnly class="sl-code sl-fallback" aria-label="History as JSON" value={fallback} />}
    </div>
  );
}
