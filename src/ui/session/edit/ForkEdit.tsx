/** Forks the session before a chosen user turn into a new file (nanobot's fork_session_before_user_index). */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { messagePreview } from '../../../core/listing/preview';
import { nameProblem } from '../../../store/adapter/names';
import type { SourceFork } from '../../../store/source/session-source';
import { errorText } from '../../shell/status';
import { er, pg } from '../../i18n/text';
import { failure } from './apply';
import { downloadBlob } from '../export/download';
import { SETTLE_MS, type EditCtx } from './context';
import { EditCard, type Plan } from './EditCard';
import { iso } from '../../parts/iso';
import { useAnswer } from '../parts/answer';
import { sessionFileName, sessionFileNameOrNull } from '../../../core/nanobot/keys';

/**
 * The fork card where the version has nanobot's fork, else the card saying why there is none (its
 * `fork` row: 0.2.0 and 0.2.1 have no fork_session_before_user_index).
 */
export function ForkOrWhyNot({ version, children }: { version: NanobotVersion; children: ComponentChildren }) {
  const rules = rulesOf(version);
  if (rules.fork) return <>{children}</>;
  return <EditCard id="sl-ed-fork" title={pg().edit.fork.title} plan={{ error: pg().edit.fork.noFork(rules.label) }} />;
}

/** Why a new key cannot be the fork's (its words), else null and the file it names. */
function forkKeyProblem(key: string, ownKey: string, version: NanobotVersion): { error: string } | { name: string } {
  const t = pg().edit;
  if (!key.trim()) return { error: t.fork.needKey };
  if (key === ownKey) return { error: t.fork.ownKey };
  let name: string;
  try {
    name = sessionFileName(key, version);
  } catch (e) {
    return { error: t.fork.keyCannot(e instanceof Error ? e.message : String(e)) };
  }
  const bad = nameProblem(name);
  if (bad) return { error: t.fork.badName(name, er()?.nameProblem(bad) ?? '…') };
  return { name };
}

/** Whether `turn` picks a user turn (1-based, or one past the last: every message) of `users`. */
const turnPicked = (turn: string, users: number) => /^\s*\d+\s*$/.test(turn) && Number(turn) >= 1 && Number(turn) <= users + 1;

type ForkState = { step: 'idle' } | { step: 'planning' } | { step: 'error'; error: string } | { step: 'plan'; at: number; key: string; now: string; fork: SourceFork };

/** Turn picker, new key (validated as a file name), preview of what the fork holds. */
export function ForkEdit({ ctx }: { ctx: EditCtx }) {
  const { source, facts } = ctx;
  const { version } = source.stat;
  const users = facts.users;
  const [turn, setTurn] = useState(String(Math.max(1, users.length)));
  const [key, setKey] = useState(`${facts.key}-fork`);
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<ForkState>({ step: 'idle' });
  const chosen = users[Number(turn) - 1];
  const readChosen = useMemo(() => (chosen === undefined ? null : () => source.messages('recovered', chosen, chosen + 1).then((r) => (r.values[0] ? messagePreview(r.values[0], version) : ''))), [chosen, source]);
  const chosenText = useAnswer(readChosen).value ?? '';
  useEffect(() => {
    if (!touched) return setState({ step: 'idle' });
    const named = forkKeyProblem(key, facts.key, version);
    if ('error' in named) return setState({ step: 'error', error: named.error });
    if (!turnPicked(turn, users.length)) return setState({ step: 'error', error: pg().edit.fork.pickTurn(users.length + 1) });
    const at = Number(turn) - 1;
    const now = ctx.now();
    let live = true;
    setState({ step: 'planning' });
    const timer = setTimeout(() => {
      source.planFork(at, key, now).then(
        (fork) => live && setState({ step: 'plan', at, key, now, fork }),
        (e: unknown) => live && setState({ step: 'error', error: errorText(e) }),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [turn, key, touched, source]);
  const t = pg().edit.fork;
  const plan = useMemo((): Plan | { error: string } | null => {
    if (!users.length) return { error: t.noTurn };
    if (state.step === 'error') return { error: state.error };
    if (state.step !== 'plan') return null;
    const { at, fork } = state;
    return {
      summary: t.summary(fork.fileName, fork.messages, at + 1, fork.lastConsolidated),
      notes: fork.notCarried.length > 0 && <p class="sl-muted">{t.notCarried}{fork.notCarried.join(', ')}.</p>,
      action: ctx.adapter ? t.save : t.download,
      run: async () => {
        try {
          if (!ctx.adapter) {
            const blob = await source.forkBlob(at, state.key, state.now);
            if (!blob) return { ok: false, conflict: false, message: pg().largeEdit.needsWrite, changes: [] };
            downloadBlob(blob, fork.fileName);
            return { ok: true, message: t.downloaded(fork.fileName) };
          }
          const { path } = await source.writeFork(at, state.key, state.now);
          ctx.onForked(path);
          return { ok: true, message: t.wrote(path, !!ctx.adapter.fsyncs) };
        } catch (e) {
          return failure(e);
        }
      },
    };
  }, [state, users, pg()]);
  const turnNote = chosen !== undefined ? <>{t.turnIs(turn, chosen + 1)}“{iso(chosenText.slice(0, 80) || t.noText)}”</> : Number(turn) === users.length + 1 ? t.afterLast : '';
  return (
    <EditCard id="sl-ed-fork" title={t.title} plan={plan}>
      <label class="sl-field">
        <span>{t.turn(users.length + 1)}</span>
        <input type="number" min={1} max={users.length + 1} step={1} value={turn} onInput={(e) => { setTurn((e.currentTarget as HTMLInputElement).value); setTouched(true); }} />
        <small class="sl-muted">{turnNote}</small>
      </label>
      <label class="sl-field">
        <span>{t.key}</span>
        <input type="text" value={key} onInput={(e) => { setKey((e.currentTarget as HTMLInputElement).value); setTouched(true); }} />
        <small class="sl-muted">{t.file}{sessionFileNameOrNull(key, version) ?? '—'}</small>
      </label>
      {/* after the fields it reads (the preview it opens takes focus as this button goes: EditCard) */}
      {!touched && users.length > 0 && <button type="button" onClick={() => setTouched(true)}>{t.preview}</button>}
      {state.step === 'planning' && <p class="sl-muted" aria-busy="true">{pg().largeEdit.planning}</p>}
    </EditCard>
  );
}
