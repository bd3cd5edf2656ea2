/** The replayed provider messages as Python's json.dumps text: copy to the clipboard, or download. */
import { useState } from 'preact/hooks';
import { pg } from '../../i18n/text';
import { downloadBlob } from '../export/download';

/** What the last copy did, kept as data so the status follows a change of language. */
type Status = { copied: number; chars: number } | 'no-clipboard' | null;

/** The entries' list as json.dumps writes it, from each entry's own json.dumps text. */
function listText(texts: string[]): string {
  return `[${texts.join(', ')}]`;
}

/** Copy / download buttons; when the clipboard is refused the text is shown to copy by hand. */
export function CopyJson({ texts, fileName }: { texts: string[]; fileName: string }) {
  const [status, setStatus] = useState<Status>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const t = pg().replay.copy;
  const copy = async () => {
    const text = listText(texts);
    try {
      await navigator.clipboard.writeText(text);
      setStatus({ copied: texts.length, chars: text.length });
      setFallback(null);
    } catch {
      setStatus('no-clipboard');
      setFallback(text);
    }
  };
  const download = () => downloadBlob(new Blob([listText(texts)], { type: 'application/json' }), fileName.replace(/\.jsonl$/, '') + '.history.json');
  return (
    <div class="sl-copy">
      <button type="button" onClick={copy}>{t.copy}</button>
      <button type="button" onClick={download}>{t.download}</button>
      <span role="status" class="sl-muted">{status === null ? '' : status === 'no-clipboard' ? t.noClipboard : t.copied(status.copied, status.chars)}</span>
      {fallback !== null && <textarea readOnly class="sl-code sl-fallback" aria-label={t.fallback} value={fallback} />}
    </div>
  );
}
