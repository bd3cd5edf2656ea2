/** Both lenses side by side: what nanobot loads from the file, and what Session Lens recovers. */
import { metadataIndex } from '../../../core/lens/document';
import { isoRoundTrip } from '../../../core/python/isotime';
import { pyDumps } from '../../../core/python/pyjson';
import { dictGet, dictKeys, isDict, truthy, type PyValue } from '../../../core/python/pyvalue';
import type { OpenedSession } from '../../../store/save/sessions';
import { lensState, loadErrorText, repairSkippedLines } from '../lens';
import { pg, ui } from '../../i18n/text';

function metaSummary(m: PyValue): string {
  if (!isDict(m)) return pg().file.notADict(pyDumps(m).slice(0, 40));
  const keys = dictKeys(m);
  return keys.length ? keys.join(', ') : pg().file.empty;
}

/** created_at / updated_at fields nanobot replaced by "now" (missing, empty, or unreadable on the repair path). */
export function defaultedTimes(o: OpenedSession): string[] {
  const mi = metadataIndex(o.doc);
  const meta = mi >= 0 ? o.doc.records[mi]!.value! : null;
  return ['created_at', 'updated_at'].filter((f) => {
    const v = meta ? dictGet(meta, f) : undefined;
    return !truthy(v) || !isoRoundTrip(v).ok;
  });
}

/** Two columns; a note says whether they differ. */
export function LensPanel({ opened }: { opened: OpenedSession }) {
  const state = lensState(opened);
  const n = opened.nanobot.result;
  const r = opened.recovered;
  const corrupt = opened.doc.records.filter((x) => x.kind === 'corrupt').length;
  const blank = opened.doc.records.filter((x) => x.kind === 'blank').length;
  const metas = opened.doc.records.filter((x) => x.kind === 'metadata').length;
  const skipped = repairSkippedLines(opened);
  const defaulted = defaultedTimes(opened);
  const differ = state !== 'normal' || !n || n.messages.length !== r.messages.length || corrupt > 0;
  const t = pg().file;
  const count = ui().common.count;
  return (
    <section class="sl-lenses" aria-labelledby="sl-lens-h">
      <h3 id="sl-lens-h">{t.lensesHeading}</h3>
      <p class={differ ? 'sl-warn-text' : 'sl-muted'}>
        {differ ? t.differ : t.agree(r.messages.length)}
      </p>
      <div class="sl-lens-grid">
        <div class="sl-lens">
          <h4>{t.asNanobot}</h4>
          {state === 'nothing' ? (
            <p class="sl-danger-text">
              {t.loadsNothing(loadErrorText(opened))}
            </p>
          ) : (
            <dl>
              <dt>{t.loadPath}</dt>
              <dd>{state === 'normal' ? t.normalPath : t.repairPath(loadErrorText(opened))}</dd>
              {state === 'repair' && (
                <>
                  <dt>{t.linesSkipped}</dt>
                  <dd>{opened.nanobot.skipped ? `${count(opened.nanobot.skipped)}${skipped.length === opened.nanobot.skipped ? t.skippedAt(skipped.map((l) => l + 1).join(pg().session.listSep)) : ''}` : t.none}</dd>
                </>
              )}
              <dt>{t.messages}</dt>
              <dd>{count(n!.messages.length)}</dd>
              <dt>{t.metadata}</dt>
              <dd>{metaSummary(n!.metadata)}</dd>
              <dt>last_consolidated</dt>
              <dd>{n!.lastConsolidated}</dd>
              <dt>{t.times}</dt>
              <dd>
                {n!.createdAt} / {n!.updatedAt}
                {defaulted.length > 0 && <span class="sl-warn-text">{t.defaulted(defaulted.join(t.and))}</span>}
              </dd>
            </dl>
          )}
        </div>
        <div class="sl-lens">
          <h4>{t.recovered}</h4>
          <dl>
            <dt>{t.messages}</dt>
            <dd>{count(r.messages.length)}</dd>
            <dt>{t.corruptLines}</dt>
            <dd>{count(corrupt)}{t.keptInPlace}</dd>
            <dt>{t.blankLines}</dt>
            <dd>{count(blank)}</dd>
            <dt>{t.metadataRecords}</dt>
            <dd>{metas}</dd>
            <dt>{t.problemsFound}</dt>
            <dd>{count(opened.doc.diagnostics.length)}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
