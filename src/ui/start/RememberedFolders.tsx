/**
 * Folders opened before (kept in IndexedDB): one click reopens; where the browser must ask again
 * the same click asks; a refused permission is shown plainly with the ways forward.
 */
import type { FolderWithAccess } from '../../store/listing/handles';
import { forgetRemembered, openRemembered, openRememberedReadOnly, opening } from '../open/actions';
import { directoryPicker } from '../open/fsa';
import { ui } from '../i18n/text';

function when(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(ui().common.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** One remembered folder with the action its permission state calls for. */
export function RememberedFolderItem({ f, message }: { f: FolderWithAccess; message?: string }) {
  const busy = opening.value;
  const t = ui().start;
  const granted = f.access === 'granted';
  return (
    <li class={`remembered access-${f.access}`}>
      <div class="remembered-main">
        <span class="remembered-name">{f.name}</span>
        <span class="remembered-meta">
          <span class={`state state-${f.access}`}>{t.state[f.access]}</span>
          {f.lastOpened ? <span>{t.lastOpened(when(f.lastOpened))}</span> : null}
        </span>
        {message && <span class="remembered-message">{message}</span>}
        {f.access === 'denied' && (
          <span class="remembered-message">{t.refused(directoryPicker() !== null)}</span>
        )}
      </div>
      <div class="remembered-actions">
        <button type="button" class="btn primary" disabled={busy} onClick={() => void openRemembered(f)} aria-label={granted ? t.openNamed(f.name) : t.reconnectNamed(f.name)}>
          {granted ? t.open : t.reconnect}
        </button>
        {f.access !== 'granted' && (
          <button type="button" class="btn subtle" disabled={busy} onClick={() => void openRememberedReadOnly(f)} aria-label={t.readOnlyNamed(f.name)}>
            {t.readOnly}
          </button>
        )}
        <button type="button" class="btn subtle" disabled={busy} onClick={() => void forgetRemembered(f)} aria-label={t.forgetNamed(f.name)}>
          {t.forget}
        </button>
      </div>
    </li>
  );
}

export function RememberedFolders({ folders }: { folders: FolderWithAccess[] }) {
  return (
    <section class="remembered-list" aria-labelledby="remembered-title">
      <h2 id="remembered-title">{ui().start.recent}</h2>
      <ul>
        {folders.map((f) => (
          <RememberedFolderItem key={f.id} f={f} />
        ))}
      </ul>
    </section>
  );
}
