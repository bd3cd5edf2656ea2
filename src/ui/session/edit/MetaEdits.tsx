/** Edits of the metadata record: the title, and the last_consolidated boundary. */
import { useMemo, useState } from 'preact/hooks';
import { setLastConsolidated, setTitle } from '../../../core/edits';
import { sessionTitle } from '../../../core/title';
import { replaySession } from '../lens';
import { count } from '../text';
import { commitDocument, type EditCtx } from './context';
import { documentDiff } from './diff';
import { EditCard, type Plan } from './EditCard';

/** Sets the sidebar title as a person's edit (title_user_edited, so nanobot keeps it). */
export function TitleEdit({ ctx, onReload }: { ctx: EditCtx; onReload?: () => Promise<void> }) {
  const current = sessionTitle(ctx.opened.recovered.metadata);
  const [title, setT] = useState(current);
  const plan = useMemo((): Plan | null => {
    if (title === current) return null;
    const r = setTitle(ctx.opened.doc, ctx.opened.key, title, ctx.now());
    if (!r.ok) return null;
    return { summary: r.summary, diff: documentDiff(ctx.opened.doc, r.doc), action: ctx.adapter ? 'Save title' : 'Download with this title', run: () => commitDocument(ctx, r.doc) };
  }, [title, current, ctx.opened]);
  return (
    <EditCard id="sl-ed-title" title="Title" plan={plan} onReload={onReload}>
      <label class="sl-field">
        <span>Title</span>
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
    if (!r.ok) return { error: r.error };
    return {
      summary: r.summary,
      notes: (
        <p class="sl-muted">
          {count(n)} archived (not replayed) · {count(total - n)} replayable. Archiving here does not write anything to nanobot’s memory: messages you mark as archived leave the replay without a summary.
        </p>
      ),
      diff: documentDiff(ctx.opened.doc, r.doc),
      action: ctx.adapter ? 'Save last_consolidated' : 'Download with this boundary',
      run: () => commitDocument(ctx, r.doc),
    };
  }, [text, current, ctx.opened]);
  return (
    <EditCard id="sl-ed-lc" title="last_consolidated" plan={plan} onReload={onReload}>
      <label class="sl-field">
        <span>last_consolidated (0 to {total})</span>
        <input type="number" min={0} max={total} step={1} value={text} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
        <small class="sl-muted">Now {current}: the first {current} messages are archived to memory. nanobot resets any value outside 0–{total} to 0, so the boundary can never hide the whole history.</small>
      </label>
    </EditCard>
  );
}
