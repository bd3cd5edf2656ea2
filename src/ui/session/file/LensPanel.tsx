/** Both lenses side by side: what nanobot loads from the file, and what Session Lens recovers. */
import { metadataIndex } from '../../../core/document';
import { isoRoundTrip } from '../../../core/isotime';
import { pyDumps } from '../../../core/pyjson';
import { dictGet, dictKeys, isDict, truthy, type PyValue } from '../../../core/pyvalue';
import type { OpenedSession } from '../../../store/sessions';
import { lensState, loadErrorText, repairSkippedLines } from '../lens';
import { count, plural } from '../text';

function metaSummary(m: PyValue): string {
  if (!isDict(m)) return `not a dict (${pyDumps(m).slice(0, 40)})`;
  const keys = dictKeys(m);
  return keys.length ? keys.join(', ') : '(empty)';
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
  return (
    <section class="sl-lenses" aria-labelledby="sl-lens-h">
      <h4 id="sl-lens-h">Two lenses on this file</h4>
      <p class={differ ? 'sl-warn-text' : 'sl-muted'}>
        {differ ? 'The lenses differ: nanobot does not see everything this file holds.' : `Both lenses agree: ${plural(r.messages.length, 'message')}.`}
      </p>
      <div class="sl-lens-grid">
        <div class="sl-lens">
          <h5>As nanobot sees it</h5>
          {state === 'nothing' ? (
            <p class="sl-danger-text">
              Loads nothing ({loadErrorText(opened)}). nanobot starts an empty session, and its next save replaces this whole file.
            </p>
          ) : (
            <dl>
              <dt>load path</dt>
              <dd>{state === 'normal' ? 'normal (strict pass succeeds)' : `repair (strict pass raised ${loadErrorText(opened)})`}</dd>
              {state === 'repair' && (
                <>
                  <dt>lines skipped</dt>
                  <dd>{opened.nanobot.skipped ? `${count(opened.nanobot.skipped)}${skipped.length === opened.nanobot.skipped ? `: line ${skipped.map((l) => l + 1).join(', ')}` : ''}` : 'none'}</dd>
                </>
              )}
              <dt>messages</dt>
              <dd>{count(n!.messages.length)}</dd>
              <dt>metadata</dt>
              <dd>{metaSummary(n!.metadata)}</dd>
              <dt>last_consolidated</dt>
              <dd>{n!.lastConsolidated}</dd>
              <dt>times</dt>
              <dd>
                {n!.createdAt} / {n!.updatedAt}
                {defaulted.length > 0 && <span class="sl-warn-text"> ({defaulted.join(' and ')} defaulted to the time of loading)</span>}
              </dd>
            </dl>
          )}
        </div>
        <div class="sl-lens">
          <h5>Recovered (Session Lens)</h5>
          <dl>
            <dt>messages</dt>
            <dd>{count(r.messages.length)}</dd>
            <dt>corrupt lines</dt>
            <dd>{count(corrupt)} (kept in place, never silently dropped)</dd>
            <dt>blank lines</dt>
            <dd>{count(blank)}</dd>
            <dt>metadata records</dt>
            <dd>{metas}</dd>
            <dt>problems found</dt>
            <dd>{count(opened.doc.diagnostics.length)}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
