/**
 * Shown on a workspace or session link while no workspace is open: reopening the last one after a
 * reload, asking for the click the browser needs to grant access again, or the way forward.
 */
import { useEffect } from 'preact/hooks';
import { pendingRoute, restore, restoreLast } from './actions';
import { route } from '../shell/router';
import { RememberedFolderItem } from '../start/RememberedFolders';
import { StartScreen } from '../start/StartScreen';
import { ui } from '../i18n/text';
import { CacheNote } from '../workspace/CacheNote';
import { firstScreenShown, previewName } from '../workspace/model';
import { afterNextPaint } from '../shell/paint';
import { SessionsPage } from '../workspace/SessionsPage';

/** The last visit's listing of the workspace being reopened, shown before it is open: every row marked. */
function CachedPreview({ name }: { name: string }) {
  // Its first screen painted: the whole cached listing may now take its place (model.ts).
  useEffect(() => void afterNextPaint().then(firstScreenShown), []);
  return (
    <div class="workspace cached-preview">
      <div class="workspace-head">
        <h1 class="workspace-title">{name}</h1>
      </div>
      <CacheNote />
      <SessionsPage />
    </div>
  );
}

export function RestoreGate() {
  const r = restore.value;
  const t = ui().start;
  // Reached by a link or a typed hash with nothing open: keep the link, reopen the last workspace.
  useEffect(() => {
    if (restore.value.state !== 'idle') return;
    pendingRoute.value = route.value;
    void restoreLast();
  }, []);
  const preview = previewName.value;
  if (r.state === 'trying' || r.state === 'idle') {
    if (preview !== null) return <CachedPreview name={preview} />;
    return (
      <p class="empty-state" aria-busy="true">
        {t.reopening}
      </p>
    );
  }
  return (
    <div class="restore">
      {r.state === 'needs-click' && r.folder ? (
        <section class="restore-prompt" aria-labelledby="restore-title">
          <h1 id="restore-title">{t.reconnectTitle}</h1>
          <p>
            {r.message?.()} {r.folder.access === 'denied' ? t.linkWhenOpen : t.linkWhenGranted}
          </p>
          <ul class="remembered-single">
            <RememberedFolderItem f={r.folder} />
          </ul>
        </section>
      ) : (
        <p class="notice warn" role="note">
          {r.message?.() ?? t.openToFollow}
        </p>
      )}
      {r.state === 'failed' && r.folder && (
        <ul class="remembered-single">
          <RememberedFolderItem f={r.folder} />
        </ul>
      )}
      {(r.state === 'failed' || r.folder?.access === 'denied') && <StartScreen compact={!!r.folder} />}
      {preview !== null && <CachedPreview name={preview} />}
    </div>
  );
}
