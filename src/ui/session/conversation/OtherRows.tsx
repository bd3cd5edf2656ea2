/** Rows that are not messages: corrupt lines in place, provider state, and the consolidation marker. */
import type { Diagnostic, FileRecord } from '../../../core/document';
import { cut, recordText } from '../text';
import { iso, showControls } from '../../iso';

/** A line no lens reads as a message, with why, and a way to the File tab. */
export function CorruptRow({ line, record, diagnostics, onOpenLine }: { line: number; record: FileRecord; diagnostics: Diagnostic[]; onOpenLine: (line: number) => void }) {
  const shown = cut(recordText(record), 300);
  return (
    <article class="sl-msg sl-corrupt" aria-label={`Corrupt line ${line + 1}`}>
      <header class="sl-msg-head">
        <span class="sl-role sl-tag-danger">corrupt line</span>
        <span class="sl-muted">line {line + 1}</span>
        <button type="button" class="sl-link" onClick={() => onOpenLine(line)}>
          open in File tab
        </button>
      </header>
      <ul class="sl-diags">
        {diagnostics.map((d, i) => (
          <li key={i}>
            {showControls(d.message)}
            {d.column ? ` (column ${d.column})` : ''}
          </li>
        ))}
      </ul>
      <pre class="sl-text sl-code">{iso(shown.text)}{shown.cut ? '…' : ''}</pre>
    </article>
  );
}

/** A newer-nanobot provider_state record: kept byte for byte, never a message. */
export function ProviderRow({ line }: { line: number }) {
  return (
    <div class="sl-msg sl-provider">
      <span class="sl-tag">provider_state</span> line {line + 1}: provider state record — not a message, never in previews or replay; kept byte for byte.
    </div>
  );
}

/** The last_consolidated boundary: what is above is archived to memory and not replayed. */
export function MarkerRow({ archived, total, raw, lens }: { archived: number; total: number; raw: string | null; lens: 'nanobot' | 'recovered' }) {
  return (
    <div class="sl-marker" role="separator" aria-label={`last_consolidated = ${archived}`}>
      <strong>last_consolidated = {archived}</strong>
      <span>
        {' '}
        — the {archived} message{archived === 1 ? '' : 's'} above {archived === 1 ? 'is' : 'are'} archived to memory and not replayed; replay starts below ({total - archived} remain).
      </span>
      {raw !== null && (
        <span class="sl-warn-text">
          {' '}
          The file says last_consolidated {raw}: nanobot range-checks it and resets it to 0, so a corrupt offset can never hide the whole history.
        </span>
      )}
      {lens === 'recovered' && <span class="sl-muted"> (recovered lens: nanobot loads nothing from this file)</span>}
    </div>
  );
}
