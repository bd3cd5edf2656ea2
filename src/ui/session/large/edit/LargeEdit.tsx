/**
 * The Edit tab of large-file mode: the title, a trim to the last N messages and a repair, each
 * planned from the index (core/large-edit.ts) and shown as the normal Edit tab shows it (the same
 * summary, what goes, the confirm step) with the bytes copied and left out (a trim planned in a
 * worker), then saved as a stream (store/large-save.ts). Read-only, title and trim are offered as a download built from the same
 * pieces (a Blob of the file's own slices: nothing is read into the page). Adding a message,
 * last_consolidated, clear, remove a line and fork go through the file's SessionSource
 * (LargeSourceEdits.tsx), with the full view's fields.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { lastMetadataLine, planRepair, planTitle, type LargePlan, type LastMetadata, type Piece } from '../../../../core/edit/large-edit';
import type { LineIndex } from '../../../../core/index/line-index';
import { fileStem } from '../../../../core/listing/listing';
import type { NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import { NanobotSaveNote } from '../../edit/notes/NanobotSaveNote';
import { dictGet } from '../../../../core/python/pyvalue';
import { sessionTitle } from '../../../../core/listing/title';
import type { FileStat, StorageAdapter } from '../../../../store/adapter/adapter';
import { readProofOf, readRecords } from '../../../../store/large/large-client';
import { saveLargePlan, type LargeSaveResult } from '../../../../store/save/large-save';
import { tmpFor } from '../../../../store/save/sessions';
import { isStoreError } from '../../../../store/adapter/errors';
import { joinPath, splitParent } from '../../../../store/adapter/paths';
import { noteRunningSave } from '../../../workspace/save-notes';
import { planTrimOffThread } from '../../../../store/large/trim/large-trim-client';
import type { TrimAnswer } from '../../../../store/large/trim/large-trim';
import { keyForFile } from '../../../../store/listing/session-list';
import { pg } from '../../../i18n/text';
import { nowIso } from '../../../workspace/model';
import { failure, type Outcome } from '../../edit/apply';
import { EditCard, LastOutcome, type Plan, type RunControl, type Shown } from '../../edit/EditCard';
import { refusalText } from '../../edit/raised';
import { TrimFields, firstKept, roleOf } from '../../edit/TrimEdit';
import { DeleteCard } from '../../edit/DangerEdits';
import { deleteLarge } from '../../../../store/large/large-delete';
import { bytes, count } from '../../text';
import { LargeAppendCard, LargeClearCard, LargeConsolidatedCard, LargeForkCard, LargeRemoveLineCard, type SourceEditCtx } from './LargeSourceEdits';
import type { SourceOpener } from '../../../session-host';
import { errorText } from '../../../shell/status';

export interface LargeEditProps {
  file: Blob;
  index: LineIndex;
  /** Size and lastModified when the file was indexed (null: unknown, so nothing is saved). */
  stat: FileStat | null;
  path: string;
  fileName: string;
  version: NanobotVersion;
  /** Null when the folder is open read-only: edits become downloads. */
  adapter: StorageAdapter | null;
  /** Opens the file as the page's SessionSource (the edits other than title, trim and repair plan and save through it). */
  open: SourceOpener;
  /** A save went through: the view indexes the new file. */
  onSaved: (r: LargeSaveResult, message: string) => void;
  /** Index the file again (after a conflict). */
  onReload: () => void;
  /**
   * The one result the tab shows, held by the page: it outlives the tab's redrawing while a saved
   * file is indexed again, so the new card shows it and takes focus, as the full view's does.
   */
  outcome?: { shown: Shown | null; show: (s: Shown | null) => void };
  /** A fork was written (its path). */
  onForked?: (path: string) => void;
  /** The file was deleted: the page leaves it. */
  onDeleted?: (message: string) => void;
  now?: () => string;
}

type Ctx = LargeEditProps & { meta: LastMetadata; key: string; now: () => string };

/** Carries a plan out: a streamed save (its progress told, cancellable), or a download of the same pieces when read-only. */
async function commit(c: Ctx, pieces: Piece[], size: number | undefined, backup: boolean, run?: RunControl): Promise<Outcome> {
  if (!c.adapter || !c.stat) return downloadPieces(c, pieces);
  let forget: (() => void) | null = null;
  let keepNote = false;
  try {
    const tmpName = tmpFor(c.fileName, c.version);
    // A note a reload finds: the tmp left by a save cut short is then named as this app's own.
    forget = noteRunningSave(joinPath(splitParent(c.path)[0], tmpName));
    const proof = readProofOf(c.index, c.stat);
    const src = { path: c.path, fileName: c.fileName, version: c.version, file: c.file, stat: c.stat, index: c.index, ...(proof ? { proof } : {}) };
    const r = await saveLargePlan(c.adapter, src, pieces, {
      backup,
      tmpName,
      ...(size !== undefined ? { size } : {}),
      ...(run ? { signal: run.signal, onProgress: run.progress } : {}),
    });
    const message = pg().edit.saved(c.fileName, r.size, r.backup ?? null);
    c.onSaved(r, message);
    return { ok: true, message };
  } catch (e) {
    keepNote = isStoreError(e) && !!e.leftover; // a tmp the save could not remove is still its own
    return failure(e);
  } finally {
    if (!keepNote) forget?.();
  }
}

/** The edited file offered as a download: a Blob of the original's slices and the new lines. */
function downloadPieces(c: Ctx, pieces: Piece[]): Outcome {
  const parts = pieces.map((p) => ('bytes' in p ? (p.bytes as BlobPart) : 'from' in p ? c.file.slice(p.from, p.to) : new Blob()));
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/x-ndjson' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = c.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { ok: true, message: pg().edit.downloaded(c.fileName) };
}

/** "Copies … leaves out …" under a plan. */
function BytesNote({ plan }: { plan: LargePlan }) {
  return <p class="sl-muted">{pg().largeEdit.bytes(bytes(plan.copied), bytes(plan.left), bytes(plan.size))}</p>;
}

/** The Edit tab of large-file mode. */
export function LargeEdit(p: LargeEditProps) {
  const [meta, setMeta] = useState<LastMetadata | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setMeta(undefined);
    const line = lastMetadataLine(p.index);
    if (line < 0) setMeta(null);
    else void readRecords(p.file, p.index, [line]).then(([v]) => live && setMeta({ line, value: v ?? {} }));
    return () => void (live = false);
  }, [p.file, p.index]);
  const t = pg().largeEdit;
  if (meta === undefined) return <p class="sl-muted" aria-busy="true">{t.reading}</p>;
  const stored = meta ? dictGet(meta.value, 'key') : undefined;
  const c: Ctx = { ...p, meta, key: typeof stored === 'string' && stored ? stored : keyForFile(p.fileName, p.version), now: p.now ?? nowIso };
  const e = pg().edit;
  const { adapter, stat } = p;
  const sc: SourceEditCtx = { ...p, key: c.key, meta: meta ? meta.value : null, now: c.now };
  return (
    <section class="sl-edits sl-large-edits" aria-labelledby="sl-large-edit-h">
      <h2 id="sl-large-edit-h" class="sl-h">{e.heading}</h2>
      {/* Stopping nanobot first is the page's one notice (GatewayNote), not this tab's. */}
      {p.adapter ? (
        <p class="sl-muted">{t.intro}</p>
      ) : (
        <p class="sl-banner sl-info">{e.readOnly}</p>
      )}
      <NanobotSaveNote version={p.version} />
      {/* No element of its own: the cards stay children of the section, as before. */}
      <LastOutcome.Provider value={p.outcome ?? null}>
        <TitleCard c={c} />
        <LargeAppendCard c={sc} />
        <LargeConsolidatedCard c={sc} />
        <TrimCard c={c} />
        <LargeForkCard c={sc} onForked={p.onForked} />
        <LargeRemoveLineCard c={sc} />
        <RepairCard c={c} />
        <LargeClearCard c={sc} />
        <DeleteCard
          target={{ key: c.key, version: p.version, path: p.path, fileName: p.fileName, messages: p.index.messageCount }}
          remove={adapter && stat ? (backup) => deleteLarge(adapter, p.path, stat, readProofOf(p.index, stat), { backup }) : null}
          onDeleted={(message) => p.onDeleted?.(message)}
        />
      </LastOutcome.Provider>
    </section>
  );
}

function TitleCard({ c }: { c: Ctx }) {
  const current = sessionTitle(c.meta ? dictGet(c.meta.value, 'metadata') ?? {} : {});
  const [title, setT] = useState(current);
  const plan = useMemo((): Plan | { error: string } | null => {
    if (title === current) return null;
    const r = planTitle(c.index, c.meta, c.key, title, c.now());
    if ('error' in r) return { error: refusalText(r.error) };
    const t = pg().edit.title;
    return { summary: pg().edit.change(r.change), notes: <BytesNote plan={r} />, action: c.adapter ? t.save : t.download, run: (_b, ctl) => commit(c, r.pieces, r.size, false, ctl), cancellable: !!c.adapter };
  }, [title, current, c.index, c.meta, pg()]);
  const t = pg().edit.title;
  return (
    <EditCard id="sl-large-ed-title" title={t.title} plan={plan} onReload={async () => c.onReload()}>
      <label class="sl-field">
        <span>{t.label}</span>
        <input type="text" value={title} maxLength={200} onInput={(e) => setT((e.currentTarget as HTMLInputElement).value)} />
      </label>
    </EditCard>
  );
}

type TrimPlan = Extract<TrimAnswer, { pieces: unknown }>;
/** `kept`: the first message the trim keeps (0-based) and its role as the file holds it, read back by its line. */
type TrimState = { step: 'idle' } | { step: 'reading' } | { step: 'error'; error: string } | { step: 'nothing' } | { step: 'plan'; plan: TrimPlan; kept: { at: number; role: string | null } | null };

/** Typing settles for this long before the trim is planned (each plan walks every message's facts, in a worker). */
const TRIM_SETTLE_MS = 250;

function TrimCard({ c }: { c: Ctx }) {
  const total = c.index.messageCount;
  const [max, setMax] = useState('');
  const [etu, setEtu] = useState(false);
  const [state, setState] = useState<TrimState>({ step: 'idle' });
  useEffect(() => {
    if (!max.trim()) return setState({ step: 'idle' });
    if (!/^\s*-?\d+\s*$/.test(max)) return setState({ step: 'error', error: pg().edit.trim.notWhole });
    let live = true;
    setState({ step: 'reading' });
    const timer = setTimeout(() => {
      planTrimOffThread(c.file, c.index, c.key, Number(max), etu, c.now(), c.version).then(
        async (r) => {
          if (!live) return;
          if ('error' in r) return setState({ step: 'error', error: refusalText(r.error) });
          if ('nothing' in r) return setState({ step: 'nothing' });
          const at = firstKept(total, r.dropped);
          const [m] = at === null ? [null] : await readRecords(c.file, c.index, [c.index.messages[at]!]);
          if (live) setState({ step: 'plan', plan: r, kept: at === null ? null : { at, role: m ? roleOf(m) : null } });
        },
        (e: unknown) => live && setState({ step: 'error', error: errorText(e) }),
      );
    }, TRIM_SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [max, etu, c.index, c.meta, c.file]);
  const plan = useMemo((): Plan | { error: string } | null => {
    if (state.step === 'error') return { error: state.error };
    if (state.step !== 'plan') return null;
    const r = state.plan;
    const t = pg().edit.trim;
    const first = r.dropped[0]! + 1;
    const last = r.dropped[r.dropped.length - 1]! + 1;
    return {
      summary: pg().edit.change(r.change),
      notes: (
        <>
          <p>
            {t.goes(first, last, r.dropped.length)}
            {state.kept && <> {t.keptStart(state.kept.at + 1, state.kept.role)}</>}
          </p>
          {r.unarchived > 0 && <p class="sl-warn-text">{t.unarchived(r.unarchived)}</p>}
          <BytesNote plan={r} />
        </>
      ),
      confirm: t.confirm(r.dropped.length, r.unarchived),
      offerBackup: !!c.adapter,
      action: c.adapter ? t.save : t.download,
      run: (backup, ctl) => commit(c, r.pieces, r.size, backup, ctl),
      cancellable: !!c.adapter,
    };
  }, [state, pg()]);
  const t = pg().edit.trim;
  return (
    <EditCard id="sl-large-ed-trim" title={t.title} plan={plan} onReload={async () => c.onReload()}>
      <TrimFields max={max} setMax={setMax} etu={etu} setEtu={setEtu} total={total} />
      {state.step === 'reading' && <p class="sl-muted" aria-busy="true">{pg().largeEdit.trimReading}</p>}
    </EditCard>
  );
}

function RepairCard({ c }: { c: Ctx }) {
  const [asked, setAsked] = useState(false);
  const plan = useMemo((): Plan | { error: string } | null => {
    if (!asked) return null;
    if (!c.adapter) return { error: pg().largeEdit.repairReadOnly };
    const r = planRepair(c.index, c.meta, fileStem(c.fileName), c.now());
    if ('error' in r) return { error: refusalText(r.error) };
    const t = pg().edit.repair;
    return {
      summary: pg().edit.change(r.change),
      notes: (
        <>
          <p class="sl-muted">{pg().largeEdit.repairBytes(count(r.messages), bytes(r.copied), bytes(r.left))}</p>
          <p class="sl-muted">{t.backupNote}</p>
        </>
      ),
      confirm: t.confirm(r.removed),
      action: t.save,
      run: (_b, ctl) => commit(c, r.pieces, undefined, true, ctl),
      cancellable: true,
    };
  }, [asked, c.index, c.meta, pg()]);
  const t = pg().edit.repair;
  return (
    <EditCard id="sl-large-ed-repair" title={t.title} plan={plan} onReload={async () => c.onReload()}>
      <p class="sl-muted">{t.explain}</p>
      {!asked && <button type="button" onClick={() => setAsked(true)}>{t.preview}</button>}
    </EditCard>
  );
}
