/** A record's exact line, one click away from any view; long lines are revealed in blocks, never laid out whole at once. */
import { useState } from 'preact/hooks';
import { Fold } from './Fold';
import { pg } from '../../i18n/text';
import { useLineText } from './line-text';

const SHOWN = 4000;

/** A toggle that reveals the raw JSON line `line` (0-based), read through `read` only once it is opened. */
export function RawJson({ line, read }: { line: number; read: (line: number) => Promise<Uint8Array> }) {
  const [open, setOpen] = useState(false);
  const t = pg().session;
  if (!open) {
    return (
      <button type="button" class="sl-link sl-raw-toggle" aria-expanded={false} onClick={() => setOpen(true)}>
        {t.rawJson}
      </button>
    );
  }
  return (
    <div class="sl-raw">
      <button type="button" class="sl-link" aria-expanded={true} onClick={() => setOpen(false)}>
        {t.hideRaw(line + 1)}
      </button>
      <RawText line={line} read={read} />
    </div>
  );
}

function RawText({ line, read }: { line: number; read: (line: number) => Promise<Uint8Array> }) {
  const text = useLineText(line, read);
  if (text === null) return <p class="sl-muted" aria-busy="true">…</p>;
  return <Fold text={text} limit={SHOWN} lines={Number.MAX_SAFE_INTEGER} class="sl-code" />;
}
