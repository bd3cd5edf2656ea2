/** The lines an edit touches, diff-style: removed, added and rewritten lines by number. */
import { changedSpan } from './diff';
import type { PlanDiff } from '../../../store/save/edit-preview';
import { iso } from '../../parts/iso';
import { pg } from '../../i18n/text';

const SHOW = 60;
const TEXT = 160;

function short(t: string): string {
  return t.length > TEXT ? t.slice(0, TEXT - 1) + '…' : t;
}

/** A rewritten line: the part that changed, on both sides. */
function ChangedPair({ before, after }: { before: string; after: string }) {
  const span = changedSpan(before, after, TEXT);
  return (
    <>
      <code>{iso(span.before)}</code> → <code>{iso(span.after)}</code>
    </>
  );
}

/** A compact list (the plan's first lines) with totals. */
export function DiffView({ diff: plan }: { diff: PlanDiff }) {
  const t = pg().edit.diff;
  const { removed, added, changed } = plan;
  const total = removed + added + changed;
  if (total === 0) return <p class="sl-muted">{t.none}</p>;
  const diff = plan.lines;
  const shown = Math.min(SHOW, diff.length);
  return (
    <div class="sl-diff">
      <p class="sl-muted">
        {t.totals(removed, added, changed)}
      </p>
      {/* tabIndex: a list taller than its box scrolls by keyboard too */}
      <ul class="sl-diff-list" aria-label={t.label} tabIndex={0}>
        {diff.slice(0, shown).map((d, i) => (
          <li key={i} class={`sl-diff-${d.op}`}>
            {d.op === 'remove' && <><span class="sl-diff-sign" aria-label={t.removed}>−</span>{t.line(d.oldLine + 1)}: <code>{iso(short(d.text))}</code></>}
            {d.op === 'add' && <><span class="sl-diff-sign" aria-label={t.added}>+</span>{t.newLine(d.newLine + 1)}: <code>{iso(short(d.text))}</code></>}
            {d.op === 'change' && (
              <>
                <span class="sl-diff-sign" aria-label={t.rewritten}>~</span>
                {t.line(d.oldLine + 1)}
                {d.newLine !== d.oldLine ? t.becomes(d.newLine + 1) : ''}: <ChangedPair before={d.before} after={d.after} />
              </>
            )}
          </li>
        ))}
        {total > shown && <li class="sl-muted">{t.more(total - shown)}</li>}
      </ul>
    </div>
  );
}
