/**
 * When nanobot's own listing fails on the folder: the files that break it, each linked to its line
 * 1 (the metadata record the listing reads), and the fix, the edit that lets nanobot list the folder
 * again, written through the Edit tab's guarded save (issue 42). Loaded only when a listing fails.
 */
import { Fragment } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { Confirm } from '../../parts/Confirm';
import { pg } from '../../i18n/text';
import { shownValue } from '../../../store/listing/listed-row';
import type { Listing } from '../../../store/listing/session-list';
import { openSession } from '../../../store/save/sessions';
import { sortBreakers, withUpdatedAt, type SortBreaker } from '../../../store/listing/sort-breakers';
import { saveEdited } from '../../session/edit/apply';
import { errorText } from '../../shell/status';
import { iso, visible } from '../../parts/iso';
import { activeVersion, folder, folderIndex, nowIso, refreshListing, workspace } from '../model';
import { rowHref } from '../rows';

type Fixable = Extract<SortBreaker, { cause: 'updated-at' }>;

/** File names said in the notice's one line; the rest are counted there and listed inside. */
const NAMES_SHOWN = 3;

/** Writes each file's fix; a file that changed since it was listed is left alone and named. */
async function writeFixes(fixes: readonly Fixable[]): Promise<{ saved: number; problems: string[] }> {
  const ws = workspace.peek();
  if (!ws) return { saved: 0, problems: [] };
  const version = activeVersion.peek();
  let saved = 0;
  const problems: string[] = [];
  for (const b of fixes) {
    const now = nowIso();
    try {
      const opened = await openSession(ws.adapter, b.summary.path, { now, key: b.summary.key, version });
      const doc = withUpdatedAt(opened.doc, b.updatedAt, b.fix);
      if (!doc) {
        problems.push(pg().decide.fixStale(b.summary.fileName));
        continue;
      }
      const out = await saveEdited(ws.adapter, opened, doc, now);
      if (out.ok) saved++;
      else problems.push(out.message);
    } catch (e) {
      problems.push(errorText(e));
    }
  }
  return { saved, problems };
}

export function ListingFailure({ listing }: { listing: Listing }) {
  const breakers = useMemo(() => sortBreakers(listing), [listing]);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ saved: number; problems: string[] } | null>(null);
  const fixButton = useRef<HTMLButtonElement>(null);
  const error = listing.sortError;
  if (!error) return null;
  const d = pg().decide;
  const ws = workspace.value;
  const f = folder.value;
  const folderParam = folderIndex.value > 0 && f ? f.path : null;
  const fixable = breakers.filter((b): b is Fixable => b.cause === 'updated-at');
  const fix = async () => {
    setBusy(true);
    const r = await writeFixes(fixable);
    setBusy(false);
    setAsking(false);
    setResult(r);
    if (r.saved > 0) void refreshListing();
    else fixButton.current?.focus();
  };
  // The names in the one line the page shows at first (a few, then how many more); the rest one click away.
  const shown = breakers.slice(0, NAMES_SHOWN).map((b) => b.summary.fileName);
  const more = breakers.length - shown.length;
  return (
    <section class="notice danger listing-failure" aria-labelledby="listing-failure-title">
      <h3 id="listing-failure-title" class="listing-failure-title">
        {d.breaksTitle(breakers.length)}
      </h3>
      <details>
        <summary>
          <span class="breaker-names">
            {shown.map((name, i) => (
              <Fragment key={name}>
                {i > 0 && d.nameSep}
                <code>{iso(visible(name))}</code>
              </Fragment>
            ))}
            {more > 0 && d.andMore(more)}
          </span>
          {d.whatAndFix}
        </summary>
        <p class="small">{d.breaksLead(`${error.type}: ${error.message}`)}</p>
        <ul class="breakers">
          {breakers.map((b) => (
            <li key={b.summary.path} data-file={b.summary.fileName}>
              <code class="breaker-file">{iso(visible(b.summary.fileName))}</code>{' '}
              <a href={rowHref(b.summary, activeVersion.value, listing.summaries, folderParam, 'file', { line: '1' })}>{b.cause === 'updated-at' ? d.openLine : d.openFile}</a>
              {': '}
              {b.cause === 'updated-at' ? d.breakUpdatedAt(shownValue(b.updatedAt)) : d.breakRaises(`${b.error.type}: ${b.error.message}`)}
              {b.cause === 'updated-at' && <span class="muted small breaker-fix"> {d.fixWhat(b.fix, d.fixFrom[b.from])}</span>}
            </li>
          ))}
        </ul>
        {fixable.length > 0 &&
          (!ws?.writable ? (
            <p class="muted small">{d.fixReadOnly}</p>
          ) : asking ? (
            <Confirm
              class="confirm"
              question={d.fixConfirm(fixable.length)}
              confirmLabel={busy ? d.fixing : d.fix(fixable.length)}
              busy={busy}
              onConfirm={() => void fix()}
              onCancel={() => {
                setAsking(false);
                fixButton.current?.focus();
              }}
            />
          ) : (
            <p>
              <button type="button" class="btn primary small" ref={fixButton} onClick={() => setAsking(true)}>
                {d.fix(fixable.length)}
              </button>
            </p>
          ))}
        {result && (
          <div role="status" class="small">
            {result.saved > 0 && <p>{d.fixed(result.saved)}</p>}
            {result.problems.map((p) => (
              <p key={p} class="danger-text">
                {p}
              </p>
            ))}
          </div>
        )}
      </details>
    </section>
  );
}
