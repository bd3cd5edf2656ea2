/** A record's exact line, one click away from any view; long lines are revealed in blocks, never laid out whole at once. */
import { useState } from 'preact/hooks';
import type { FileRecord } from '../../../core/lens/document';
import { recordText } from '../text';
import { Fold } from './Fold';
import { pg } from '../../i18n/text';

const SHOWN = 4000;

/** A toggle that reveals the raw JSON line of a record. */
export function RawJson({ record, line }: { record: FileRecord; line: number }) {
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
      <Fold text={recordText(record)} limit={SHOWN} lines={Number.MAX_SAFE_INTEGER} class="sl-code" />
    </div>
  );
}
