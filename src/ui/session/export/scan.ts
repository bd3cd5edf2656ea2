/**
 * The redaction step's findings in the reader's words: where each is, what kind, and the mask
 * written in its place (the search itself runs in the store, export-answers.ts).
 */
import type { Numbered } from '../../../core/export/export-redact';
import type { SecretKind } from '../../../core/export/redact';
import { pg } from '../../i18n/text';

export type { Numbered };

/** Where a finding is, in the reader's words: the title, the key, or a message and the field path inside it (as stored). */
export function whereOf(path: readonly (string | number)[]): string {
  const t = pg().export;
  if (path[0] === 'title') return t.whereTitle;
  if (path[0] === 'key') return t.whereKey;
  if (path[0] !== 'messages') return String(path[0]);
  const rest = path.slice(2).map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
  return `${t.whereMessage(Number(path[1]) + 1)}${rest ? ` · ${rest.replace(/^\./, '')}` : ''}`;
}

/** A kind of secret in the reader's words. */
export function secretLabel(kind: SecretKind): string {
  return pg().export.secret(kind);
}

/** The mask written in place of a finding: what it was, and its number in the list (in the reader's words, like the rest of the export). */
export function maskFor(n: Numbered): string {
  return pg().export.mask(secretLabel(n.f.kind), n.id + 1);
}
