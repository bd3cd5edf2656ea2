/** Rows that are not messages: corrupt lines in place, provider state, and the consolidation marker. */
import type { Diagnostic } from '../../../core/lens/document';
import type { StoredLastConsolidated } from '../../../store/source/conversation/rows';
import { cut } from '../text';
import { useLineText } from '../parts/line-text';
import { iso, showControls } from '../../parts/iso';
import { pg } from '../../i18n/text';

/** A line no lens reads as a message, with why, and a way to the File tab. */
export function CorruptRow({ line, read, diagnostics, onOpenLine }: { line: number; read: (line: number) => Promise<Uint8Array>; diagnostics: Diagnostic[]; onOpenLine: (line: number) => void }) {
  const shown = cut(useLineText(line, read) ?? '', 300);
  const t = pg().conversation;
  return (
    <article class="sl-msg sl-corrupt" aria-label={t.corruptLabel(line + 1)}>
      <header class="sl-msg-head">
        <span class="sl-role sl-tag-danger">{t.corruptTag}</span>
        <span class="sl-muted">{t.line(line + 1)}</span>
        <button type="button" class="sl-link" onClick={() => onOpenLine(line)}>
          {t.openInFile}
        </button>
      </header>
      <ul class="sl-diags">
        {diagnostics.map((d, i) => (
          <li key={i}>
            {showControls(pg().file.diagnostic(d))}
            {d.column ? t.column(d.column) : ''}
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
      <span class="sl-tag">provider_state</span>{pg().conversation.provider(line + 1)}
    </div>
  );
}

/** The last_consolidated boundary: what is above is archived to memory and not replayed. */
export function MarkerRow({ archived, total, stored, lens, onArchive }: { archived: number; total: number; stored: StoredLastConsolidated | null; lens: 'nanobot' | 'recovered'; onArchive?: () => void }) {
  const t = pg().conversation;
  const marker = (
    <div class="sl-marker" role="separator" aria-label={`last_consolidated = ${archived}`}>
      <strong>last_consolidated = {archived}</strong>
      <span>{t.marker(archived, total - archived)}</span>
      {stored !== null && <span class="sl-warn-text">{stored.unchecked === null ? t.markerReset(stored.raw) : t.markerUnchecked(stored.raw, stored.unchecked, stored.raises)}</span>}
      {lens === 'recovered' && <span class="sl-muted">{t.markerRecovered}</span>}
    </div>
  );
  if (!onArchive || archived === 0) return marker;
  // Where the archived messages went: this session's entries in memory/history.jsonl, one click away.
  return (
    <div class="sl-marker-wrap">
      {marker}
      <button type="button" class="sl-marker-archive" onClick={onArchive}>
        {pg().turn.toArchive}
      </button>
    </div>
  );
}
