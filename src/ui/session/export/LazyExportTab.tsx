/**
 * The Export tab, fetched when first opened: redaction rules and builders are not needed to read
 * a session, so they stay out of the chunk that opening one loads.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ExportTabProps } from './ExportTab';
import { pg } from '../../i18n/text';

type Loaded = typeof import('./ExportTab');
let loading: Promise<Loaded> | null = null;

/** Renders ExportTab once its module is in; a busy line until then, and a message if it fails. */
export function LazyExportTab(props: ExportTabProps) {
  const [mod, setMod] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loading ??= import('./ExportTab');
    loading.then((m) => live && setMod(m), () => live && setFailed(true));
    return () => void (live = false);
  }, []);
  if (mod) return <mod.ExportTab {...props} />;
  if (failed) return <p class="sl-banner sl-danger" role="alert">{pg().export.failed}</p>;
  return <p class="sl-muted" role="status" aria-busy="true">{pg().export.loading}</p>;
}
