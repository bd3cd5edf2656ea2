/** The redaction step's findings: what each is, where, a glimpse of it, and a switch to unmask it. */
import type { SecretKind } from '../../../core/export/redact';
import { iso } from '../../parts/iso';
import { pg, ui } from '../../i18n/text';
import { fill } from '../parts/fill';
import { secretLabel, whereOf, type Numbered } from './scan';

/** Enough of a finding to recognise it, not enough to leak it from a screenshot of this list. */
function glimpse(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length <= 24 ? one : `${one.slice(0, 6)}…${one.slice(-4)}`;
}

function summary(all: Numbered[], counted?: ReadonlyMap<SecretKind, number>): string {
  const by = new Map<SecretKind, number>(counted);
  if (!counted) for (const n of all) by.set(n.f.kind, (by.get(n.f.kind) ?? 0) + 1);
  return [...by].map(([k, c]) => `${ui().common.count(c)} × ${secretLabel(k)}`).join(pg().session.listSep);
}

export interface FindingsListProps {
  all: Numbered[];
  unmask: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** When `all` lists only the first findings (a large file): every finding's count, and the count by kind. */
  counted?: { total: number; byKind: ReadonlyMap<SecretKind, number> };
}

/** Every finding (or the first ones, with the counts of all), masked unless the user unmasked it here. */
export function FindingsList({ all, unmask, onToggle, counted }: FindingsListProps) {
  const t = pg().export;
  const total = counted?.total ?? all.length;
  if (total === 0) return <p class="sl-banner sl-info" role="status">{t.nothingFound}</p>;
  return (
    <div class="sl-findings">
      <p role="status">
        <strong>{t.findings(total)}</strong>{t.comma}{unmask.size ? t.maskedUnmasked(total - unmask.size, unmask.size) : t.allMasked}{pg().session.listColon}{summary(all, counted?.byKind)}{t.end}
      </p>
      {total > all.length && <p class="sl-muted">{t.listedFirst(all.length, total)}</p>}
      <ol class="sl-findings-list" tabIndex={0} aria-label={t.findingsLabel}>
        {all.map((n) => {
          const open = unmask.has(n.id);
          return (
            <li key={n.id} class={open ? 'sl-unmasked' : ''}>
              <span class="sl-finding-n">#{n.id + 1}</span> <span class="sl-finding-kind">{secretLabel(n.f.kind)}</span>{' '}
              <span class="sl-muted">{fill(t.inWhere, { where: iso(whereOf(n.f.path)), key: n.f.inKey ? t.inKey : '' })}</span> <code>{iso(glimpse(n.f.text))}</code>{' '}
              <button type="button" class="sl-link" onClick={() => onToggle(n.id)}>
                {open ? t.maskAgain : t.unmask}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
