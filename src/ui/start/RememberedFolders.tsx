/**
 * Folders opened before (kept in IndexedDB): one click reopens; where the browser must ask again
 * the same click asks; a refused permission is shown plainly with the ways forward.
 */
import type { FolderWithAccess } from '../../store/handles';
import { forgetRemembered, openRemembered, openRememberedReadOnly, opening } from '../actions';
import { directoryPicker } from '../fsa';

const STATE: Record<FolderWithAccess['access'], string> = {
  granted: 'Ready',
  prompt: 'Needs your permission again',
  denied: 'Access refused',
};

function when(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One remembered folder with the action its permission state calls for. */
export function RememberedFolderItem({ f, message }: { f: FolderWithAccess; message?: string }) {
  const busy = opening.value;
  return (
    <li class={`remembered access-${f.access}`}>
      <div class="remembered-main">
        <span class="remembered-name">{f.name}</span>
        <span class="remembered-meta">
          <span class={`state state-${f.access}`}>{STATE[f.access]}</span>
          {f.lastOpened ? <span> · last opened {when(f.lastOpened)}</span> : null}
        </span>
        {message && <span class="remembered-message">{message}</span>}
        {f.access === 'denied' && (
          <span class="remembered-message">
            The browser refused access to this folder. {directoryPicker() ? 'Open it again with “Open folder…”, or drop it on the page; ' : ''}you can also
            allow it in the site settings (the icon left of the address).
          </span>
        )}
      </div>
      <div class="remembered-actions">
        <button type="button" class="btn primary" disabled={busy} onClick={() => void openRemembered(f)} aria-label={`${f.access === 'granted' ? 'Open' : 'Reconnect'} ${f.name}`}>
          {f.access === 'granted' ? 'Open' : 'Reconnect'}
        </button>
        {f.access !== 'granted' && (
          <button type="button" class="btn subtle" disabled={busy} onClick={() => void openRememberedReadOnly(f)} aria-label={`Open ${f.name} read-only`}>
            Read-only
          </button>
        )}
        <button type="button" class="btn subtle" disabled={busy} onClick={() => void forgetRemembered(f)} aria-label={`Forget ${f.name}`}>
          Forget
        </button>
      </div>
    </li>
  );
}

export function RememberedFolders({ folders }: { folders: FolderWithAccess[] }) {
  return (
    <section class="remembered-list" aria-labelledby="remembered-title">
      <h2 id="remembered-title">Recent folders</h2>
      <ul>
        {folders.map((f) => (
          <RememberedFolderItem key={f.id} f={f} />
        ))}
      </ul>
    </section>
  );
}
