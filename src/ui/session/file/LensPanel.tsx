/** Both lenses side by side: what nanobot loads from the file, and what Session Lens recovers. */
import { pyDumps } from '../../../core/python/pyjson';
import { dictKeys, isDict, type PyValue } from '../../../core/python/pyvalue';
import type { LensFacts } from './lens-facts';
import { pg, ui } from '../../i18n/text';

function metaSummary(m: PyValue): string {
  if (!isDict(m)) return pg().file.notADict(pyDumps(m).slice(0, 40));
  const keys = dictKeys(m);
  return keys.length ? keys.join(', ') : pg().file.empty;
}

/** Two columns, at every file size; a note says whether they differ. */
export function LensPanel({ facts }: { facts: LensFacts }) {
  const { state, nanobot: n, recovered: r } = facts;
  const differ = state !== 'normal' || !n || n.messages !== r.messages || r.corrupt > 0;
  const t = pg().file;
  const count = ui().common.count;
  return (
    <section class="sl-lenses" aria-labelledby="sl-lens-h">
      <h3 id="sl-lens-h">{t.lensesHeading}</h3>
      <p class={differ ? 'sl-warn-text' : 'sl-muted'}>
        {differ ? t.differ : t.agree(r.messages)}
      </p>
      <div class="sl-lens-grid">
        <div class="sl-lens">
          <h4>{t.asNanobot}</h4>
          {state === 'nothing' ? (
            <p class="sl-danger-text">
              {t.loadsNothing(facts.loadError)}
            </p>
          ) : (
            <dl>
              <dt>{t.loadPath}</dt>
              <dd>{state === 'normal' ? t.normalPath : t.repairPath(facts.loadError)}</dd>
              {state === 'repair' && (
                <>
                  <dt>{t.linesSkipped}</dt>
                  <dd>{facts.skipped ? `${count(facts.skipped)}${facts.skippedLines?.length === facts.skipped ? t.skippedAt(facts.skippedLines.map((l) => l + 1).join(pg().session.listSep)) : ''}` : t.none}</dd>
                </>
              )}
              <dt>{t.messages}</dt>
              <dd>{count(n!.messages)}</dd>
              <dt>{t.metadata}</dt>
              <dd>{metaSummary(n!.metadata)}</dd>
              <dt>last_consolidated</dt>
              <dd>{n!.lastConsolidated}</dd>
              <dt>{t.times}</dt>
              <dd>
                {n!.createdAt} / {n!.updatedAt}
                {n!.defaulted.length > 0 && <span class="sl-warn-text">{t.defaulted(n!.defaulted.join(t.and))}</span>}
              </dd>
            </dl>
          )}
        </div>
        <div class="sl-lens">
          <h4>{t.recovered}</h4>
          <dl>
            <dt>{t.messages}</dt>
            <dd>{count(r.messages)}</dd>
            <dt>{t.corruptLines}</dt>
            <dd>{count(r.corrupt)}{t.keptInPlace}</dd>
            <dt>{t.blankLines}</dt>
            <dd>{count(r.blank)}</dd>
            <dt>{t.metadataRecords}</dt>
            <dd>{r.metadata}</dd>
            <dt>{t.problemsFound}</dt>
            <dd aria-busy={r.problems === null}>{r.problems === null ? '…' : count(r.problems)}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
