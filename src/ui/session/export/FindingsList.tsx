/** The redaction step's findings: what each is, where, a glimpse of it, and a switch to unmask it. */
import { SECRET_LABEL, type SecretKind } from '../../../core/redact';
import { iso } from '../../iso';
import { count, plural } from '../text';
import type { Numbered } from './scan';

/** Enough of a finding to recognise it, not enough to leak it from a screenshot of this list. */
export function glimpse(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length <= 24 ? one : `${one.slice(0, 6)}…${one.slice(-4)}`;
}

function summary(all: Numbered[]): string {
  const by = new Map<SecretKind, number>();
  for (const n of all) by.set(n.f.kind, (by.get(n.f.kind) ?? 0) + 1);
  return [...by].map(([k, c]) => `${count(c)} × ${SECRET_LABEL[k]}`).join(', ');
}

export interface FindingsListProps {
  all: Numbered[];
  unmask: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

/** Every finding, masked unless the user unmasked it here. */
export function FindingsList({ all, unmask, onToggle }: FindingsListProps) {
  if (all.length === 0) return <p class="sl-banner sl-info" role="status">Nothing to redact was found (API keys, tokens, private keys, URL passwords, e-mail addresses, home folders, the session key).</p>;
  return (
    <div class="sl-findings">
      <p role="status">
        <strong>{plural(all.length, 'finding')}</strong>, {unmask.size ? `${count(all.length - unmask.size)} masked, ${count(unmask.size)} unmasked by you` : 'all masked'}: {summary(all)}.
      </p>
      <ol class="sl-findings-list" tabIndex={0} aria-label="Findings">
        {all.map((n) => {
          const open = unmask.has(n.id);
          return (
            <li key={n.id} class={open ? 'sl-unmasked' : ''}>
              <span class="sl-finding-n">#{n.id + 1}</span> <span class="sl-finding-kind">{SECRET_LABEL[n.f.kind]}</span>{' '}
              <span class="sl-muted">in {iso(n.where)}{n.f.inKey ? ' (a key)' : ''}:</span> <code>{iso(glimpse(n.f.text))}</code>{' '}
              <button type="button" class="sl-link" onClick={() => onToggle(n.id)}>
                {open ? 'Mask again' : 'Unmask'}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
