/** The destructive edits: remove a corrupt line, clear, repair (with a backup) and delete. */
import { iso } from '../../iso';
import { deleteTargets } from '../../../core/delete';
import { rulesOf } from '../../../core/nanobot-version';
import { useMemo, useState } from 'preact/hooks';
import { clearMessages, removeLine, repairDocument } from '../../../core/edits';
import { fileStem } from '../../../core/listing';
import { deleteSession } from '../../../store/sessions';
import { cut, plural, recordText } from '../text';
import { failure } from './apply';
import { commitDocument, type EditCtx } from './context';
import { documentDiff } from './diff';
import { EditCard, type Plan } from './EditCard';

type Reload = { ctx: EditCtx; onReload?: () => Promise<void> };

/** Removes one corrupt line, only on request (saves never drop them otherwise). */
export function RemoveLineEdit({ ctx, onReload }: Reload) {
  const bad = ctx.opened.doc.records.flatMap((r, i) => (r.kind === 'corrupt' || r.kind === 'blank' ? [i] : []));
  const [line, setLine] = useState(String(bad[0] ?? ''));
  const plan = useMemo((): Plan | null => {
    const i = Number(line);
    if (!bad.includes(i)) return null;
    const r = removeLine(ctx.opened.doc, i);
    if (!r.ok) return null;
    return { summary: r.summary, diff: documentDiff(ctx.opened.doc, r.doc), confirm: `Line ${i + 1} will be gone from the file.`, action: ctx.adapter ? 'Remove line' : 'Download without it', run: () => commitDocument(ctx, r.doc) };
  }, [line, ctx.opened]);
  if (!bad.length) return null;
  return (
    <EditCard id="sl-ed-rm" title="Remove a corrupt or blank line" plan={plan} onReload={onReload}>
      <label class="sl-field">
        <span>Line</span>
        <select value={line} onChange={(e) => setLine((e.currentTarget as HTMLSelectElement).value)}>
          {bad.map((i) => <option key={i} value={String(i)}>line {i + 1}: {cut(recordText(ctx.opened.doc.records[i]!), 60).text || '(blank)'}</option>)}
        </select>
      </label>
    </EditCard>
  );
}

/** Repair: the recovered session written the way nanobot writes files; the old bytes are backed up first. */
export function RepairEdit({ ctx, onReload }: Reload) {
  const [asked, setAsked] = useState(false);
  const plan = useMemo((): Plan | null => {
    if (!asked) return null;
    const r = repairDocument(ctx.opened.doc, fileStem(ctx.opened.fileName), ctx.now());
    if (!r.ok) return null;
    const diff = documentDiff(ctx.opened.doc, r.doc);
    if (!diff.length) return null;
    return {
      summary: r.summary,
      notes: ctx.adapter ? <p class="sl-muted">A backup of the current file is written first, beside it, under a name ending in .bak (nanobot never lists it).</p> : <p class="sl-muted">Downloads the repaired file; the original stays as it is.</p>,
      diff,
      confirm: `The file is rewritten${r.removed ? ` without ${plural(r.removed, 'corrupt or blank line')}` : ''}.`,
      action: ctx.adapter ? 'Repair (backup first)' : 'Download repaired file',
      run: () => commitDocument(ctx, r.doc, true),
    };
  }, [ctx.opened, asked]);
  return (
    <EditCard id="sl-ed-repair" title="Repair" plan={!asked ? null : (plan ?? { error: 'Nothing to repair: the file is already written as nanobot writes it.' })} onReload={onReload}>
      <p class="sl-muted">Rewrites the file as nanobot writes it: one metadata record, then one line per readable message; unreadable lines are left out (and kept in a backup).</p>
      {!asked && <button type="button" onClick={() => setAsked(true)}>Preview repair</button>}
    </EditCard>
  );
}

/** nanobot's clear(): no messages, last_consolidated 0, _last_summary dropped; corrupt lines stay. */
export function ClearEdit({ ctx, onReload }: Reload) {
  const [asked, setAsked] = useState(false);
  const plan = useMemo((): Plan | { error: string } | null => {
    if (!asked) return null;
    const r = clearMessages(ctx.opened.doc, ctx.opened.key, ctx.now());
    if (!r.ok) return { error: r.error };
    const n = ctx.opened.recovered.messages.length;
    if (n === 0) return null;
    return { summary: r.summary, diff: documentDiff(ctx.opened.doc, r.doc), confirm: `All ${plural(n, 'message')} will be removed from the file.`, offerBackup: !!ctx.adapter, action: ctx.adapter ? 'Clear' : 'Download cleared file', run: (backup) => commitDocument(ctx, r.doc, backup) };
  }, [ctx.opened, asked]);
  return (
    <EditCard id="sl-ed-clear" title="Clear all messages" plan={plan} onReload={onReload}>
      <p class="sl-muted">nanobot’s clear(): every message goes, last_consolidated becomes 0, the memory summary (_last_summary) is forgotten; corrupt lines stay.</p>
      {!asked && <button type="button" onClick={() => setAsked(true)}>Preview clear</button>}
    </EditCard>
  );
}

/** What nanobot's own delete_session would remove besides this file, at the version in force. */
function DeleteNote({ ctx }: { ctx: EditCtx }) {
  const others = deleteTargets(ctx.opened.key, ctx.opened.version).filter((t) => !(t.where === 'sessions' && t.fileName === ctx.opened.fileName));
  if (!others.length) return null;
  return (
    <p class="sl-muted">
      {rulesOf(ctx.opened.version).label}’s own delete_session would also remove{' '}
      {others.map((t, i) => (
        <span key={t.where + t.fileName}>
          {i > 0 ? ', ' : ''}
          <code>{iso(t.where === 'legacy' ? `~/.nanobot/sessions/${t.fileName}` : t.fileName)}</code>
        </span>
      ))}
      {' '}where they exist; Session Lens removes only this file.
    </p>
  );
}

/** Deletes the file (refused if it changed since it was read). */
export function DeleteEdit({ ctx }: { ctx: EditCtx }) {
  const adapter = ctx.adapter;
  const plan: Plan | { error: string } = adapter
    ? {
        summary: `Deletes ${ctx.opened.path}. nanobot then starts this session empty the next time it is used.`,
        notes: <DeleteNote ctx={ctx} />,
        confirm: `${ctx.opened.fileName} and its ${plural(ctx.opened.recovered.messages.length, 'message')} will be deleted. Without a backup this cannot be undone.`,
        offerBackup: true,
        action: 'Delete file',
        run: async (backup) => {
          try {
            const done = await deleteSession(adapter, ctx.opened, { backup });
            const message = `Deleted ${ctx.opened.path}.${done.backup ? ` Its last version was backed up to ${done.backup}.` : ''}`;
            ctx.onChanged(null, message);
            return { ok: true, message };
          } catch (e) {
            return failure(e);
          }
        },
      }
    : { error: 'Deleting needs write access to the folder (this session was opened read-only).' };
  return <EditCard id="sl-ed-del" title="Delete the session file" plan={plan} />;
}
