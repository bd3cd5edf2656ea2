/**
 * The edits large-file mode plans and saves through the file's SessionSource (store/source): add a
 * message, last_consolidated, clear, remove a line and fork, each with the full view's fields
 * (edit/*Fields) and the same preview → confirm → result card. The source is opened over the page's
 * adapter and path; a file that is no longer the one the page indexed is refused as a conflict, and
 * the source's own save refuses one changed since it was opened. After a save the page indexes the
 * new file (`onSaved`).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { forkHead } from '../../../../core/edit/fork';
import { KIND, ROLE } from '../../../../core/index/fact-codes';
import type { LineIndex } from '../../../../core/index/line-index';
import { messagePreview } from '../../../../core/listing/preview';
import { rulesOf, type NanobotVersion } from '../../../../core/nanobot/nanobot-version';
import { dictGet, dictKeys, isDict, type PyDict } from '../../../../core/python/pyvalue';
import type { FileStat, StorageAdapter } from '../../../../store/adapter/adapter';
import { readRecords } from '../../../../store/large/large-client';
import type { LargeSaveResult } from '../../../../store/save/large-save';
import type { SessionSource, SourceEdit, SourcePlan } from '../../../../store/source/session-source';
import { changedWhileRead } from '../../../../store/source/source-adapter';
import { pg } from '../../../i18n/text';
import { iso } from '../../../parts/iso';
import { errorText } from '../../../shell/status';
import { failure, type Outcome } from '../../edit/apply';
import { AppendFields } from '../../edit/AppendEdit';
import { ClearFields, RemoveLineFields } from '../../edit/DangerEdits';
import { EditCard, type Plan, type RunControl } from '../../edit/EditCard';
import { ForkFields, ForkOrWhyNot, forkKeyProblem, turnPicked } from '../../edit/ForkEdit';
import { ConsolidatedFields } from '../../edit/MetaEdits';
import type { SourceOpener } from '../../../session-host';
import { refusalText } from '../../edit/raised';

/** What the cards need of the page: the file as indexed, where it is, and what to tell after a save. */
export interface SourceEditCtx {
  file: Blob;
  index: LineIndex;
  stat: FileStat | null;
  path: string;
  fileName: string;
  version: NanobotVersion;
  adapter: StorageAdapter | null;
  /** The key nanobot loads the session under, and the last metadata record's value (null: none). */
  key: string;
  meta: PyDict | null;
  now: () => string;
  /** Opens the file as the page's source, under the page's line (the store's `openSource`, with the app's pick). */
  open: SourceOpener;
  onSaved: (r: LargeSaveResult, message: string) => void;
  onReload: () => void;
}

/** Typing settles for this long before an edit is planned (a plan over the index reads the file). */
const SETTLE_MS = 250;

/** The page's file as a source, refused ('conflict') when it is no longer the file the page indexed. */
async function sourceOf(c: SourceEditCtx): Promise<SessionSource> {
  const s = await c.open(c.key);
  if (!c.stat || s.stat.size !== c.stat.size || s.stat.lastModified !== c.stat.lastModified) throw changedWhileRead(c.path);
  return s;
}

/** Saves a plan through its source (its progress told, cancellable between slices) and has the page index the new file. */
async function saveThrough(c: SourceEditCtx, s: SessionSource, plan: SourcePlan, run: RunControl): Promise<Outcome> {
  try {
    const saved = await s.save(plan, { signal: run.signal, onProgress: run.progress });
    const stat = await c.adapter!.stat(c.path);
    const message = pg().edit.saved(c.fileName, saved.bytes, saved.backup);
    c.onSaved({ stat, size: saved.bytes, ...(saved.backup ? { backup: saved.backup } : {}) }, message);
    return { ok: true, message };
  } catch (e) {
    return failure(e);
  }
}

type Planned = { step: 'idle' } | { step: 'planning' } | { step: 'error'; error: string } | { step: 'plan'; plan: SourcePlan; source: SessionSource };

/** Plans `edit` (null: nothing asked) through the source once its fields settle; a refusal or a failure is the card's error. */
function usePlanned(c: SourceEditCtx, edit: SourceEdit | null, settle: number): Planned {
  const [state, setState] = useState<Planned>({ step: 'idle' });
  const asked = edit ? JSON.stringify(edit) : '';
  useEffect(() => {
    if (!edit) return setState({ step: 'idle' });
    if (!c.adapter) return setState({ step: 'error', error: pg().largeEdit.needsWrite });
    let live = true;
    setState({ step: 'planning' });
    const timer = setTimeout(() => {
      sourceOf(c)
        .then(async (source) => ({ source, plan: await source.plan(edit) }))
        .then(
          ({ source, plan }) => live && setState('error' in plan ? { step: 'error', error: refusalText(plan.error) } : plan.refusal ? { step: 'error', error: refusalText(plan.refusal) } : { step: 'plan', plan, source }),
          (e: unknown) => live && setState({ step: 'error', error: errorText(e) }),
        );
    }, settle);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asked, c.index, c.file]);
  return state;
}

/** The card's preview from a planned edit: the change, then `more` (notes, confirm, action) for this edit. */
function previewOf(c: SourceEditCtx, state: Planned, more: (plan: SourcePlan) => Omit<Plan, 'summary' | 'run'>): Plan | { error: string } | null {
  if (state.step === 'error') return { error: state.error };
  if (state.step !== 'plan' || !state.plan.writes) return null;
  const { plan, source } = state;
  return { summary: pg().edit.change(plan.change), ...more(plan), cancellable: true, run: (_backup, ctl) => saveThrough(c, source, plan, ctl) };
}

/** "Planning the edit over the index…" while a plan is made. */
const Planning = ({ state }: { state: Planned }) => (state.step === 'planning' ? <p class="sl-muted" aria-busy="true">{pg().largeEdit.planning}</p> : null);

/** Adds a message at the end, as nanobot's add_message does. */
export function LargeAppendCard({ c }: { c: SourceEditCtx }) {
  const [role, setRole] = useState('user');
  const [content, setContent] = useState('');
  const state = usePlanned(c, content ? { kind: 'append', role, content } : null, SETTLE_MS);
  const t = pg().edit.append;
  const plan = useMemo(() => previewOf(c, state, () => ({ action: t.save })), [state, pg()]);
  return (
    <EditCard id="sl-large-ed-add" title={t.title} plan={plan} onReload={async () => c.onReload()}>
      <AppendFields role={role} setRole={setRole} content={content} setContent={setContent} />
      <Planning state={state} />
    </EditCard>
  );
}

/** The last_consolidated the metadata record holds (nanobot's default 0 where it holds none that is a whole number). */
function storedBoundary(meta: PyDict | null): number {
  const v = meta ? dictGet(meta, 'last_consolidated') : undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'bigint' ? Number(v) : 0;
}

/** Moves the consolidation boundary. */
export function LargeConsolidatedCard({ c }: { c: SourceEditCtx }) {
  const current = storedBoundary(c.meta);
  const total = c.index.messageCount;
  const [text, setText] = useState(String(current));
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  const state = usePlanned(c, text.trim() === String(current) ? null : { kind: 'last-consolidated', upTo: n }, SETTLE_MS);
  const t = pg().edit.consolidated;
  const plan = useMemo(() => previewOf(c, state, () => ({ notes: <p class="sl-muted">{t.note(n, total - n)}</p>, action: t.save })), [state, pg()]);
  return (
    <EditCard id="sl-large-ed-lc" title="last_consolidated" plan={plan} onReload={async () => c.onReload()}>
      <ConsolidatedFields text={text} setText={setText} current={current} total={total} />
      <Planning state={state} />
    </EditCard>
  );
}

/** nanobot's clear(): no messages, last_consolidated 0; corrupt lines stay. */
export function LargeClearCard({ c }: { c: SourceEditCtx }) {
  const [asked, setAsked] = useState(false);
  const state = usePlanned(c, asked ? { kind: 'clear' } : null, 0);
  const t = pg().edit.clear;
  const plan = useMemo(() => (c.index.messageCount === 0 ? null : previewOf(c, state, () => ({ confirm: t.confirm(c.index.messageCount), action: t.save }))), [state, pg()]);
  return (
    <EditCard id="sl-large-ed-clear" title={t.title} plan={plan} onReload={async () => c.onReload()}>
      <ClearFields asked={asked} ask={() => setAsked(true)} />
      <Planning state={state} />
    </EditCard>
  );
}

/** The corrupt and blank lines of the index (0-based), the ones a person may remove. */
function badLines(ix: LineIndex): number[] {
  const out: number[] = [];
  for (let i = 0; i < ix.count; i++) if (ix.kind[i] === KIND.corrupt || ix.kind[i] === KIND.blank) out.push(i);
  return out;
}

/** The text of some lines, read back from the file by their ranges. */
function useLineTexts(file: Blob, ix: LineIndex, lines: number[]): Map<number, string> {
  const [texts, setTexts] = useState(new Map<number, string>());
  useEffect(() => {
    let live = true;
    void Promise.all(lines.slice(0, 200).map(async (i) => [i, await file.slice(ix.start[i]!, ix.start[i]! + ix.length[i]!).text()] as const)).then((r) => live && setTexts(new Map(r)));
    return () => void (live = false);
  }, [file, ix]);
  return texts;
}

/** Removes one corrupt or blank line, only on request. */
export function LargeRemoveLineCard({ c }: { c: SourceEditCtx }) {
  const bad = useMemo(() => badLines(c.index), [c.index]);
  const texts = useLineTexts(c.file, c.index, bad);
  const [line, setLine] = useState(String(bad[0] ?? ''));
  const i = Number(line);
  const state = usePlanned(c, line !== '' && bad.includes(i) ? { kind: 'remove-line', line: i } : null, 0);
  const t = pg().edit.removeLine;
  const plan = useMemo(() => previewOf(c, state, () => ({ confirm: t.confirm(i + 1), action: t.save })), [state, pg()]);
  if (!bad.length) return null;
  return (
    <EditCard id="sl-large-ed-rm" title={t.title} plan={plan} onReload={async () => c.onReload()}>
      <RemoveLineFields line={line} setLine={setLine} lines={bad} textOf={(n) => texts.get(n) ?? ''} />
      <Planning state={state} />
    </EditCard>
  );
}

/** The user turns' message numbers (0-based among the messages), from the index's roles. */
function userTurns(ix: LineIndex): number[] {
  const out: number[] = [];
  for (let m = 0; m < ix.messageCount; m++) if (ix.role[ix.messages[m]!] === ROLE.user) out.push(m);
  return out;
}

type ForkState = { step: 'idle' } | { step: 'planning' } | { step: 'error'; error: string } | { step: 'plan'; at: number; key: string; name: string; messages: number; lastConsolidated: number; dropped: string[] };

/** Forks before a user turn into a new file, planned and written over the index; not offered where nanobot has no fork. */
export function LargeForkCard({ c, onForked }: { c: SourceEditCtx; onForked?: (path: string) => void }) {
  return (
    <ForkOrWhyNot version={c.version}>
      <ForkCard c={c} onForked={onForked} />
    </ForkOrWhyNot>
  );
}

function ForkCard({ c, onForked }: { c: SourceEditCtx; onForked?: (path: string) => void }) {
  const users = useMemo(() => userTurns(c.index), [c.index]);
  const [turn, setTurn] = useState(String(Math.max(1, users.length)));
  const [key, setKey] = useState(`${c.key}-fork`);
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<ForkState>({ step: 'idle' });
  const chosen = users[Number(turn) - 1];
  const [chosenText, setChosenText] = useState('');
  useEffect(() => {
    let live = true;
    setChosenText('');
    if (chosen !== undefined) void readRecords(c.file, c.index, [c.index.messages[chosen]!], c.version).then(([v]) => live && setChosenText(v ? messagePreview(v, c.version) : ''));
    return () => void (live = false);
  }, [chosen, c.index]);
  useEffect(() => {
    if (!touched) return setState({ step: 'idle' });
    const named = forkKeyProblem(key, c.key, c.version);
    if ('error' in named) return setState({ step: 'error', error: named.error });
    if (!turnPicked(turn, users.length)) return setState({ step: 'error', error: pg().edit.fork.pickTurn(users.length + 1) });
    if (!c.adapter) return setState({ step: 'error', error: pg().largeEdit.needsWrite });
    const at = Number(turn) - 1;
    let live = true;
    setState({ step: 'planning' });
    const timer = setTimeout(() => {
      (async () => {
        const s = await sourceOf(c);
        const f = await s.planFork(at, key);
        const head = (await s.load()).result;
        const made = head ? forkHead(head, key, f.messages, c.now(), c.version) : null;
        const dropped = head && isDict(head.metadata) ? dictKeys(head.metadata).filter((k) => rulesOf(c.version).forkDroppedKeys.includes(k)) : [];
        return { step: 'plan', at, key, name: f.fileName, messages: f.messages, lastConsolidated: made && !('error' in made) ? made.lastConsolidated : 0, dropped } as const;
      })().then(
        (p) => live && setState(p),
        (e: unknown) => live && setState({ step: 'error', error: errorText(e) }),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [turn, key, touched, c.index]);
  const t = pg().edit.fork;
  const plan = useMemo((): Plan | { error: string } | null => {
    if (!users.length) return { error: t.noTurn };
    if (state.step === 'error') return { error: state.error };
    if (state.step !== 'plan') return null;
    const p = state;
    return {
      summary: t.summary(p.name, p.messages, p.at + 1, p.lastConsolidated),
      notes: p.dropped.length > 0 && <p class="sl-muted">{t.notCarried}{p.dropped.join(', ')}.</p>,
      action: t.save,
      run: async () => {
        try {
          const s = await sourceOf(c);
          const { path } = await s.writeFork(p.at, p.key);
          onForked?.(path);
          return { ok: true, message: t.wrote(path, !!c.adapter!.fsyncs) };
        } catch (e) {
          return failure(e);
        }
      },
    };
  }, [state, users, pg()]);
  const turnNote = chosen !== undefined ? <>{t.turnIs(turn, chosen + 1)}“{iso(chosenText.slice(0, 80) || t.noText)}”</> : Number(turn) === users.length + 1 ? t.afterLast : '';
  return (
    <EditCard id="sl-large-ed-fork" title={t.title} plan={plan}>
      <ForkFields turn={turn} setTurn={setTurn} keyText={key} setKey={setKey} users={users.length} version={c.version} turnNote={turnNote} touched={touched} touch={() => setTouched(true)} />
      {state.step === 'planning' && <p class="sl-muted" aria-busy="true">{pg().largeEdit.planning}</p>}
    </EditCard>
  );
}
