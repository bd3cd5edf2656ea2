/** Trims to a legal suffix (nanobot's retain_recent_legal_suffix): which messages go, and how many were never archived. */
import { useMemo, useState } from 'preact/hooks';
import { trimToLegalSuffix } from '../../../core/edit/edits';
import { pg } from '../../i18n/text';
import { refusalText } from './raised';
import { commitDocument, longSave, type EditCtx } from './context';
import { documentDiff } from './diff';
import { EditCard, type Plan } from './EditCard';
import { pyDumps } from '../../../core/python/pyjson';
import { dictGet, type PyDict } from '../../../core/python/pyvalue';

/** The first message (0-based) a trim keeps, of `total`, given those it drops in ascending order; null when it keeps none. */
export function firstKept(total: number, dropped: ArrayLike<number>): number | null {
  for (let i = 0; i < dropped.length; i++) if (dropped[i] !== i) return i;
  return dropped.length < total ? dropped.length : null;
}

/** A message's role as a file holds it: the text, null when absent, else its JSON (a role that is not text). */
export function roleOf(m: PyDict): string | null {
  const r = dictGet(m, 'role');
  return r === undefined ? null : typeof r === 'string' ? r : pyDumps(r);
}

/** max + extend_to_user; destructive, so it asks first. */
export function TrimEdit({ ctx, onReload }: { ctx: EditCtx; onReload?: () => Promise<void> }) {
  const total = ctx.opened.recovered.messages.length;
  const [max, setMax] = useState('');
  const [etu, setEtu] = useState(false);
  const plan = useMemo((): Plan | { error: string } | null => {
    const t = pg().edit.trim;
    if (!max.trim()) return null;
    if (!/^\s*-?\d+\s*$/.test(max)) return { error: t.notWhole };
    const r = trimToLegalSuffix(ctx.opened.doc, ctx.opened.key, Number(max), etu, ctx.now(), ctx.opened.version);
    if (!r.ok) return { error: refusalText(r.error) };
    if (!r.dropped?.length) return null;
    const first = r.dropped[0]! + 1;
    const last = r.dropped[r.dropped.length - 1]! + 1;
    const unarchived = r.unarchived ?? 0;
    const kept = firstKept(total, r.dropped);
    return {
      summary: pg().edit.change(r.change),
      notes: (
        <>
          <p>
            {t.goes(first, last, r.dropped.length)}
            {kept !== null && <> {t.keptStart(kept + 1, roleOf(ctx.opened.recovered.messages[kept]!))}</>}
          </p>
          {unarchived > 0 && <p class="sl-warn-text">{t.unarchived(unarchived)}</p>}
        </>
      ),
      diff: documentDiff(ctx.opened.doc, r.doc),
      confirm: t.confirm(r.dropped.length, unarchived),
      offerBackup: !!ctx.adapter,
      action: ctx.adapter ? t.save : t.download,
      run: (backup, ctl) => commitDocument(ctx, r.doc, backup, ctl),
      cancellable: longSave(ctx),
    };
  }, [max, etu, total, ctx.opened, pg()]);
  const t = pg().edit.trim;
  return (
    <EditCard id="sl-ed-trim" title={t.title} plan={plan} onReload={onReload}>
      <TrimFields max={max} setMax={setMax} etu={etu} setEtu={setEtu} total={total} />
    </EditCard>
  );
}

/** The trim's two inputs (messages to keep, extend_to_user), shared with large-file mode's trim card. */
export function TrimFields({ max, setMax, etu, setEtu, total }: { max: string; setMax: (v: string) => void; etu: boolean; setEtu: (v: boolean) => void; total: number }) {
  const t = pg().edit.trim;
  return (
    <>
      <label class="sl-field">
        <span>{t.label}</span>
        <input type="number" min={0} step={1} value={max} placeholder={t.placeholder(total)} onInput={(e) => setMax((e.currentTarget as HTMLInputElement).value)} />
        <small class="sl-muted">{t.hint}</small>
      </label>
      <label class="sl-check">
        <input type="checkbox" checked={etu} onChange={(e) => setEtu((e.currentTarget as HTMLInputElement).checked)} />
        <span>extend_to_user</span>
        <small class="sl-muted">{t.extendHint}</small>
      </label>
    </>
  );
}
