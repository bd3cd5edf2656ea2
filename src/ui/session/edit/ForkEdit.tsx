/** Forks the session before a chosen user turn into a new file (nanobot's fork_session_before_user_index). */
import { useMemo, useState } from 'preact/hooks';
import { formatSession, encodeSession } from '../../../core/edit/format';
import { forkFromFile } from '../../../core/edit/fork';
import { rulesOf } from '../../../core/nanobot/nanobot-version';
import { messagePreview } from '../../../core/listing/preview';
import { dictGet, dictKeys, isDict } from '../../../core/python/pyvalue';
import { nameProblem } from '../../../store/adapter/names';
import { fileForKey, writeFork } from '../../../store/save/sessions';
import { er, pg } from '../../i18n/text';
import { failure, download } from './apply';
import type { EditCtx } from './context';
import { EditCard, type Plan } from './EditCard';
import { iso } from '../../iso';

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
    if (!key.trim()) return { error: t.fork.needKey };
    if (key === ctx.opened.key) return { error: t.fork.ownKey };
    let name: string;
    try {
      name = fileForKey(key, ctx.opened.version);
    } catch (e) {
      return { error: t.fork.keyCannot(e instanceof Error ? e.message : String(e)) };
    }
    const bad = nameProblem(name);
    if (bad) return { error: t.fork.badName(name, er()?.nameProblem(bad) ?? '…') };
    if (!/^\s*\d+\s*$/.test(turn) || Number(turn) < 1 || Number(turn) > users.length + 1) return { error: t.fork.pickTurn(users.length + 1) };
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
  return (
    <EditCard id="sl-ed-fork" title={t.title} plan={users.length ? plan : { error: t.noTurn }}>
      <label class="sl-field">
        <span>{t.turn(users.length + 1)}</span>
        <input type="number" min={1} max={users.length + 1} step={1} value={turn} onInput={(e) => { setTurn((e.currentTarget as HTMLInputElement).value); setTouched(true); }} />
        <small class="sl-muted">
          {chosen !== undefined
            ? <>{t.turnIs(turn, chosen + 1)}“{iso(messagePreview(src.messages[chosen]!, ctx.opened.version).slice(0, 80) || t.noText)}”</>
            : Number(turn) === users.length + 1 ? t.afterLast : ''}
        </small>
      </label>
      <label class="sl-field">
        <span>{t.key}</span>
        <input type="text" value={key} onInput={(e) => { setKey((e.currentTarget as HTMLInputElement).value); setTouched(true); }} />
        <small class="sl-muted">{t.file}{(() => { try { return fileForKey(key, ctx.opened.version); } catch { return '—'; } })()}</small>
      </label>
      {/* after the fields it reads (the preview it opens takes focus as this button goes: EditCard) */}
      {!touched && users.length > 0 && <button type="button" onClick={() => setTouched(true)}>{t.preview}</button>}
    </EditCard>
  );
}
