/** Edits of the metadata record: the title, and the last_consolidated boundary. */
import { useMemo, useState } from 'preact/hooks';
import { setLastConsolidated, setTitle } from '../../../core/edit/edits';
import { sessionTitle } from '../../../core/listing/title';
import { replaySession } from '../lens';
import { pg } from '../../i18n/text';
import { commitDocument, longSave, type EditCtx } from './context';
import { documentDiff } from './diff';
import { EditCard, type Plan } from './EditCard';
import { refusalText } from './raised';

/** Sets the sidebar title as a person's edit (title_user_edited, so nanobot keeps it). */
export function TitleEdit({ ctx, onReload }: { ctx: EditCtx; onReload?: () => Promise<void> }) {
  const current = sessionTitle(ctx.opened.recovered.metadata);
  const [title, setT] = useState(current);
  const plan = useMemo((): Plan | null => {
    if (title === current) return null;
    const r = setTitle(ctx.opened.doc, ctx.opened.key, title, ctx.now());
    if (!r.ok) return null;
    const t = pg().edit.title;
    return { summary: pg().edit.change(r.change), diff: documentDiff(ctx.opened.doc, r.doc), action: ctx.adapter ? t.save : t.download, run: (_b, ctl) => commitDocument(ctx, r.doc, false, ctl), cancellable: longSave(ctx) };
  }, [title, current, ctx.opened, pg()]);
  const t = pg().edit.title;
  return (
    <EditCard id="sl-ed-title" title={t.title} plan={plan} onReload={onReload}>
      <label class="sl-field">
        <span>{t.label}</span>
        <input type="text" value={title} maxLength={200} onInput={(e) => setT((e.currentTarget as HTMLInputElement).value)} />
      </label>
    </EditCard>
  );
}

/** Moves the consolidation boundary; shows how many messages become archived and replayable. */
export function ConsolidatedEdit({ ctx, onReload }: { ctx: EditCtx; onReload?: () => Promise<void> }) {
  const current = replaySession(ctx.opened).session.lastConsolidated;
  const total = ctx.opened.recovered.messages.length;
  const [text, setText] = useState(String(current));
  const plan = useMemo((): Plan | { error: string } | null => {
    if (text.trim() === String(current)) return null;
    const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
    const r = setLastConsolidated(ctx.opened.doc, ctx.opened.key, n, ctx.now());
    const t = pg().edit.consolidated;
    if (!r.ok) return { error: refusalText(r.error) };
    return {
      summary: pg().edit.change(r.change),
      notes: <p class="sl-muted">{t.note(n, total - n)}</p>,
      diff: documentDiff(ctx.opened.doc, r.doc),
      action: ctx.adapter ? t.save : t.download,
      run: (_b, ctl) => commitDocument(ctx, r.doc, false, ctl),
      cancellable: longSave(ctx),
    };
  }, [text, current, ctx.opened, pg()]);
  return (
    <EditCard id="sl-ed-lc" title="last_consolidated" plan={plan} onReload={onReload}>
      <ConsolidatedFields text={text} setText={setText} current={current} total={total} />
    </EditCard>
  );
}

/** The new boundary, with the file's current one and how many messages there are: the same field at every size. */
export function ConsolidatedFields(p: { text: string; setText: (t: string) => void; current: number; total: number }) {
  const t = pg().edit.consolidated;
  return (
    <label class="sl-field">
      <span>{t.label(p.total)}</span>
      <input type="number" min={0} max={p.total} step={1} value={p.text} onInput={(e) => p.setText((e.currentTarget as HTMLInputElement).value)} />
      <small class="sl-muted">{t.hint(p.current, p.total)}</small>
    </label>
  );
}
