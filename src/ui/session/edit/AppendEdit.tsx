/** Adds a message at the end, as nanobot's add_message does (role, content, timestamp; updated_at set). */
import { useMemo, useState } from 'preact/hooks';
import { pg } from '../../i18n/text';
import { previewOf, usePlanned, type EditCtx } from './context';
import { EditCard, Planning } from './EditCard';

const ROLES = ['user', 'assistant', 'system'];

/** Role + content form; the preview shows the exact line that will be written. */
export function AppendEdit({ ctx }: { ctx: EditCtx }) {
  const [role, setRole] = useState('user');
  const [content, setContent] = useState('');
  const state = usePlanned(ctx, content ? { kind: 'append', role, content } : null);
  const t = pg().edit.append;
  const plan = useMemo(() => previewOf(ctx, state, t), [state, pg()]);
  return (
    <EditCard id="sl-ed-add" title={t.title} plan={plan} onReload={ctx.onReload}>
      <label class="sl-field">
        <span>{t.role}</span>
        <select value={role} onChange={(e) => setRole((e.currentTarget as HTMLSelectElement).value)}>
          {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </label>
      <label class="sl-field">
        <span>{t.content}</span>
        <textarea rows={3} value={content} onInput={(e) => setContent((e.currentTarget as HTMLTextAreaElement).value)} />
      </label>
      <Planning state={state} />
    </EditCard>
  );
}
