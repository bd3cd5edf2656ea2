/** The destructive edits: remove a corrupt line, clear, repair (with a backup) and delete. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { iso } from '../../parts/iso';
import { deleteTargets } from '../../../core/nanobot/delete';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { decodeLossy } from '../../../core/python/lines';
import { cut } from '../text';
import { pg } from '../../i18n/text';
import { failure } from './apply';
import { previewOf, usePlanned, type EditCtx } from './context';
import { EditCard, Planning, type Plan } from './EditCard';

/** Of the lines a person may remove, this many are offered (each read back by its first bytes). */
const OFFERED = 200;

/** Removes one corrupt or blank line, only on request (saves never drop them otherwise). */
export function RemoveLineEdit({ ctx }: { ctx: EditCtx }) {
  const bad = useMemo(() => ctx.facts.bad.slice(0, OFFERED), [ctx.facts]);
  const [texts, setTexts] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    if (bad.length) void ctx.source.lineHeads(bad, 120).then((h) => live && setTexts(h.map((b) => decodeLossy(b))));
    return () => void (live = false);
  }, [bad, ctx.source]);
  const [line, setLine] = useState(String(bad[0] ?? ''));
  const i = Number(line);
  const state = usePlanned(ctx, line !== '' && bad.includes(i) ? { kind: 'remove-line', line: i } : null, 0);
  const t = pg().edit.removeLine;
  const plan = useMemo(() => previewOf(ctx, state, t, () => ({ confirm: t.confirm(i + 1) })), [state, pg()]);
  if (!bad.length) return null;
  return (
    <EditCard id="sl-ed-rm" title={t.title} plan={plan} onReload={ctx.onReload}>
      <label class="sl-field">
        <span>{t.label}</span>
        <select value={line} onChange={(e) => setLine((e.currentTarget as HTMLSelectElement).value)}>
          {bad.map((l, k) => <option key={l} value={String(l)}>{t.option(l + 1)}{cut(texts[k] ?? '', 60).text || t.blank}</option>)}
        </select>
      </label>
      <Planning state={state} />
    </EditCard>
  );
}

/** Repair: the recovered session written the way nanobot writes files; the old bytes are backed up first. */
export function RepairEdit({ ctx }: { ctx: EditCtx }) {
  const [asked, setAsked] = useState(false);
  const state = usePlanned(ctx, asked ? { kind: 'repair' } : null, 0);
  const t = pg().edit.repair;
  const plan = useMemo(() => {
    const p = previewOf(ctx, state, t, (r) => ({
      notes: <p class="sl-muted">{ctx.adapter ? t.backupNote : t.downloadNote}</p>,
      confirm: t.confirm(r.change.code === 'repair' ? r.change.removed : 0),
    }));
    // A file already as nanobot writes it: nothing to repair.
    const d = state.step === 'plan' ? state.plan.diff : null;
    return d && (!p || d.removed + d.added + d.changed === 0) ? { error: t.nothing } : p;
  }, [state, pg()]);
  return (
    <EditCard id="sl-ed-repair" title={t.title} plan={plan} onReload={ctx.onReload}>
      <p class="sl-muted">{t.explain}</p>
      {!asked && <button type="button" onClick={() => setAsked(true)}>{t.preview}</button>}
      <Planning state={state} />
    </EditCard>
  );
}

/** nanobot's clear(): no messages, last_consolidated 0, _last_summary dropped; corrupt lines stay. */
export function ClearEdit({ ctx }: { ctx: EditCtx }) {
  const [asked, setAsked] = useState(false);
  const n = ctx.facts.total;
  const state = usePlanned(ctx, asked && n > 0 ? { kind: 'clear' } : null, 0);
  const t = pg().edit.clear;
  const plan = useMemo(() => previewOf(ctx, state, t, () => ({ confirm: t.confirm(n), offerBackup: !!ctx.adapter })), [state, pg()]);
  return (
    <EditCard id="sl-ed-clear" title={t.title} plan={plan} onReload={ctx.onReload}>
      <p class="sl-muted">{t.explain}</p>
      {!asked && <button type="button" onClick={() => setAsked(true)}>{t.preview}</button>}
      <Planning state={state} />
    </EditCard>
  );
}

/** The file a delete removes, as the card names it. */
interface DeleteTarget {
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

/** Deletes the file through the source (refused if it changed since it was read); read-only, the card says it needs write access. */
export function DeleteEdit({ ctx }: { ctx: EditCtx }) {
  const { stat } = ctx.source;
  const target: DeleteTarget = { key: ctx.facts.key, version: stat.version, path: stat.path, fileName: stat.fileName, messages: ctx.facts.total };
  const t = pg().edit.remove;
  const plan: Plan | { error: string } = ctx.adapter
    ? {
        summary: t.summary(target.path),
        notes: <DeleteNote target={target} />,
        confirm: t.confirm(target.fileName, target.messages),
        offerBackup: true,
        action: t.save,
        run: async (backup) => {
          try {
            const done = await ctx.source.remove({ backup });
            const message = t.deleted(target.path, done.backup);
            ctx.onDeleted(message);
            return { ok: true, message };
          } catch (e) {
            return failure(e);
          }
        },
      }
    : { error: t.needsWrite };
  return <EditCard id="sl-ed-del" title={t.title} plan={plan} />;
}
