/** Trims to a legal suffix (nanobot's retain_recent_legal_suffix): which messages go, and how many were never archived. */
import { useMemo, useState } from 'preact/hooks';
import { trimToLegalSuffix } from '../../../core/edits';
import { count, plural } from '../text';
import { commitDocument, type EditCtx } from './context';
import { documentDiff } from './diff';
import { EditCard, type Plan } from './EditCard';

/** max + extend_to_user; destructive, so it asks first. */
export function TrimEdit({ ctx, onReload }: { ctx: EditCtx; onReload?: () => Promise<void> }) {
  const total = ctx.opened.recovered.messages.length;
  const [max, setMax] = useState('');
  const [etu, setEtu] = useState(false);
  const plan = useMemo((): Plan | { error: string } | null => {
    if (!max.trim()) return null;
    if (!/^\s*-?\d+\s*$/.test(max)) return { error: 'Enter a whole number of messages to keep.' };
    const r = trimToLegalSuffix(ctx.opened.doc, ctx.opened.key, Number(max), etu, ctx.now(), ctx.opened.version);
    if (!r.ok) return { error: r.error };
    if (!r.dropped?.length) return null;
    const first = r.dropped[0]! + 1;
    const last = r.dropped[r.dropped.length - 1]! + 1;
    return {
      summary: r.summary,
      notes: (
        <>
          <p>Messages that go: #{count(first)}{last > first ? `–${count(last)}` : ''}{r.dropped.length !== last - first + 1 ? ` (${count(r.dropped.length)} in all)` : ''}. The kept part starts on a user turn and never opens with an orphan tool result.</p>
          {r.unarchived! > 0 && (
            <p class="sl-warn-text">
              {plural(r.unarchived!, 'message')} never archived to memory. nanobot hands such messages to its memory archive when it trims (enforce_file_cap); Session Lens does not, so they are simply gone — download a copy first if you may need them.
            </p>
          )}
        </>
      ),
      diff: documentDiff(ctx.opened.doc, r.doc),
      confirm: `This removes ${plural(r.dropped.length, 'message')} from the file${r.unarchived ? `, ${count(r.unarchived)} of them never archived` : ''}.`,
      offerBackup: !!ctx.adapter,
      action: ctx.adapter ? 'Trim' : 'Download trimmed file',
      run: (backup) => commitDocument(ctx, r.doc, backup),
    };
  }, [max, etu, ctx.opened]);
  return (
    <EditCard id="sl-ed-trim" title="Trim to a legal suffix" plan={plan} onReload={onReload}>
      <label class="sl-field">
        <span>Messages to keep (max)</span>
        <input type="number" min={0} step={1} value={max} placeholder={`1 to ${total}`} onInput={(e) => setMax((e.currentTarget as HTMLInputElement).value)} />
        <small class="sl-muted">Not a plain slice: nanobot keeps the most recent part that is legal to replay. 0 clears the session.</small>
      </label>
      <label class="sl-check">
        <input type="checkbox" checked={etu} onChange={(e) => setEtu((e.currentTarget as HTMLInputElement).checked)} />
        <span>extend_to_user</span>
        <small class="sl-muted">reach back to a user turn instead of cutting inside one</small>
      </label>
    </EditCard>
  );
}
