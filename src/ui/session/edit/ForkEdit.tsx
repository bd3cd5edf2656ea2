/** Forks the session before a chosen user turn into a new file (nanobot's fork_session_before_user_index). */
import { useMemo, useState } from 'preact/hooks';
import { formatSession, encodeSession } from '../../../core/format';
import { forkBeforeUserIndex } from '../../../core/fork';
import { rulesOf } from '../../../core/nanobot-version';
import { messagePreview } from '../../../core/preview';
import { dictGet, dictKeys, isDict } from '../../../core/pyvalue';
import { checkName } from '../../../store/names';
import { fileForKey, writeFork } from '../../../store/sessions';
import { count, plural } from '../text';
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
    if (!touched) return null;
    if (!key.trim()) return { error: 'Enter a key for the new session.' };
    if (key === ctx.opened.key) return { error: 'The fork needs a key of its own.' };
    let name: string;
    try {
      name = fileForKey(key, ctx.opened.version);
    } catch (e) {
      return { error: `This key cannot name a file: ${e instanceof Error ? e.message : String(e)}` };
    }
    const bad = checkName(name);
    if (bad) return { error: `The key makes the file name “${name}”, which ${bad}.` };
    if (!/^\s*\d+\s*$/.test(turn) || Number(turn) < 1 || Number(turn) > users.length + 1) return { error: `Pick a user turn from 1 to ${users.length + 1}.` };
    const i = Number(turn) - 1;
    const now = ctx.now();
    const fork = forkBeforeUserIndex(src, key, i, now, ctx.opened.version);
    if (fork === null) return { error: 'There is no such user turn.' };
    if ('error' in fork) return { error: `nanobot would raise ${fork.error.type}: ${fork.error.message}` };
    const dropped = isDict(src.metadata) ? dictKeys(src.metadata).filter((k) => rulesOf(ctx.opened.version).forkDroppedKeys.includes(k)) : [];
    return {
      summary: `Writes ${name} with the ${plural(fork.messages.length, 'message')} before user turn ${i + 1} (last_consolidated ${fork.lastConsolidated}). The source file is not changed.`,
      notes: dropped.length > 0 && <p class="sl-muted">Not carried over (they belong to the source thread): {dropped.join(', ')}.</p>,
      action: ctx.adapter ? 'Write fork' : 'Download fork',
      run: async () => {
        if (!ctx.adapter) {
          const enc = encodeSession(formatSession(fork));
          if (!enc.ok) return { ok: false, conflict: false, message: enc.error.message, changes: [] };
          download(enc.bytes, name);
          return { ok: true, message: `Downloaded ${name}. Put it in the sessions folder to use it.` };
        }
        try {
          const { path } = await writeFork(ctx.adapter, ctx.opened, i, key, ctx.now());
          ctx.onForked(path);
          const durable = ctx.adapter.fsyncs ? ' (saved with fsync, like nanobot’s forks)' : ' (a web page cannot fsync: the system writes it to the disk in its own time, as after any save from a browser)';
          return { ok: true, message: `Wrote ${path}${durable}.` };
        } catch (e) {
          return failure(e);
        }
      },
    };
  }, [turn, key, touched, ctx.opened]);
  const chosen = users[Number(turn) - 1];
  return (
    <EditCard id="sl-ed-fork" title="Fork before a user turn" plan={users.length ? plan : { error: 'This session has no user turn to fork before.' }}>
      {!touched && users.length > 0 && <button type="button" onClick={() => setTouched(true)}>Preview fork</button>}
      <label class="sl-field">
        <span>Fork before user turn (1 to {users.length + 1})</span>
        <input type="number" min={1} max={users.length + 1} step={1} value={turn} onInput={(e) => { setTurn((e.currentTarget as HTMLInputElement).value); setTouched(true); }} />
        <small class="sl-muted">
          {chosen !== undefined
            ? <>turn {turn} is message #{count(chosen + 1)}: “{iso(messagePreview(src.messages[chosen]!, ctx.opened.version).slice(0, 80) || '(no text)')}”</>
            : Number(turn) === users.length + 1 ? 'after the last turn: copies every message' : ''}
        </small>
      </label>
      <label class="sl-field">
        <span>New session key</span>
        <input type="text" value={key} onInput={(e) => { setKey((e.currentTarget as HTMLInputElement).value); setTouched(true); }} />
        <small class="sl-muted">File: {(() => { try { return fileForKey(key, ctx.opened.version); } catch { return '—'; } })()}</small>
      </label>
    </EditCard>
  );
}
