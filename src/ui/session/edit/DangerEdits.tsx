/** The destructive edits: remove a corrupt line, clear, repair (with a backup) and delete. */
import { iso } from '../../parts/iso';
import { deleteTargets } from '../../../core/nanobot/delete';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { useMemo, useState } from 'preact/hooks';
import { clearMessages, removeLine, repairDocument } from '../../../core/edit/edits';
import { fileStem } from '../../../core/listing/listing';
import { deleteSession } from '../../../store/save/sessions';
import { cut, recordText } from '../text';
import { pg } from '../../i18n/text';
import { refusalText } from './raised';
import { failure } from './apply';
import { commitDocument, longSave, type EditCtx } from './context';
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
    const t = pg().edit.removeLine;
    return { summary: pg().edit.change(r.change), diff: documentDiff(ctx.opened.doc, r.doc), confirm: t.confirm(i + 1), action: ctx.adapter ? t.save : t.download, run: (_b, ctl) => commitDocument(ctx, r.doc, false, ctl), cancellable: longSave(ctx) };
  }, [line, ctx.opened, pg()]);
  if (!bad.length) return null;
  return (
    <EditCard id="sl-ed-rm" title={pg().edit.removeLine.title} plan={plan} onReload={onReload}>
      <RemoveLineFields line={line} setLine={setLine} lines={bad} textOf={(i) => recordText(ctx.opened.doc.records[i]!)} />
    </EditCard>
  );
}

/** The corrupt or blank lines (0-based) to pick from, each shown by its first characters: the same field at every size. */
export function RemoveLineFields(p: { line: string; setLine: (l: string) => void; lines: number[]; textOf: (i: number) => string }) {
  const t = pg().edit.removeLine;
  return (
    <label class="sl-field">
      <span>{t.label}</span>
      <select value={p.line} onChange={(e) => p.setLine((e.currentTarget as HTMLSelectElement).value)}>
        {p.lines.map((i) => <option key={i} value={String(i)}>{t.option(i + 1)}{cut(p.textOf(i), 60).text || t.blank}</option>)}
      </select>
    </label>
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
    const t = pg().edit.repair;
    return {
      summary: pg().edit.change(r.change),
      notes: <p class="sl-muted">{ctx.adapter ? t.backupNote : t.downloadNote}</p>,
      diff,
      confirm: t.confirm(r.removed ?? 0),
      action: ctx.adapter ? t.save : t.download,
      run: (_b, ctl) => commitDocument(ctx, r.doc, true, ctl),
      cancellable: longSave(ctx),
    };
  }, [ctx.opened, asked, pg()]);
  const t = pg().edit.repair;
  return (
    <EditCard id="sl-ed-repair" title={t.title} plan={!asked ? null : (plan ?? { error: t.nothing })} onReload={onReload}>
      <p class="sl-muted">{t.explain}</p>
      {!asked && <button type="button" onClick={() => setAsked(true)}>{t.preview}</button>}
    </EditCard>
  );
}

/** nanobot's clear(): no messages, last_consolidated 0, _last_summary dropped; corrupt lines stay. */
export function ClearEdit({ ctx, onReload }: Reload) {
  const [asked, setAsked] = useState(false);
  const plan = useMemo((): Plan | { error: string } | null => {
    if (!asked) return null;
    const r = clearMessages(ctx.opened.doc, ctx.opened.key, ctx.now());
    if (!r.ok) return { error: refusalText(r.error) };
    const n = ctx.opened.recovered.messages.length;
    if (n === 0) return null;
    const t = pg().edit.clear;
    return { summary: pg().edit.change(r.change), diff: documentDiff(ctx.opened.doc, r.doc), confirm: t.confirm(n), offerBackup: !!ctx.adapter, action: ctx.adapter ? t.save : t.download, run: (backup, ctl) => commitDocument(ctx, r.doc, backup, ctl), cancellable: longSave(ctx) };
  }, [ctx.opened, asked, pg()]);
  return (
    <EditCard id="sl-ed-clear" title={pg().edit.clear.title} plan={plan} onReload={onReload}>
      <ClearFields asked={asked} ask={() => setAsked(true)} />
    </EditCard>
  );
}

/** What a clear does and the button that previews it: the same at every size. */
export function ClearFields({ asked, ask }: { asked: boolean; ask: () => void }) {
  const t = pg().edit.clear;
  return (
    <>
      <p class="sl-muted">{t.explain}</p>
      {!asked && <button type="button" onClick={ask}>{t.preview}</button>}
    </>
  );
}

/** The file a delete removes, as the card names it (at every size). */
export interface DeleteTarget {
  key: string;
  version: NanobotVersion;
  path: string;
  fileName: string;
  messages: number;
}

/** What nanobot's own delete_session would remove besides this file, at the version in force. */
function DeleteNote({ target }: { target: DeleteTarget }) {
  const others = deleteTargets(target.key, target.version).filter((t) => !(t.where === 'sessions' && t.fileName === target.fileName));
  if (!others.length) return null;
  const t = pg().edit.remove;
  return (
    <p class="sl-muted">
      {t.alsoRemoves(rulesOf(target.version).label)}
      {others.map((t, i) => (
        <span key={t.where + t.fileName}>
          {i > 0 ? ', ' : ''}
          <code>{iso(t.where === 'legacy' ? `~/.nanobot/sessions/${t.fileName}` : t.fileName)}</code>
        </span>
      ))}
      {t.alsoRemovesEnd}
    </p>
  );
}

/**
 * Deletes the file (refused if it changed since it was read), at every size: `remove` is the store's
 * guarded delete (null when the folder is read-only); `onDeleted` is told the result's words.
 */
export function DeleteCard({ target, remove, onDeleted }: { target: DeleteTarget; remove: ((backup: boolean) => Promise<{ backup?: string }>) | null; onDeleted: (message: string) => void }) {
  const t = pg().edit.remove;
  const plan: Plan | { error: string } = remove
    ? {
        summary: t.summary(target.path),
        notes: <DeleteNote target={target} />,
        confirm: t.confirm(target.fileName, target.messages),
        offerBackup: true,
        action: t.save,
        run: async (backup) => {
          try {
            const done = await remove(backup);
            const message = t.deleted(target.path, done.backup ?? null);
            onDeleted(message);
            return { ok: true, message };
          } catch (e) {
            return failure(e);
          }
        },
      }
    : { error: t.needsWrite };
  return <EditCard id="sl-ed-del" title={t.title} plan={plan} />;
}

/** The full view's delete: the session held, deleted if it still hashes the same. */
export function DeleteEdit({ ctx }: { ctx: EditCtx }) {
  const o = ctx.opened;
  const adapter = ctx.adapter;
  const target = { key: o.key, version: o.version, path: o.path, fileName: o.fileName, messages: o.recovered.messages.length };
  return <DeleteCard target={target} remove={adapter && ((backup) => deleteSession(adapter, o, { backup }))} onDeleted={(message) => ctx.onChanged(null, message)} />;
}
