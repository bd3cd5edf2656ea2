/**
 * The Edit tab: every edit previews its change before it is made, asks before destroying
 * anything, saves through the guarded store (or downloads in read-only mode) and reports the
 * result or the conflict.
 */
import { rulesOf } from '../../../core/nanobot-version';
import { enforceFileCap } from '../../../core/retain';
import type { StorageAdapter } from '../../../store/adapter';
import { count } from '../text';
import type { OpenedSession } from '../../../store/sessions';
import { reload } from './apply';
import { AppendEdit } from './AppendEdit';
import type { EditCtx } from './context';
import { ClearEdit, DeleteEdit, RemoveLineEdit, RepairEdit } from './DangerEdits';
import { ForkEdit } from './ForkEdit';
import { ConsolidatedEdit, TitleEdit } from './MetaEdits';
import { TrimEdit } from './TrimEdit';

export interface EditTabProps {
  opened: OpenedSession;
  adapter: StorageAdapter | null;
  now: () => string;
  onChanged: (next: OpenedSession | null, message: string) => void;
  onForked: (path: string) => void;
}

/** v0.2 and v0.3.0 cap a session at 2,000 messages (v0.3.0 in every save): say so when this one is over. */
function FileCapNote({ opened }: { opened: OpenedSession }) {
  const s = opened.nanobot.result;
  const cap = s ? enforceFileCap(s.messages, s.lastConsolidated, s.metadata, opened.version) : null;
  if (!s || !cap || !cap.ok) return null;
  const rules = rulesOf(opened.version);
  return (
    <p class="sl-banner sl-warn">
      This session holds {count(s.messages.length)} messages, over {rules.label}’s cap of {count(rules.fileCap!.limit)}:{' '}
      {rules.fileCap!.inEverySave ? 'its next save of this session (after a turn, at shutdown, or a fork)' : 'its next agent turn'} keeps the last{' '}
      {count(cap.result.retained.length)} and hands {count(cap.toArchive.length)} never-archived messages to its memory archive.
    </p>
  );
}

/** All edit cards, with the warnings that apply to every save. */
export function EditTab(props: EditTabProps) {
  const ctx: EditCtx = props;
  const adapter = props.adapter;
  const onReload = adapter
    ? async () => {
        const next = await reload(adapter, props.opened, props.now());
        props.onChanged(next, 'Reloaded from disk.');
      }
    : undefined;
  return (
    <section class="sl-edits" aria-labelledby="sl-edit-h">
      <h3 id="sl-edit-h" class="sl-h">Edit</h3>
      {adapter ? (
        <div class={`sl-banner ${adapter.browserPrivate ? 'sl-info' : 'sl-warn'}`}>
          {adapter.browserPrivate ? (
            <p>These files live in this browser’s own storage: no nanobot reads or writes them, so edit freely (“Reset demo” on the start page puts them back).</p>
          ) : (
            <p>
              <strong>Stop nanobot first.</strong> A running nanobot gateway keeps this session in memory and saves it again after each turn and at
              shutdown (flush_all), which overwrites edits made here.
            </p>
          )}
          {adapter.ownerOnlySaves && (
            <p>
              <strong>A save here makes the file private to you</strong> (mode 0600: the browser’s save replaces the file, and Chromium gives the new
              one owner-only permissions). If nanobot runs as another user, it can no longer read the session afterwards; give it access again with
              <code> chmod</code>.
            </p>
          )}
          <p class="sl-muted">
            Saves work like nanobot’s: the new bytes go to a .tmp file that then replaces the session in one step (os.replace: a reader sees the old
            file or the new one, never half of each); a save is refused when the file changed since it was read; lines you did not edit keep their
            exact bytes.{' '}
            {adapter.fsyncs
              ? 'fsync, which forks use, is the separate guarantee that the bytes are on the disk before a crash or power loss.'
              : 'A web page has no fsync (which nanobot’s forks use): the system writes the bytes to the disk in its own time.'}
          </p>
        </div>
      ) : (
        <p class="sl-banner sl-info">This session is open read-only: every edit is offered as a download of the edited file; nothing on disk changes.</p>
      )}
      <FileCapNote opened={props.opened} />
      <TitleEdit ctx={ctx} onReload={onReload} />
      <AppendEdit ctx={ctx} onReload={onReload} />
      <ConsolidatedEdit ctx={ctx} onReload={onReload} />
      <TrimEdit ctx={ctx} onReload={onReload} />
      <ForkEdit ctx={ctx} />
      <RemoveLineEdit ctx={ctx} onReload={onReload} />
      <RepairEdit ctx={ctx} onReload={onReload} />
      <ClearEdit ctx={ctx} onReload={onReload} />
      <DeleteEdit ctx={ctx} />
    </section>
  );
}
