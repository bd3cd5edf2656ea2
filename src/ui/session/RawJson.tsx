/** A record's exact line, one click away from any view; cut for display so huge lines stay cheap. */
import { useState } from 'preact/hooks';
import type { FileRecord } from '../../core/document';
import { count, cut, recordText } from './text';
import { iso } from '../iso';

const SHOWN = 4000;

/** A toggle that reveals the raw JSON line of a record. */
export function RawJson({ record, line }: { record: FileRecord; line: number }) {
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  if (!open) {
    return (
      <button type="button" class="sl-link sl-raw-toggle" aria-expanded={false} onClick={() => setOpen(true)}>
        Raw JSON
      </button>
    );
  }
  const text = recordText(record);
  const shown = all ? { text, cut: false } : cut(text, SHOWN);
  return (
    <div class="sl-raw">
      <button type="button" class="sl-link" aria-expanded={true} onClick={() => setOpen(false)}>
        Hide raw JSON (line {line + 1})
      </button>
      <pre class="sl-text sl-code">{iso(shown.text)}{shown.cut ? '…' : ''}</pre>
      {shown.cut && (
        <button type="button" class="sl-link" onClick={() => setAll(true)}>
          Show all {count(text.length)} characters
        </button>
      )}
    </div>
  );
}
