/**
 * The Edit tab, one at every size: every edit is planned and saved through the session's source
 * (store/source: the whole document, or the line index with its streamed saves), previews its
 * change before it is made, asks before destroying anything, shows a long save's progress with
 * Cancel, and reports the result or the conflict; read-only, the edited file is a download.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import type { SessionSource } from '../../../store/source/session-source';
import { pg } from '../../i18n/text';
import { AppendEdit } from './AppendEdit';
import { useEditFacts, type EditCtx } from './context';
import { ClearEdit, DeleteEdit, RemoveLineEdit, RepairEdit } from './DangerEdits';
import { ForkEdit, ForkOrWhyNot } from './ForkEdit';
import { ConsolidatedEdit, TitleEdit } from './MetaEdits';
import { TrimEdit } from './TrimEdit';
import { LastOutcome, type Shown } from './EditCard';
import { NanobotSaveNote } from './notes/NanobotSaveNote';

/** The edits' context (context.ts) as the page hands it in. */
export interface EditTabProps extends Pick<EditCtx, 'source' | 'adapter' | 'now' | 'onSaved' | 'onForked' | 'onDeleted'> {
  /**
   * The one result the tab shows, when the page keeps it (it then outlives the tab's redrawing while
   * the saved file is opened again); absent: the tab keeps it.
   */
  outcome?: { shown: Shown | null; show: (s: Shown | null) => void };
}

/** v0.2 and v0.3.0 cap a session at 2,000 messages (v0.3.0 in every save): say so when this one is over (the trim nanobot would make, planned by the source). */
function FileCapNote({ source }: { source: SessionSource }) {
  const [words, setWords] = useState<string | null>(null);
  const rules = rulesOf(source.stat.version);
  useEffect(() => {
    let live = true;
    setWords(null);
    const cap = rules.fileCap;
    if (!cap) return;
    void (async () => {
      const head = (await source.load()).result;
      if (!head || head.count <= cap.limit) return;
      const p = await source.plan({ kind: 'trim', max: cap.limit, extendToUser: false });
      if ('error' in p || p.change.code !== 'trim' || !live) return;
      const c = p.change;
      setWords(pg().edit.fileCap(head.count, rules.label, cap.limit, cap.inEverySave, c.kept, c.dropped - c.archived));
    })().catch(() => undefined);
    return () => void (live = false);
  }, [source]);
  return words ? <p class="sl-banner sl-warn">{words}</p> : null;
}

/** Counts the sources the tab is handed: each one (the file opened again) draws the cards anew. */
let opened = 0;

/** All edit cards, with the warnings that apply to every save. */
export function EditTab(props: EditTabProps) {
  const { source, adapter } = props;
  // One result at a time: a save's message replaces the one before it, wherever that was.
  const [own, setOwn] = useState<Shown | null>(null);
  const outcome = props.outcome ?? { shown: own, show: setOwn };
  const facts = useEditFacts(source);
  // The cards are drawn over the source their facts were read from (the last one until the new one is read).
  const read = facts && typeof facts !== 'string' ? facts : null;
  const generation = useMemo(() => ++opened, [read?.source]);
  const t = pg().edit;
  const ctx: EditCtx | null = read
    ? { source: read.source, adapter, now: props.now, onSaved: props.onSaved, onForked: props.onForked, onDeleted: props.onDeleted, facts: read.facts, ...(adapter ? { onReload: async () => props.onSaved(t.reloaded) } : {}) }
    : null;
  const { stat } = source;
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
      <FileCapNote source={source} />
      <NanobotSaveNote version={stat.version} />
      {typeof facts === 'string' && <p class="sl-danger-text" role="alert">{facts}</p>}
      {facts === undefined && <p class="sl-muted" aria-busy="true">{pg().largeEdit.reading}</p>}
      <LastOutcome.Provider value={outcome}>
        {/* Keyed by the source: after a save (or a change on disk) the file is opened again and every field read again from it. */}
        {ctx && (
          <div class="sl-edit-cards" key={generation}>
            <TitleEdit ctx={ctx} />
            <AppendEdit ctx={ctx} />
            <ConsolidatedEdit ctx={ctx} />
            <TrimEdit ctx={ctx} />
            <ForkOrWhyNot version={stat.version}>
              <ForkEdit ctx={ctx} />
            </ForkOrWhyNot>
            <RemoveLineEdit ctx={ctx} />
            <RepairEdit ctx={ctx} />
            <ClearEdit ctx={ctx} />
            <DeleteEdit ctx={ctx} />
          </div>
        )}
      </LastOutcome.Provider>
    </section>
  );
}
