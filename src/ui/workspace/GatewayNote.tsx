/**
 * The one "stop nanobot" notice of a workspace (issue 42: three stacked up on a phone): a single
 * line on the workspace and the session pages alike, its whole text one click away; dismissed once,
 * anywhere, it stays dismissed for that workspace (remembered in read-notes).
 */
import { signal } from '@preact/signals';
import { isRead, setRead } from '../open/read-notes';
import { ui } from '../i18n/text';
import { workspaceId, type Workspace } from './workspace';

const NOTE = 'workspace-gateway';
/** Workspaces whose note was dismissed in this page's life: every mounted note hides at once. */
const dismissed = signal<ReadonlySet<string>>(new Set());

export function GatewayNote({ ws }: { ws: Workspace }) {
  const id = workspaceId(ws);
  // The notice applies where edits of this workspace land on disk a running nanobot also writes.
  if (!ws.writable || ws.kind === 'demo' || dismissed.value.has(id) || isRead(id, NOTE)) return null;
  const t = ui().workspace;
  return (
    <div class="notice gateway one-line" role="note">
      <details>
        <summary>{t.gatewayShort(ws.name)}</summary>
        <p>{t.gateway(ws.name)}</p>
      </details>
      <button
        type="button"
        class="btn subtle small"
        aria-label={t.dismissNote}
        title={t.dismissNote}
        onClick={() => {
          setRead(id, NOTE, true);
          dismissed.value = new Set([...dismissed.value, id]);
        }}
      >
        ×
      </button>
    </div>
  );
}
