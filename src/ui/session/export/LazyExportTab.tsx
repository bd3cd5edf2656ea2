/**
 * The Export tab, fetched when first opened: redaction rules and builders are not needed to read
 * a session, so they stay out of the chunk that opening one loads.
 */
import type { ExportTabProps } from './ExportTab';
import { pg } from '../../i18n/text';
import { useAnswer } from '../parts/answer';

type Loaded = typeof import('./ExportTab');
let loading: Promise<Loaded> | null = null;

/** Renders ExportTab once its module is in; a busy line until then, and a message if it fails. */
export function LazyExportTab(props: ExportTabProps) {
  const mod = useAnswer(() => (loading ??= import('./ExportTab')), LazyExportTab);
  if (mod.value) return <mod.value.ExportTab {...props} />;
  if (mod.failed !== undefined) return <p class="sl-banner sl-danger" role="alert">{pg().export.failed}</p>;
  return <p class="sl-muted" role="status" aria-busy="true">{pg().export.loading}</p>;
}
