/**
 * What every edit card needs, at every size: the session's source (which plans and saves every
 * edit: store/source), the folder with write access (or null: edits are downloads), the clock, the
 * page's callbacks, and the facts the forms start from, read once from the source.
 */
import { useEffect, useState } from 'preact/hooks';
import type { StorageAdapter } from '../../../store/adapter/adapter';
import { ROLE } from '../../../core/index/fact-codes';
import { removable } from '../../../store/save/edit-preview';
import type { SessionSource, SourceEdit, SourcePlan } from '../../../store/source/session-source';
import { isStoreError } from '../../../store/adapter/errors';
import { dictGet } from '../../../core/python/pyvalue';
import { errorText } from '../../shell/status';
import { pg } from '../../i18n/text';
import { failure, notedSave, type Outcome } from './apply';
import { downloadBlob } from '../export/download';
import type { Plan, PlanError, RunControl } from './EditCard';
import { keyForFile } from '../../../core/nanobot/keys';

export interface EditCtx {
  source: SessionSource;
  /** The folder with write access; null when read-only (every edit is then a download). */
  adapter: StorageAdapter | null;
  now: () => string;
  /** A save went through (or the file is to be read again after a conflict): the page opens the file again. */
  onSaved: (message: string) => void;
  onForked: (path: string) => void;
  /** The file was deleted: the page leaves it. */
  onDeleted: (message: string) => void;
  /** Reads the file again after a conflict (absent when read-only). */
  onReload?: () => Promise<void>;
  facts: EditFacts;
}

/** What the forms start from: the key nanobot loads the file under, its title and boundary, its messages, lines a person may remove, user turns. */
export interface EditFacts {
  key: string;
  title: string;
  /** The stored last_consolidated (0 where the record holds no whole number). */
  boundary: number;
  /** Messages in the recovered lens. */
  total: number;
  /** Corrupt and blank lines (0-based). */
  bad: number[];
  /** The messages (0-based) that are user turns. */
  users: number[];
}

/**
 * The facts read from `source`, with the source they were read from: while a new source (the file
 * opened again) is read, the last ones stay, so the cards stay drawn until they can be drawn anew.
 * Undefined before the first; an error's words if reading fails.
 */
export function useEditFacts(source: SessionSource): { source: SessionSource; facts: EditFacts } | string | undefined {
  const [read, setRead] = useState<{ source: SessionSource; facts: EditFacts } | string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void Promise.all([source.meta(), source.lineIndex()]).then(
      ([meta, ix]) => {
        if (!live) return;
        const bad: number[] = [];
        for (let l = 0; l < ix.count; l++) if (removable(ix, l)) bad.push(l);
        const users: number[] = [];
        for (let m = 0; m < ix.messageCount; m++) if (ix.role[ix.messages[m]!] === ROLE.user) users.push(m);
        const v = meta ? dictGet(meta.value, 'last_consolidated') : undefined;
        const boundary = typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'bigint' ? Number(v) : 0;
        setRead({ source, facts: { key: meta?.key ?? keyForFile(source.stat.fileName, source.stat.version), title: meta?.title ?? '', boundary, total: ix.messageCount, bad, users } });
      },
      (e: unknown) => live && setRead(errorText(e)),
    );
    return () => void (live = false);
  }, [source]);
  return read;
}

/** Saves a plan through the source (its progress told, cancellable), or offers its file as a download when read-only. */
async function commit(ctx: EditCtx, plan: SourcePlan, run: RunControl, backup = plan.backup): Promise<Outcome> {
  const { source } = ctx;
  const { fileName, path, version } = source.stat;
  if (!ctx.adapter) {
    try {
      const blob = await source.editBlob(plan);
      if (!blob) return { ok: false, conflict: false, message: pg().largeEdit.repairReadOnly, changes: [] };
      downloadBlob(blob, fileName);
      return { ok: true, message: pg().edit.downloaded(fileName) };
    } catch (e) {
      return failure(e);
    }
  }
  return notedSave(path, fileName, version, async (tmpName) => {
    const saved = await source.save(plan, { signal: run.signal, onProgress: run.progress, backup, tmpName });
    const message = pg().edit.saved(fileName, saved.bytes, saved.backup);
    ctx.onSaved(message);
    return { ok: true, message };
  });
}

/** Typing settles for this long before an edit is planned (a plan over a big file's index reads the file). */
export const SETTLE_MS = 200;

/** A plan being made, refused (`conflict`: the file changed since it was read; the card offers to read it again), or made. */
export type Planned = { step: 'idle' } | { step: 'planning' } | { step: 'error'; error: string; conflict?: boolean } | { step: 'plan'; plan: SourcePlan };

/** Plans `edit` (null: nothing asked) through the source once its fields settle; a refusal or a failure is the card's error. */
export function usePlanned(ctx: EditCtx, edit: SourceEdit | null, settle = SETTLE_MS): Planned {
  const [state, setState] = useState<Planned>({ step: 'idle' });
  const asked = edit ? JSON.stringify(edit) : '';
  useEffect(() => {
    if (!edit) return setState({ step: 'idle' });
    let live = true;
    setState({ step: 'planning' });
    const timer = setTimeout(() => {
      ctx.source.plan(edit, ctx.now()).then(
        (plan) => live && setState('error' in plan ? { step: 'error', error: pg().edit.refusal(plan.error) } : { step: 'plan', plan }),
        (e: unknown) => live && setState({ step: 'error', error: errorText(e), ...(isStoreError(e, 'conflict') ? { conflict: true } : {}) }),
      );
    }, settle);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asked, ctx.source]);
  return state;
}

/** The card's preview of a planned edit: its change and lines, `more` (notes, confirm), and `t.save` (read-only `t.download`) as the action; nothing while there is nothing to write. */
export function previewOf(ctx: EditCtx, state: Planned, t: { save: string; download: string }, more: (plan: SourcePlan) => Omit<Plan, 'summary' | 'run' | 'action'> = () => ({})): Plan | PlanError | null {
  if (state.step === 'error') return { error: state.error, ...(state.conflict ? { conflict: true } : {}) };
  if (state.step !== 'plan' || !state.plan.writes) return null;
  const { plan } = state;
  // A refusal nanobot's save gives is said when the write is asked, as nanobot raises only then.
  return { summary: pg().edit.change(plan.change), diff: plan.diff, ...more(plan), action: ctx.adapter ? t.save : t.download, cancellable: !!ctx.adapter, run: (backup, ctl) => commit(ctx, plan, ctl, plan.backup || backup) };
}
