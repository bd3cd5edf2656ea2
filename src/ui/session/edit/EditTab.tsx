/**
 * The Edit tab: every edit previews its change before it is made, asks before destroying
 * anything, saves through the guarded store (or downloads in read-only mode) and reports the
 * result or the conflict.
 */
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import { enforceFileCap } from '../../../core/edit/retain';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { pg } from '../../i18n/text';
import type { OpenedSession } from '../../../store/save/sessions';
import { reload } from './apply';
import { AppendEdit } from './AppendEdit';
import type { EditCtx } from './context';
import { ClearEdit, DeleteEdit, RemoveLineEdit, RepairEdit } from './DangerEdits';
import { ForkEdit, ForkOrWhyNot } from './ForkEdit';
import { ConsolidatedEdit, TitleEdit } from './MetaEdits';
import { TrimEdit } from './TrimEdit';
import { useState } from 'preact/hooks';
import { LastOutcome, type Shown } from './EditCard';
import { NanobotSaveNote } from './notes/NanobotSaveNote';

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
      {pg().edit.fileCap(s.messages.length, rules.label, rules.fileCap!.limit, rules.fileCap!.inEverySave, cap.result.retained.length, cap.toArchive.length)}
    </p>
  );
}

/** All edit cards, with the warnings that apply to every save. */
export function EditTab(props: EditTabProps) {
  const ctx: EditCtx = props;
  // One result at a time: a save's message replaces the one before it, wherever that was.
  const [shown, setShown] = useState<Shown | null>(null);
  const snap = props.opened.snapshot;
  const adapter = props.adapter;
  const onReload = adapter
    ? async () => {
        const next = await reload(adapter, props.opened, props.now());
        props.onChanged(next, pg().edit.reloaded);
      }
    : undefined;
  const t = pg().edit;
  return (
    <section class="sl-edits" aria-labelledby="sl-edit-h">
      <h2 id="sl-edit-h" class="sl-h">{t.heading}</h2>
      {adapter ? (
        <div class={`sl-banner ${adapter.browserPrivate ? 'sl-info' : 'sl-warn'}`}>
          {/* A folder nanobot writes has its one "stop nanobot" notice at the page's top (GatewayNote), not a second one here. */}
          {adapter.browserPrivate && <p>{t.private}</p>}
          {adapter.ownerOnlySaves && (
            <p>
              <strong>{t.ownerOnly}</strong>
              {t.ownerOnlyWhy}
              <code> chmod</code>
              {t.ownerOnlyEnd}
            </p>
          )}
          <p class="sl-muted">
            {t.atomic}
            {adapter.fsyncs ? t.fsync : t.noFsync}
          </p>
        </div>
      ) : (
        <p class="sl-banner sl-info">{t.readOnly}</p>
      )}
      <FileCapNote opened={props.opened} />
      <NanobotSaveNote version={props.opened.version} />
      <LastOutcome.Provider value={{ shown, show: setShown }}>
        {/* Keyed by the file's version: after a save (or a change on disk) every field is read again from the new file. */}
        <div class="sl-edit-cards" key={`${snap.sha256}:${snap.size}:${snap.lastModified}`}>
          <TitleEdit ctx={ctx} onReload={onReload} />
          <AppendEdit ctx={ctx} onReload={onReload} />
          <ConsolidatedEdit ctx={ctx} onReload={onReload} />
          <TrimEdit ctx={ctx} onReload={onReload} />
          <ForkOrWhyNot version={props.opened.version}>
            <ForkEdit ctx={ctx} />
          </ForkOrWhyNot>
          <RemoveLineEdit ctx={ctx} onReload={onReload} />
          <RepairEdit ctx={ctx} onReload={onReload} />
          <ClearEdit ctx={ctx} onReload={onReload} />
          <DeleteEdit ctx={ctx} />
        </div>
      </LastOutcome.Provider>
    </section>
  );
}
