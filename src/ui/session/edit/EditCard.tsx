/**
 * One edit: its form, a preview of what it changes (summary and affected lines), a confirm step
 * before anything is destroyed, then the saved result or the conflict (with "reload from disk").
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { Confirm } from '../../parts/Confirm';
import { pg } from '../../i18n/text';
import type { PlanDiff } from '../../../store/save/edit-preview';
import { DiffView } from './DiffView';
import { Check } from '../parts/Check';
import type { Outcome } from './apply';
import type { SaveProgress } from '../../../store/save/atomic-save';
import { formatBytes } from '../../parts/format';
import { focusAdrift, focusElement } from '../../shell/focus';
import type { Planned } from './context';

export interface Plan {
  summary: string;
  notes?: ComponentChildren;
  diff?: PlanDiff;
  /** Set for destructive edits: the question the confirm step asks. */
  confirm?: string;
  /** Offer a backup of the current file in the confirm step (on by default), as a repair always writes. */
  offerBackup?: boolean;
  action: string;
  /** Carries the edit out; `backup`: the person kept the backup choice on; `ctl`: its progress and cancel (used by streamed saves). */
  run: (backup: boolean, ctl: RunControl) => Promise<Outcome>;
  /** A long save: show its progress and a Cancel button while it runs. */
  cancellable?: boolean;
}

/** What a running edit is handed: the cancel signal and where to tell its progress. */
export interface RunControl {
  signal: AbortSignal;
  progress: (p: SaveProgress) => void;
}

/** Why there is no plan; `conflict`: the file changed since it was read (the card offers to read it again). */
export interface PlanError {
  error: string;
  conflict?: boolean;
}

export interface EditCardProps {
  id: string;
  title: string;
  children?: ComponentChildren;
  plan: Plan | PlanError | null;
  /** Re-read the file after a conflict (absent in download mode). */
  onReload?: () => Promise<void>;
}

/** The result on show and the card it belongs to. */
export interface Shown {
  id: string;
  outcome: Outcome;
}

/**
 * The one result a set of cards shows (the Edit tab's): kept above the cards, so it outlives their
 * re-reading of a saved file, and replaced by the next result whichever card gives it.
 */
export const LastOutcome = createContext<{ shown: Shown | null; show: (s: Shown | null) => void } | null>(null);

/**
 * The card whose result takes focus once drawn: set when its save ends. A save re-reads the file and
 * draws every card anew, so the new card (the same id) takes it, as long as focus is nowhere else.
 */
let focusResultOf: string | null = null;

let running = 0;
/** While any save runs (its card shown or not), leaving the page asks first: a reload would cut it short. */
function askBeforeLeaving(e: BeforeUnloadEvent): void {
  if (running === 0) return;
  e.preventDefault();
  e.returnValue = '';
}

/** Counts a save as running until the returned function is called. */
function savesRunning(): () => void {
  if (running++ === 0) addEventListener('beforeunload', askBeforeLeaving);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--running === 0) removeEventListener('beforeunload', askBeforeLeaving);
  };
}

/** The preview → confirm → result cycle shared by every edit. */
export function EditCard({ id, title, children, plan, onReload }: EditCardProps) {
  const [phase, setPhase] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [own, setOwn] = useState<Outcome | null>(null);
  const slot = useContext(LastOutcome);
  const outcome = slot ? (slot.shown?.id === id ? slot.shown.outcome : null) : own;
  const setOutcome = (o: Outcome | null) => {
    if (!slot) setOwn(o);
    else slot.show(o ? { id, outcome: o } : null);
  };
  const [backup, setBackup] = useState(true);
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [stopping, setStopping] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const action = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const card = useRef<HTMLElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const key = plan && 'summary' in plan ? plan.summary : '';
  useEffect(() => setPhase((p) => (p === 'confirm' ? 'idle' : p)), [key]);
  useEffect(() => {
    if (phase !== 'idle' || !refocus.current) return;
    refocus.current = false;
    action.current?.focus(); // a cancelled confirm step gives focus back to the button that opened it
  }, [phase]);
  // A preview opened by a button that then goes away ("Preview fork", "Preview the repair"): focus moves on to what it opened.
  // Only a card the person was in: a plan that comes in on its own (planned as the tab opens) leaves focus where it is.
  const hadPlan = useRef(!!plan);
  const wasHere = useRef(false);
  useEffect(() => {
    const had = hadPlan.current;
    hadPlan.current = !!plan;
    if (had || !plan || !wasHere.current || !focusAdrift()) return;
    const next = card.current?.querySelector<HTMLElement>('.sl-preview button') ?? card.current?.querySelector<HTMLElement>('[role="alert"]');
    if (next) focusElement(next);
  }, [plan]);
  // A finished save's result takes the focus its button lost (the button is disabled while it runs, then gone or idle).
  useEffect(() => {
    if (focusResultOf !== id || !outcome || !result.current) return;
    if (focusAdrift() || card.current?.contains(document.activeElement)) result.current.focus();
  }, [outcome]);
  // A card that goes away mid-save (the person looks at another tab) lets its save finish: only Cancel stops it.
  const run = async (p: Plan) => {
    setPhase('busy');
    setOutcome(null);
    setProgress(null);
    setStopping(false);
    const ctl = new AbortController();
    abort.current = ctl;
    const done = savesRunning();
    focusResultOf = null;
    try {
      const o = await p.run(!!p.offerBackup && backup, { signal: ctl.signal, progress: setProgress });
      focusResultOf = id;
      setOutcome(o);
    } finally {
      done();
      abort.current = null;
      setPhase('idle');
      setProgress(null);
    }
  };
  const stop = () => {
    setStopping(true);
    abort.current?.abort();
  };
  const cancel = () => {
    refocus.current = true;
    setPhase('idle');
  };
  const t = pg().edit.card;
  return (
    <section
      class="sl-edit"
      aria-labelledby={`${id}-h`}
      ref={card}
      onFocusIn={() => void (wasHere.current = true)}
      // Focus that goes elsewhere (not lost with a button that went away) leaves the card.
      onFocusOut={(e) => void (e.relatedTarget && !card.current?.contains(e.relatedTarget as Node) && (wasHere.current = false))}
    >
      <h3 id={`${id}-h`}>{title}</h3>
      {children}
      {plan && 'error' in plan && <p class="sl-danger-text" role="alert">{plan.error}</p>}
      {plan && 'error' in plan && plan.conflict && onReload && <button type="button" onClick={() => void onReload()}>{pg().edit.card.reload}</button>}
      {plan && 'summary' in plan && (
        <div class="sl-preview" aria-label={t.preview}>
          <p><strong>{t.previewLead}</strong> {plan.summary}</p>
          {plan.notes}
          {plan.diff && <DiffView diff={plan.diff} />}
          {phase === 'confirm' ? (
            <Confirm class="sl-confirm" question={plan.confirm} questionClass="sl-warn-text" confirmLabel={t.confirm(plan.action)} confirmClass="sl-danger-btn" onConfirm={() => run(plan)} onCancel={cancel}>
              {plan.offerBackup && <Check checked={backup} onChange={setBackup} label={t.backup} />}
            </Confirm>
          ) : (
            <button type="button" ref={action} disabled={phase === 'busy'} onClick={() => (plan.confirm ? setPhase('confirm') : run(plan))}>
              {phase === 'busy' ? t.working : plan.action}
            </button>
          )}
          {phase === 'busy' && plan.cancellable && (
            <div class="sl-save-progress">
              <progress max={progress?.total || 1} value={progress?.done ?? 0} aria-label={t.progressLabel} />
              <span role="status">{stopping ? t.stopping : progress ? t.progress(progress.phase, formatBytes(progress.done), formatBytes(progress.total)) : t.starting}</span>
              <button type="button" class="btn subtle" disabled={stopping} onClick={stop}>
                {t.cancel}
              </button>
            </div>
          )}
        </div>
      )}
      {outcome && (
        <div ref={result} tabIndex={-1} class={`sl-outcome ${outcome.ok ? 'sl-ok-text' : outcome.cancelled ? 'sl-muted' : 'sl-danger-text'}`} role={outcome.ok || outcome.cancelled ? 'status' : 'alert'}>
          <p>{outcome.ok ? outcome.message : outcome.cancelled ? t.cancelled : outcome.conflict ? t.conflict : t.notSaved(outcome.message)}</p>
          {!outcome.ok && outcome.conflict && (
            <>
              <ul>{outcome.changes.map((c) => <li key={c}>{c}</li>)}</ul>
              <p class="sl-muted">{t.conflictNote}</p>
              {onReload && <button type="button" onClick={() => onReload().then(() => setOutcome(null))}>{t.reload}</button>}
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** "Planning the edit…" while a card's plan is made (over a big file's index it reads the file). */
export function Planning({ state }: { state: Planned }) {
  return state.step === 'planning' ? <p class="sl-muted" aria-busy="true">{pg().largeEdit.planning}</p> : null;
}
