/** Forks the session before a chosen user turn into a new file (nanobot's fork_session_before_user_index). */
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { formatSession, encodeSession } from '../../../core/edit/format';
import { forkFromFile } from '../../../core/edit/fork';
import { rulesOf, type NanobotVersion } from '../../../core/nanobot/nanobot-version';
import { messagePreview } from '../../../core/listing/preview';
import { dictGet, dictKeys, isDict } from '../../../core/python/pyvalue';
import { nameProblem } from '../../../store/adapter/names';
import { fileForKey, writeFork } from '../../../store/save/sessions';
import { er, pg } from '../../i18n/text';
import { failure, download } from './apply';
import type { EditCtx } from './context';
import { EditCard, type Plan } from './EditCard';
import { iso } from '../../parts/iso';

/**
 * The fork card where the version has nanobot's fork, else the card saying why there is none (its
 * `fork` row: 0.2.0 and 0.2.1 have no fork_session_before_user_index): the same choice at every size.
 */
export function ForkOrWhyNot({ version, children }: { version: NanobotVersion; children: ComponentChildren }) {
  const rules = rulesOf(version);
  if (rules.fork) return <>{children}</>;
  return <EditCard id="sl-ed-fork" title={pg().edit.fork.title} plan={{ error: pg().edit.fork.noFork(rules.label) }} />;
}

/** Why a new key cannot be the fork's (its words), else null and the file it names. */
export function forkKeyProblem(key: string, ownKey: string, version: NanobotVersion): { error: string } | { name: string } {
  const t = pg().edit;
  if (!key.trim()) return { error: t.fork.needKey };
  if (key === ownKey) return { error: t.fork.ownKey };
  let name: string;
  try {
    name = fileForKey(key, version);
  } catch (e) {
    return { error: t.fork.keyCannot(e instanceof Error ? e.message : String(e)) };
  }
  const bad = nameProblem(name);
  if (bad) return { error: t.fork.badName(name, er()?.nameProblem(bad) ?? '…') };
  return { name };
}

/** Whether `turn` picks a user turn (1-based, or one past the last: every message) of `users`. */
export const turnPicked = (turn: string, users: number) => /^\s*\d+\s*$/.test(turn) && Number(turn) >= 1 && Number(turn) <= users + 1;

/** Turn picker and new key, the same fields at every size; `turnNote`: what the chosen turn is. */
export function ForkFields(p: { turn: string; setTurn: (t: string) => void; keyText: string; setKey: (k: string) => void; users: number; version: NanobotVersion; turnNote: ComponentChildren; touched: boolean; touch: () => void }) {
  const t = pg().edit.fork;
  return (
    <>
      <label class="sl-field">
        <span>{t.turn(p.users + 1)}</span>
        <input type="number" min={1} max={p.users + 1} step={1} value={p.turn} onInput={(e) => { p.setTurn((e.currentTarget as HTMLInputElement).value); p.touch(); }} />
        <small class="sl-muted">{p.turnNote}</small>
      </label>
      <label class="sl-field">
        <span>{t.key}</span>
        <input type="text" value={p.keyText} onInput={(e) => { p.setKey((e.currentTarget as HTMLInputElement).value); p.touch(); }} />
        <small class="sl-muted">{t.file}{(() => { try { return fileForKey(p.keyText, p.version); } catch { return '—'; } })()}</small>
      </label>
      {/* after the fields it reads (the preview it opens takes focus as this button goes: EditCard) */}
      {!p.touched && p.users > 0 && <button type="button" onClick={p.touch}>{t.preview}</button>}
    </>
  );
}

/** Turn picker, new key (validated as a file name), preview of what the fork holds. */
export function ForkEdit({ ctx }: { ctx: EditCtx }) {
  const src = ctx.opened.nanobot.result ?? ctx.opened.recovered;
  const users = useMemo(() => src.messages.flatMap((m, i) => (Object.prototype.hasOwnProperty.call(m, 'role') && dictGet(m, 'role') === 'user' ? [i] : [])), [src]);
  const [turn, setTurn] = useState(String(Math.max(1, users.length)));
  const [key, setKey] = useState(`${ctx.opened.key}-fork`);
  const [touched, setTouched] = useState(false);
  const plan = useMemo((): Plan | { error: string } | null => {
    const t = pg().edit;
    if (!touched) return null;
    const named = forkKeyProblem(key, ctx.opened.key, ctx.opened.version);
    if ('error' in named) return named;
    const name = named.name;
    if (!turnPicked(turn, users.length)) return { error: t.fork.pickTurn(users.length + 1) };
    const i = Number(turn) - 1;
    const now = ctx.now();
    const fork = forkFromFile(ctx.opened.bytes, ctx.opened.key, ctx.opened.nanobot, ctx.opened.recovered, key, i, now, ctx.opened.version);
    if (fork === null) return { error: t.fork.noSuchTurn };
    if ('error' in fork) return { error: t.wouldRaise(`${fork.error.type}: ${fork.error.message}`) };
    const dropped = isDict(src.metadata) ? dictKeys(src.metadata).filter((k) => rulesOf(ctx.opened.version).forkDroppedKeys.includes(k)) : [];
    return {
      summary: t.fork.summary(name, fork.messages.length, i + 1, fork.lastConsolidated),
      notes: dropped.length > 0 && <p class="sl-muted">{t.fork.notCarried}{dropped.join(', ')}.</p>,
      action: ctx.adapter ? t.fork.save : t.fork.download,
      run: async () => {
        if (!ctx.adapter) {
          const enc = encodeSession(formatSession(fork));
          if (!enc.ok) return { ok: false, conflict: false, message: enc.error.message, changes: [] };
          download(enc.bytes, name);
          return { ok: true, message: t.fork.downloaded(name) };
        }
        try {
          const { path } = await writeFork(ctx.adapter, ctx.opened, i, key, ctx.now());
          ctx.onForked(path);
          return { ok: true, message: t.fork.wrote(path, !!ctx.adapter.fsyncs) };
        } catch (e) {
          return failure(e);
        }
      },
    };
  }, [turn, key, touched, ctx.opened, pg()]);
  const chosen = users[Number(turn) - 1];
  const t = pg().edit.fork;
  const turnNote = chosen !== undefined
    ? <>{t.turnIs(turn, chosen + 1)}“{iso(messagePreview(src.messages[chosen]!, ctx.opened.version).slice(0, 80) || t.noText)}”</>
    : Number(turn) === users.length + 1 ? t.afterLast : '';
  return (
    <EditCard id="sl-ed-fork" title={t.title} plan={users.length ? plan : { error: t.noTurn }}>
      <ForkFields turn={turn} setTurn={setTurn} keyText={key} setKey={setKey} users={users.length} version={ctx.opened.version} turnNote={turnNote} touched={touched} touch={() => setTouched(true)} />
    </EditCard>
  );
}
