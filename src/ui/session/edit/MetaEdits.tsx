/** Edits of the metadata record: the title, and the last_consolidated boundary. */
import { useMemo, useState } from 'preact/hooks';
import { pg } from '../../i18n/text';
import { previewOf, usePlanned, type EditCtx } from './context';
import { EditCard, Planning } from './EditCard';

/** Sets the sidebar title as a person's edit (title_user_edited, so nanobot keeps it). */
export function TitleEdit({ ctx }: { ctx: EditCtx }) {
  const current = ctx.facts.title;
  const [title, setT] = useState(current);
  const state = usePlanned(ctx, title === current ? null : { kind: 'title', title });
  const t = pg().edit.title;
  const plan = useMemo(() => previewOf(ctx, state, t), [state, pg()]);
  return (
    <EditCard id="sl-ed-title" title={t.title} plan={plan} onReload={ctx.onReload}>
      <label class="sl-field">
        <span>{t.label}</span>
        <input type="text" value={title} maxLength={200} onInput={(e) => setT((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <Planning state={state} />
    </EditCard>
  );
}

/** Moves the consolidation boundary; shows how many messages become archived and replayable. */
export function ConsolidatedEdit({ ctx }: { ctx: EditCtx }) {
  const { boundary: current, total } = ctx.facts;
  const [text, setText] = useState(String(current));
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  const state = usePlanned(ctx, text.trim() === String(current) ? null : { kind: 'last-consolidated', upTo: n });
  const t = pg().edit.consolidated;
  const plan = useMemo(() => previewOf(ctx, state, t, () => ({ notes: <p class="sl-muted">{t.note(n, total - n)}</p> })), [state, pg()]);
  return (
    <EditCard id="sl-ed-lc" title="last_consolidated" plan={plan} onReload={ctx.onReload}>
      <label class="sl-field">
        <span>{t.label(total)}</span>
        <input type="number" min={0} max={total} step={1} value={text} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
        <small class="sl-muted">{t.hint(current, total)}</small>
      </label>
      <Planning state={state} />
    </EditCard>
  );
}
