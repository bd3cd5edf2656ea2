/** Trims to a legal suffix (nanobot's retain_recent_legal_suffix): which messages go, and how many were never archived. */
import { useMemo, useState } from 'preact/hooks';
import { pg } from '../../i18n/text';
import { previewOf, usePlanned, type EditCtx } from './context';
import { EditCard, Planning } from './EditCard';
import { Check } from '../parts/Check';

/** max + extend_to_user; destructive, so it asks first. */
export function TrimEdit({ ctx }: { ctx: EditCtx }) {
  const total = ctx.facts.total;
  const [max, setMax] = useState('');
  const [etu, setEtu] = useState(false);
  const whole = /^\s*-?\d+\s*$/.test(max);
  const state = usePlanned(ctx, max.trim() && whole ? { kind: 'trim', max: Number(max), extendToUser: etu } : null);
  const t = pg().edit.trim;
  const plan = useMemo(() => {
    if (max.trim() && !whole) return { error: t.notWhole };
    return previewOf(ctx, state, t, (p) => {
      const span = p.trim;
      return {
        notes: span && (
          <>
            <p>
              {t.goes(span.first + 1, span.last + 1, span.count)}
              {span.kept !== null && <> {t.keptStart(span.kept + 1, span.keptRole)}</>}
            </p>
            {span.unarchived > 0 && <p class="sl-warn-text">{t.unarchived(span.unarchived)}</p>}
          </>
        ),
        confirm: t.confirm(span?.count ?? 0, span?.unarchived ?? 0),
        offerBackup: !!ctx.adapter,
      };
    });
  }, [state, max, pg()]);
  return (
    <EditCard id="sl-ed-trim" title={t.title} plan={plan} onReload={ctx.onReload}>
      <label class="sl-field">
        <span>{t.label}</span>
        <input type="number" min={0} step={1} value={max} placeholder={t.placeholder(total)} onInput={(e) => setMax((e.currentTarget as HTMLInputElement).value)} />
        <small class="sl-muted">{t.hint}</small>
      </label>
      <Check checked={etu} onChange={setEtu} label="extend_to_user" hint={t.extendHint} />
      <Planning state={state} />
    </EditCard>
  );
}
